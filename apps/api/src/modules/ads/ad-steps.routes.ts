// The quick-promote steps, earned events and audience exclusions (issue 11; docs/decisions/
// 181–185):
//   GET  /v3/ads/advertisers/{advertiserId}/terms/                → data: AdTermsStatus
//   POST /v3/ads/advertisers/{advertiserId}/terms/ { version }    → data: AdTermsStatus (GDPR step)
//   GET  /v3/ads/advertisers/{advertiserId}/promotable_pins/?bookmark= → data: PromotablePinItem[]
//   GET  /v3/ads/advertisers/{advertiserId}/conversion_tags/?bookmark= → data: ConversionTag[]
//   POST /v3/ads/advertisers/{advertiserId}/conversion_tags/ { name }  → data: ConversionTag
//   GET  /v3/ads/advertisers/{advertiserId}/audiences/?bookmark=  → data: AdAudience[]
//   POST /v3/ads/advertisers/{advertiserId}/audiences/            → data: AdAudience
//   DELETE /v3/ads/advertisers/{advertiserId}/audiences/{audienceId}/
//   PUT  /v3/ads/advertisers/{advertiserId}/ad_groups/{adGroupId}/audience_exclusions/
//                                         { AUDIENCE_EXCLUDE } → data: AudienceExclusions
//   POST /v3/ads/events/earned/ { tracking_params, pin_id, event? }  → data: { counted }
//                                         (earned impression or closeup; docs/decisions/191)
// and the repin hook that records paid and earned saves.
import {
  AUDIENCE_TYPES,
  audienceCreateSchema,
  audienceExclusionsSchema,
} from '@corkboard/shared/business/audiences';
import { CONVERSION_TAG_NAME_MAX_LENGTH } from '@corkboard/shared/business/promotable-pins';
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { idSchema, pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { advertiserParamsSchema } from '../../core/schemas.ts';
import { onPinRepinned } from '../pins/pin-create.service.ts';
import {
  acceptAdTerms,
  adTermsStatus,
  conversionTags,
  createConversionTag,
  promotablePins,
} from './ad-steps.service.ts';
import { audiences, createAudience, removeAudience, setExclusions } from './audiences.service.ts';
import {
  AD_EVENT_RATE_LIMIT_MAX,
  EARNED_BEACON_KINDS,
  recordAdSave,
  recordEarnedEvent,
} from './delivery.service.ts';

const tags = ['ads'];

/** Not in the spec: console writes of this file per client address per minute. */
export const AD_STEPS_WRITE_RATE_LIMIT_MAX = 30;

const termsStatusSchema = z.object({
  required: z.boolean(),
  accepted: z.boolean(),
  version: z.string(),
  accepted_at: z.string().nullable(),
});

const promotablePinSchema = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string(),
  image_url: z.string().nullable(),
  board_name: z.string(),
});

const conversionTagSchema = z.object({ id: z.string(), name: z.string(), created_at: z.string() });

const audienceSchema = z.object({
  id: z.string(),
  name: z.string(),
  audience_type: z.enum(AUDIENCE_TYPES),
  size: z.number().int(),
  created_at: z.string(),
});

const writeLimit = { max: AD_STEPS_WRITE_RATE_LIMIT_MAX, timeWindow: '1 minute' };

export const adStepsRoutes: ModuleRoutes = (app, { deps }, pluginDone) => {
  onPinRepinned(deps, (event) => recordAdSave(deps, event));

  registerRoute(app, {
    method: 'GET',
    url: '/v3/ads/advertisers/:advertiserId/terms/',
    summary:
      'Whether the ad account must accept the ad terms (GDPR step) and has (manage_campaigns)',
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    response: termsStatusSchema,
    handler: async ({ viewer, params }) => ({
      data: await adTermsStatus(deps, viewer, params.advertiserId),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/ads/advertisers/:advertiserId/terms/',
    summary:
      'Accepts the advertising and data-processing terms for the ad account (manage_campaigns)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: advertiserParamsSchema,
    body: z.object({ version: z.string().min(1).max(20), accept: z.literal(true) }),
    response: termsStatusSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await acceptAdTerms(deps, viewer, params.advertiserId, body.version),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/ads/advertisers/:advertiserId/promotable_pins/',
    summary: 'Pins the ad account may promote, newest first (manage_campaigns)',
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    query: pageQuerySchema,
    response: z.array(promotablePinSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await promotablePins(deps, viewer, params.advertiserId, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/ads/advertisers/:advertiserId/conversion_tags/',
    summary: "The ad account's conversion tags, newest first (manage_campaigns)",
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    query: pageQuerySchema,
    response: z.array(conversionTagSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await conversionTags(deps, viewer, params.advertiserId, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/ads/advertisers/:advertiserId/conversion_tags/',
    summary: 'Creates a conversion tag (manage_campaigns)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: advertiserParamsSchema,
    body: z.object({ name: z.string().trim().min(1).max(CONVERSION_TAG_NAME_MAX_LENGTH) }),
    response: conversionTagSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await createConversionTag(deps, viewer, params.advertiserId, body.name),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/ads/advertisers/:advertiserId/audiences/',
    summary: "The ad account's audiences, newest first (manage_audiences)",
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    query: pageQuerySchema,
    response: z.array(audienceSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await audiences(deps, viewer, params.advertiserId, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/ads/advertisers/:advertiserId/audiences/',
    summary: 'Creates a customer-list (hashed e-mails) or engagement audience (manage_audiences)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: advertiserParamsSchema,
    body: audienceCreateSchema,
    response: audienceSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await createAudience(deps, viewer, params.advertiserId, body),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/ads/advertisers/:advertiserId/audiences/:audienceId/',
    summary: 'Deletes an audience no ad group excludes (manage_audiences)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: z.object({ advertiserId: idSchema, audienceId: idSchema }),
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
    handler: async ({ viewer, params }) => ({
      data: await removeAudience(deps, viewer, params.advertiserId, params.audienceId),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/ads/advertisers/:advertiserId/ad_groups/:adGroupId/audience_exclusions/',
    summary: 'Sets the audiences an ad group is never shown to (manage_campaigns)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: z.object({ advertiserId: idSchema, adGroupId: idSchema }),
    body: audienceExclusionsSchema,
    response: z.object({ ad_group_id: z.string(), AUDIENCE_EXCLUDE: z.array(z.string()) }),
    handler: async ({ viewer, params, body }) => ({
      data: await setExclusions(
        deps,
        viewer,
        params.advertiserId,
        params.adGroupId,
        body.AUDIENCE_EXCLUDE,
      ),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/ads/events/earned/',
    summary:
      "Counts a running ad's pin (or a save of it) seen or opened organically: an earned impression or closeup",
    tags,
    access: 'viewer',
    rateLimit: { max: AD_EVENT_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    // `event` came with earned closeups (ADR 191); without it the beacon is an impression, as
    // ADR 184's web sends it.
    body: z.object({
      tracking_params: idSchema,
      pin_id: idSchema,
      event: z.enum(EARNED_BEACON_KINDS).default('IMPRESSION'),
    }),
    response: z.object({ counted: z.boolean() }),
    handler: async ({ viewer, body }) => ({
      data: await recordEarnedEvent(deps, viewer, body.tracking_params, body.pin_id, body.event),
    }),
  });

  pluginDone();
};
