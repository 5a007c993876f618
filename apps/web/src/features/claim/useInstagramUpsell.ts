// Decides, after a save on a create page, whether the Instagram upsell replaces the success view
// (saving.md §2.8; docs/decisions/129): §2.8's conditions first (instagramUpsell.ts: signed in,
// saved from the photo site, not connected, the listed website is that site, the
// web_instagram_upsell flag, the viewer's own context); when they all hold, the experience
// platform has the last word (placement instagram_upsell, one view per person), which is what
// keeps it "shown once" across reloads and devices. The answer is latched once decided, so
// recording the view (which makes the platform stop serving it) does not take the modal away.
import { PLACEMENT_IDS } from '@corkboard/shared/experiences/experiences';
import { CONTROL_GROUP } from '@corkboard/shared/experiments/experiments';
import { useState } from 'react';
import { useExperimentExposure, useExperiments } from '../auth/hooks.ts';
import { useActiveProfile } from '../business/activeProfile.ts';
import { useExperiences } from '../experiences/hooks.ts';
import { useViewer } from '../session/hooks.ts';
import { useUserSettings } from './hooks.ts';
import {
  INSTAGRAM_UPSELL_EXPERIMENT,
  instagramUpsellAllowed,
  type InstagramUpsellFacts,
} from './instagramUpsell.ts';

export const INSTAGRAM_UPSELL_PLACEMENTS = [PLACEMENT_IDS.instagram_upsell];
export const INSTAGRAM_UPSELL_PAGE = 'pin_create';

export type InstagramUpsellDecision =
  | { readonly kind: 'pending' }
  | { readonly kind: 'skip' }
  | { readonly kind: 'show'; readonly placedId: string };

const PENDING: InstagramUpsellDecision = { kind: 'pending' };
const SKIP: InstagramUpsellDecision = { kind: 'skip' };

export function useInstagramUpsellDecision(
  targetUrl: string | null | undefined,
): InstagramUpsellDecision {
  const viewer = useViewer();
  const signedIn = Boolean(viewer.data);
  const experiments = useExperiments();
  const group = (experiments.data?.groups as Partial<Record<string, string>> | undefined)?.[
    INSTAGRAM_UPSELL_EXPERIMENT
  ];
  const flagOn = group !== undefined && group !== CONTROL_GROUP;
  const active = useActiveProfile(viewer.data?.id ?? '');
  const settings = useUserSettings(signedIn);

  const facts: InstagramUpsellFacts = {
    signedIn,
    targetUrl,
    connectedToInstagram: settings.data?.connected_to_instagram ?? true,
    listedWebsiteUrl: settings.data?.listed_website_url ?? null,
    siteDomains: settings.data?.instagram_site_domains ?? [],
    flagOn,
    ownContext: active.profileId === null,
  };
  const rulesAllow = settings.isSuccess && experiments.isSuccess && instagramUpsellAllowed(facts);
  const platform = useExperiences(INSTAGRAM_UPSELL_PLACEMENTS, INSTAGRAM_UPSELL_PAGE, rulesAllow);
  const served =
    platform.data?.experiences[String(PLACEMENT_IDS.instagram_upsell)]?.placed_experience_id ??
    null;
  // Exposed only when the flag is what decides (every other condition holds).
  useExperimentExposure(
    INSTAGRAM_UPSELL_EXPERIMENT,
    settings.isSuccess &&
      experiments.isSuccess &&
      instagramUpsellAllowed({ ...facts, flagOn: true }),
  );

  let decision: InstagramUpsellDecision;
  if (viewer.isPending) decision = PENDING;
  else if (!signedIn) decision = SKIP;
  else if (experiments.isPending) decision = PENDING;
  else if (experiments.isError || !flagOn || !facts.ownContext) decision = SKIP;
  else if (settings.isPending) decision = PENDING;
  else if (settings.isError || !rulesAllow) decision = SKIP;
  else if (platform.isPending) decision = PENDING;
  else decision = served === null ? SKIP : { kind: 'show', placedId: served };

  const [latched, setLatched] = useState<InstagramUpsellDecision | null>(null);
  if (latched === null && decision.kind !== 'pending') setLatched(decision);
  return latched ?? decision;
}
