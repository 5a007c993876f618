// GET /v3/users/settings (saving.md §7 "reads connected_to_instagram, listed_website_url"),
// signed-in only → data: UserSettingsData. There is no Instagram connection in Corkboard, so
// connected_to_instagram is always false (the Instagram upsell rule reads it).
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AppError } from '@corkboard/shared/app-error';
import { success } from '@corkboard/shared/envelope';
import type { UserSettingsData } from '@corkboard/shared/saving/api';
import { requireViewer } from '../../core/board-access.ts';

export const userSettingsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/v3/users/settings', async (request) => {
    const viewer = requireViewer(request.viewer);
    const user = await app.db
      .selectFrom('users')
      .select('listed_website_url')
      .where('id', '=', viewer.id)
      .executeTakeFirst();
    if (!user) throw new AppError('UNAUTHORIZED');
    const data: UserSettingsData = {
      connected_to_instagram: false,
      listed_website_url: user.listed_website_url,
    };
    return success(data);
  });
  done();
};
