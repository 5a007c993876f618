// Topics (issue 12, the first-run tour; docs/decisions/082):
//   GET /v3/topics/            → TopicSummary[] (topics with pins anyone may see; at most 5)
//   GET /v3/users/me/topics/   → { topics } the viewer picked
//   PUT /v3/users/me/topics/   { topics } → { topics } (replaces the choice; seeds the home feed)
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import {
  chooseTopicsBodySchema,
  chosenTopicsSchema,
  topicSummarySchema,
} from './topics.schemas.ts';
import { chooseTopics, chosenTopics, listTopics } from './topics.service.ts';

export const topicRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/topics/',
    summary: 'Topics people can pick (those with pins on public boards)',
    tags: ['topics'],
    access: 'anyone',
    response: z.array(topicSummarySchema),
    handler: async () => ({ data: await listTopics(deps) }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/users/me/topics/',
    summary: 'The topics the viewer picked',
    tags: ['topics'],
    access: 'viewer',
    response: chosenTopicsSchema,
    handler: async ({ viewer }) => ({ data: await chosenTopics(deps, viewer) }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/users/me/topics/',
    summary: "Replaces the viewer's topics (their home feed puts pins in them first)",
    tags: ['topics'],
    access: 'viewer',
    body: chooseTopicsBodySchema,
    response: chosenTopicsSchema,
    handler: async ({ viewer, body }) => ({
      data: await chooseTopics(deps, viewer, body.topics),
    }),
  });
  done();
};
