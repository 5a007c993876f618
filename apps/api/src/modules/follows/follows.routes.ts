// UserFollowResource (saving.md §7 "UserFollowResource create/delete (user_id, invite_code,
// aux_data pin_id, client_tracking_params)"), signed in only:
//   POST /resource/UserFollowResource/create/ { options: { user_id, aux_data?: { pin_id? } } }
//                                                                   → data: UserFollowData
//   POST /resource/UserFollowResource/delete/ { options: { user_id } } → data: UserFollowData
// Writes: CSRF-checked and inside the app's per-IP request budget like every other write.
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { userFollowDataSchema, userFollowOptionsSchema } from './follows.schemas.ts';
import { setUserFollow } from './follows.service.ts';

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
  done();
};
