// Decides, after a save on a create page, whether the extension upsell replaces the success
// view (saving.md §2.8, §4 "decided after a 500 ms wait for the extension check", §9;
// docs/decisions/062): supported browser, the web_extension_upsell flag on, the nag limits
// allow, and the check found no extension. Every save through the page counts toward the nag
// limits once (unless the extension is there). When all of that says yes, the experience
// platform has the last word (docs/decisions/083): the upsell shows only if its placement
// (extension_upsell) serves an experience to the person (not dismissed, live, within caps).
import { PLACEMENT_IDS } from '@corkboard/shared/experiences/experiences';
import { CONTROL_GROUP } from '@corkboard/shared/experiments/experiments';
import { useEffect, useRef, useState } from 'react';
import { useExperimentExposure, useExperiments } from '../auth/hooks.ts';
import { useExperiences } from '../experiences/hooks.ts';
import { useExtensionPresence } from './hooks.ts';
import { afterSave, extensionSupported, nagAllows, readNagState, writeNagState } from './nag.ts';

export const EXTENSION_UPSELL_EXPERIMENT = 'web_extension_upsell';

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export type UpsellDecision = 'pending' | 'show' | 'skip';

/** The upsell's placement, and the page context it is asked with. */
export const EXTENSION_UPSELL_PLACEMENTS = [PLACEMENT_IDS.extension_upsell];
export const EXTENSION_UPSELL_PAGE = 'pin_create';

export function useExtensionUpsellDecision(): UpsellDecision {
  const experiments = useExperiments();
  const [candidate] = useState(() => {
    // extensionSupported refuses mobile devices as the create page's device flag does.
    return extensionSupported(navigator) && nagAllows(readNagState(localStore()), Date.now());
  });
  // Absent from an older server's answer: off.
  const group = (experiments.data?.groups as Partial<Record<string, string>> | undefined)?.[
    EXTENSION_UPSELL_EXPERIMENT
  ];
  const flagOn = group !== undefined && group !== CONTROL_GROUP;
  const presence = useExtensionPresence();
  const recorded = useRef(false);

  const rulesAllow = candidate && flagOn && presence !== null && !presence.installed;
  const platform = useExperiences(EXTENSION_UPSELL_PLACEMENTS, EXTENSION_UPSELL_PAGE, rulesAllow);
  const served = platform.data?.experiences[String(PLACEMENT_IDS.extension_upsell)] ?? null;

  let decision: UpsellDecision;
  if (!candidate || experiments.isError) decision = 'skip';
  else if (experiments.isPending || presence === null) decision = 'pending';
  else if (!rulesAllow) decision = 'skip';
  else if (platform.isPending) decision = 'pending';
  else decision = served ? 'show' : 'skip';
  // Exposed only when the flag is what decides (a supported browser without the extension).
  useExperimentExposure(
    EXTENSION_UPSELL_EXPERIMENT,
    candidate && experiments.isSuccess && presence !== null && !presence.installed,
  );

  useEffect(() => {
    if (recorded.current || presence === null || decision === 'pending') return;
    recorded.current = true;
    if (presence.installed) return;
    const store = localStore();
    writeNagState(store, afterSave(readNagState(store), decision === 'show', Date.now()));
  }, [decision, presence]);
  return decision;
}
