// UserFollowResource (saving.md §7 "UserFollowResource create/delete (user_id, invite_code,
// aux_data pin_id, client_tracking_params)"), through the resource router:
//   POST /resource/UserFollowResource/create/ { options: { user_id, aux_data?: { pin_id? } } }
//                                                                   → data: UserFollowData
//   POST /resource/UserFollowResource/delete/ { options: { user_id } } → data: UserFollowData
// Writes: CSRF-checked by the router and inside the app's per-IP request budget like every
// other resource write.
import type { FastifyPluginCallback } from 'fastify';
import type { SavingRoutesOptions } from '../../core/app-deps.ts';
import { setUserFollow } from './follows.service.ts';

export const userFollowRoutes: FastifyPluginCallback<SavingRoutesOptions> = (
  app,
  { deps },
  done,
) => {
  app.resources.register('UserFollowResource', {
    create: async ({ request, options }) => ({
      data: await setUserFollow(deps, request.viewer, options, true),
    }),
    delete: async ({ request, options }) => ({
      data: await setUserFollow(deps, request.viewer, options, false),
    }),
  });
  done();
};
