// The business side's accounts and access (business.md §2.2, §2.5, §3, §7; docs/decisions/100):
//   GET    /vx/business_access/profiles/                          → data: BusinessAccessProfile[]
//   POST   /v3/business/create/        BusinessDetails            → data: BusinessCreated (linked)
//   POST   /v3/business/convert/       BusinessDetails            → data: BusinessCreated (own)
//   GET    /v3/business/profiles/{id}/members/                    → data: { members, invites }
//   POST   /v3/business/profiles/{id}/invites/  { email, permissions } → data: BusinessInvite
//   DELETE /v3/business/profiles/{id}/invites/{inviteId}/
//   PUT    /v3/business/profiles/{id}/members/{userId}/  { permissions }
//   DELETE /v3/business/profiles/{id}/members/{userId}/
//   GET    /v3/business_invites/?token=                           → data: BusinessInvitePreview
//   POST   /v3/business_invites/accept/  { token }                → data: BusinessInviteOutcome
//   GET    /v3/ads/advertisers/{advertiserId}/                    → data: AdvertiserContext
import { z } from 'zod';
import {
  businessDetailsSchema,
  businessInviteBodySchema,
} from '@corkboard/shared/business/accounts';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import {
  acceptInvite,
  accessProfiles,
  advertiserContext,
  changeMember,
  convertToBusiness,
  createBusiness,
  inviteMember,
  members,
  previewInvite,
  revokeMemberInvite,
} from './business.service.ts';
import {
  accessProfileSchema,
  advertiserContextSchema,
  advertiserParamsSchema,
  businessCreatedSchema,
  businessDetailsErrors,
  businessInviteSchema,
  businessMemberSchema,
  inviteErrors,
  inviteOutcomeSchema,
  inviteParamsSchema,
  invitePreviewSchema,
  inviteTokenSchema,
  memberParamsSchema,
  memberPermissionsBodySchema,
  profileParamsSchema,
} from './business.schemas.ts';
import { defineBusinessInviteMailJob } from './business-invite-mail.jobs.ts';

const tags = ['business'];
const done = z.object({ ok: z.literal(true) });

export const businessRoutes: ModuleRoutes = (app, { deps }, pluginDone) => {
  // Invitation mail is a durable job (decision 143).
  defineBusinessInviteMailJob(deps);
  registerRoute(app, {
    method: 'GET',
    url: '/vx/business_access/profiles/',
    summary: 'The business profiles the viewer may use (business.md §3, §7)',
    tags,
    access: 'viewer',
    response: z.array(accessProfileSchema),
    handler: async ({ viewer }) => ({ data: await accessProfiles(deps, viewer) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/business/create/',
    summary: 'Creates a business profile linked to the viewer (OWNER) with its first ad account',
    tags,
    access: 'viewer',
    body: businessDetailsSchema,
    inputErrors: businessDetailsErrors,
    response: businessCreatedSchema,
    handler: async ({ viewer, body }) => ({ data: await createBusiness(deps, viewer, body) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/business/convert/',
    summary: "Turns the viewer's account into a business account (keeps pins, boards, followers)",
    tags,
    access: 'viewer',
    body: businessDetailsSchema,
    inputErrors: businessDetailsErrors,
    response: businessCreatedSchema,
    handler: async ({ viewer, body }) => ({ data: await convertToBusiness(deps, viewer, body) }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/business/profiles/:profileId/members/',
    summary: "A business's members and pending invitations (manage_members)",
    tags,
    access: 'viewer',
    params: profileParamsSchema,
    response: z.object({
      members: z.array(businessMemberSchema),
      invites: z.array(businessInviteSchema),
    }),
    handler: async ({ viewer, params }) => ({
      data: await members(deps, viewer, params.profileId),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/business/profiles/:profileId/invites/',
    summary: 'Invites someone by e-mail with permissions (manage_members)',
    tags,
    access: 'viewer',
    params: profileParamsSchema,
    body: businessInviteBodySchema,
    inputErrors: inviteErrors,
    response: businessInviteSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await inviteMember(deps, viewer, params.profileId, body),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/business/profiles/:profileId/invites/:inviteId/',
    summary: 'Withdraws a pending invitation (manage_members)',
    tags,
    access: 'viewer',
    params: inviteParamsSchema,
    response: done,
    handler: async ({ viewer, params }) => {
      await revokeMemberInvite(deps, viewer, params.profileId, params.inviteId);
      return { data: { ok: true as const } };
    },
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/business/profiles/:profileId/members/:userId/',
    summary: "Changes a member's permissions (manage_members)",
    tags,
    access: 'viewer',
    params: memberParamsSchema,
    body: memberPermissionsBodySchema,
    inputErrors: inviteErrors,
    response: done,
    handler: async ({ viewer, params, body }) => {
      await changeMember(deps, viewer, params.profileId, params.userId, body.permissions);
      return { data: { ok: true as const } };
    },
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/business/profiles/:profileId/members/:userId/',
    summary: 'Removes a member (manage_members)',
    tags,
    access: 'viewer',
    params: memberParamsSchema,
    response: done,
    handler: async ({ viewer, params }) => {
      await changeMember(deps, viewer, params.profileId, params.userId, null);
      return { data: { ok: true as const } };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/business_invites/',
    summary: 'What a business invitation link is about (visitors too)',
    tags,
    access: 'anyone',
    query: z.object({ token: inviteTokenSchema }),
    response: invitePreviewSchema,
    handler: async ({ query }) => ({ data: await previewInvite(deps, query.token) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/business_invites/accept/',
    summary: 'Accepts a business invitation link (like board invitations)',
    tags,
    access: 'viewer',
    body: z.object({ token: inviteTokenSchema }),
    response: inviteOutcomeSchema,
    handler: async ({ viewer, body }) => ({ data: await acceptInvite(deps, viewer, body.token) }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/ads/advertisers/:advertiserId/',
    summary: "An ad account as the console shows it, with the viewer's permissions",
    tags,
    access: 'viewer',
    params: advertiserParamsSchema,
    response: advertiserContextSchema,
    handler: async ({ viewer, params }) => ({
      data: await advertiserContext(deps, viewer, params.advertiserId),
    }),
  });
  pluginDone();
};
