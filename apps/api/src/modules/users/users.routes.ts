// Profiles and settings:
//   GET /v3/users/{username}/, …/boards/, …/pins/   (visitors too)
//   GET /v3/users/settings                          (signed in) → data: UserSettingsData
//   UserResource get (field_set_key save_behavior)  (visitors too) → data: SaveBehaviorUser
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { boardSchema, pinSchema } from '../../core/api.schemas.ts';
import { registerRoute } from '../../core/http/route.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { userResourceOptionsSchema } from '@corkboard/shared/saving/api';
import { pageQuerySchema, pageRequest, usernameSchema } from '../../core/schemas.ts';
import {
  profileBoardsQuerySchema,
  saveBehaviorUserSchema,
  userSchema,
  userSettingsSchema,
} from './users.schemas.ts';
import { getUser, userBoards, userForSaving, userPins, userSettings } from './users.service.ts';

const params = z.object({ username: usernameSchema });

export const userRoutes: ModuleRoutes = (app, { deps }, done) => {
  // Registered first: the static `settings` segment is not a username.
  registerRoute(app, {
    method: 'GET',
    url: '/v3/users/settings',
    summary: "The viewer's settings the saving flows read",
    tags: ['users'],
    access: 'viewer',
    response: userSettingsSchema,
    handler: async ({ viewer }) => ({ data: await userSettings(deps, viewer) }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/users/:username/',
    summary: 'A profile, with counts of what this viewer may see',
    tags: ['users'],
    access: 'anyone',
    visitorCache: {},
    params,
    response: userSchema,
    handler: async ({ viewer, params: { username } }) => ({
      data: await getUser(deps, viewer, username),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/users/:username/boards/',
    summary: "A person's board grid (owned and collaborated), in their sort or `sort`",
    tags: ['users'],
    access: 'anyone',
    visitorCache: {},
    params,
    query: profileBoardsQuerySchema,
    response: z.array(boardSchema),
    handler: async ({ viewer, params: { username }, query }) => {
      const page = await userBoards(deps, viewer, username, {
        page: pageRequest(query),
        sort: query.sort,
        archived: query.archived,
      });
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/users/:username/pins/',
    summary: 'Pins a person saved, newest first',
    tags: ['users'],
    access: 'anyone',
    visitorCache: {},
    params,
    query: pageQuerySchema,
    response: z.array(pinSchema),
    handler: async ({ viewer, params: { username }, query }) => {
      const page = await userPins(deps, viewer, username, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerResource(app, 'UserResource', {
    get: resourceVerb({
      access: 'anyone',
      summary: 'A person as the save flows read them (field_set_key save_behavior)',
      options: userResourceOptionsSchema,
      response: saveBehaviorUserSchema,
      handler: async ({ viewer, options }) => ({
        data: await userForSaving(deps, viewer, options),
      }),
    }),
  });
  done();
};
