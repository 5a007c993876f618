// UserFollowResource (saving.md §7 "UserFollowResource create/delete (user_id, invite_code,
// aux_data pin_id, client_tracking_params)"), signed in only:
//   POST /resource/UserFollowResource/create/ { options: { user_id, aux_data?: { pin_id? } } }
//                                                                   → data: UserFollowData
//   POST /resource/UserFollowResource/delete/ { options: { user_id } } → data: UserFollowData
//   PUT    /v3/boards/{id}/follow/                     → data: BoardFollowData (ADR 050)
//   DELETE /v3/boards/{id}/follow/                     → data: BoardFollowData
//   PUT    /v3/users/follow/ { followee_ids: "1,2,3" } → data: BulkFollowResult
// Writes: CSRF-checked and inside the app's per-IP request budget like every other write.
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { idSchema } from '../../core/schemas.ts';
import { setBoardFollow } from './board-follows.service.ts';
import {
  boardFollowDataSchema,
  bulkFollowBodySchema,
  bulkFollowInputErrors,
  bulkFollowResultSchema,
  userFollowDataSchema,
  userFollowOptionsSchema,
} from './follows.schemas.ts';
import { bulkFollowUsers, setUserFollow } from './follows.service.ts';

export const followRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerResource(app, 'UserFollowResource', {
    create: resourceVerb({
      access: 'viewer',
      summary: 'Follows a person (idempotent)',
      options: userFollowOptionsSchema,
      response: userFollowDataSchema,
      handler: async ({ viewer, options }) => ({
        data: await setUserFollow(deps, viewer, options, true),
      }),
    }),
    delete: resourceVerb({
      access: 'viewer',
      summary: 'Unfollows a person (idempotent)',
      options: userFollowOptionsSchema,
      response: userFollowDataSchema,
      handler: async ({ viewer, options }) => ({
        data: await setUserFollow(deps, viewer, options, false),
      }),
    }),
  });

  for (const [method, follow] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    registerRoute(app, {
      method,
      url: '/v3/boards/:id/follow/',
      summary: follow ? 'Follows a board (idempotent)' : 'Unfollows a board (idempotent)',
      tags: ['follows'],
      access: 'viewer',
      params: z.object({ id: idSchema }),
      response: boardFollowDataSchema,
      handler: async ({ viewer, params }) => ({
        data: await setBoardFollow(deps, viewer, params.id, follow),
      }),
    });
  }

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/users/follow/',
    summary: 'Follows several people at once (all or nothing)',
    tags: ['follows'],
    access: 'viewer',
    body: bulkFollowBodySchema,
    inputErrors: bulkFollowInputErrors,
    response: bulkFollowResultSchema,
    handler: async ({ viewer, body }) => ({
      data: await bulkFollowUsers(deps, viewer, body.followee_ids),
    }),
  });
  done();
};
