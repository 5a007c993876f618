// The console's campaign editor (business.md §2.1 Ads; issue 11; docs/decisions/176–178, 192):
// a campaign with 1 to CAMPAIGN_MAX_AD_GROUPS ad groups, each with its ads.
// Writes need manage_campaigns, the editor read view_reporting (read-only for analysts):
//   POST   /v3/ads/advertisers/{id}/campaigns/                     EditorCampaignCreate → CampaignSaved
//   GET    /v3/ads/advertisers/{id}/campaigns/{campaignId}/editor/                      → EditableCampaign
//   PUT    /v3/ads/advertisers/{id}/campaigns/{campaignId}/        EditorCampaignUpdate → CampaignSaved
//   POST   /v3/ads/advertisers/{id}/campaigns/{campaignId}/duplicate/                   → AdDraftItem
//   GET    /v3/ads/advertisers/{id}/drafts/?bookmark=                                   → AdDraftItem[]
//   POST   /v3/ads/advertisers/{id}/drafts/                        { name, payload }    → AdDraftItem
//   GET | PUT | DELETE /v3/ads/advertisers/{id}/drafts/{draftId}/
import {
  adDraftBodySchema,
  editorCampaignCreateSchema,
  editorCampaignUpdateSchema,
} from '@corkboard/shared/business/ads-editor';
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import {
  adDraftSchema,
  campaignSavedSchema,
  draftDeletedSchema,
  draftParamsSchema,
  editableCampaignSchema,
  editorAdvertiserParamsSchema,
  editorCampaignParamsSchema,
  editorErrors,
} from './ads-editor.schemas.ts';
import {
  ADS_EDITOR_WRITE_RATE_LIMIT_MAX,
  createCampaign,
  createDraft,
  draft,
  drafts,
  duplicateCampaign,
  editableCampaign,
  removeDraft,
  saveDraft,
  updateCampaign,
} from './ads-editor.service.ts';

const tags = ['ads-editor'];
const base = '/v3/ads/advertisers/:advertiserId';
const writeLimit = { max: ADS_EDITOR_WRITE_RATE_LIMIT_MAX, timeWindow: '1 minute' };

export const adsEditorRoutes: ModuleRoutes = (app, { deps }, pluginDone) => {
  registerRoute(app, {
    method: 'POST',
    url: `${base}/campaigns/`,
    summary:
      'Creates a campaign with its ad groups and their ads, or publishes a draft (manage_campaigns)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: editorAdvertiserParamsSchema,
    body: editorCampaignCreateSchema,
    inputErrors: editorErrors,
    response: campaignSavedSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await createCampaign(deps, viewer, params.advertiserId, body),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/campaigns/:campaignId/editor/`,
    summary:
      'A campaign, its open ad groups and their ads as the editor loads them (view_reporting)',
    tags,
    access: 'viewer',
    params: editorCampaignParamsSchema,
    response: editableCampaignSchema,
    handler: async ({ viewer, params }) => ({
      data: await editableCampaign(deps, viewer, params.advertiserId, params.campaignId),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: `${base}/campaigns/:campaignId/`,
    summary: 'Edits a campaign and its ad groups and ads; removed groups are archived (ADR 192)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: editorCampaignParamsSchema,
    body: editorCampaignUpdateSchema,
    inputErrors: editorErrors,
    response: campaignSavedSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await updateCampaign(deps, viewer, params.advertiserId, params.campaignId, body),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/campaigns/:campaignId/duplicate/`,
    summary: 'Copies a campaign with its ad groups and ads into a new draft (manage_campaigns)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: editorCampaignParamsSchema,
    response: adDraftSchema,
    handler: async ({ viewer, params }) => ({
      data: await duplicateCampaign(deps, viewer, params.advertiserId, params.campaignId),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/drafts/`,
    summary: "An ad account's campaign drafts, newest first (manage_campaigns)",
    tags,
    access: 'viewer',
    params: editorAdvertiserParamsSchema,
    query: pageQuerySchema,
    response: z.array(adDraftSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await drafts(deps, viewer, params.advertiserId, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: `${base}/drafts/`,
    summary: 'Keeps the campaign form as a draft (manage_campaigns)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: editorAdvertiserParamsSchema,
    body: adDraftBodySchema,
    inputErrors: editorErrors,
    response: adDraftSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await createDraft(deps, viewer, params.advertiserId, body),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: `${base}/drafts/:draftId/`,
    summary: 'One campaign draft (manage_campaigns)',
    tags,
    access: 'viewer',
    params: draftParamsSchema,
    response: adDraftSchema,
    handler: async ({ viewer, params }) => ({
      data: await draft(deps, viewer, params.advertiserId, params.draftId),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: `${base}/drafts/:draftId/`,
    summary: 'Saves a campaign draft again (manage_campaigns)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: draftParamsSchema,
    body: adDraftBodySchema,
    inputErrors: editorErrors,
    response: adDraftSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await saveDraft(deps, viewer, params.advertiserId, params.draftId, body),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: `${base}/drafts/:draftId/`,
    summary: 'Deletes a campaign draft (manage_campaigns)',
    tags,
    access: 'viewer',
    rateLimit: writeLimit,
    params: draftParamsSchema,
    response: draftDeletedSchema,
    handler: async ({ viewer, params }) => ({
      data: await removeDraft(deps, viewer, params.advertiserId, params.draftId),
    }),
  });

  pluginDone();
};
