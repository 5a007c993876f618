// GET /v3/search/{scope}/?q=&… (business.md §3 scopes, saving.md §2.10 parameters).
import { z } from 'zod';
import type {
  RecentSearch,
  SearchAnswer,
  SearchPin,
  SearchUser,
  TypeaheadAnswer,
} from '@corkboard/shared/search/api';
import { TYPEAHEAD_HTTP_MAX_AGE_SECONDS } from '@corkboard/shared/search/constants';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { boardSchema, pinFields, userSummarySchema } from '../../core/api.schemas.ts';
import { registerRoute } from '../../core/http/route.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { bodyOrEmpty, pageRequest } from '../../core/schemas.ts';
import { registerAdvisoryAdminRoutes } from './advisories.routes.ts';
import { searchAdvisorySchema } from './advisories.schemas.ts';
import {
  recentSearchBodySchema,
  typeaheadOptionsSchema,
  searchInputErrors,
  searchQuerySchema,
  searchScopeParamsSchema,
  searchScopeSchema,
} from './search.schemas.ts';
import { search } from './search.service.ts';
import {
  forgetSearches,
  recentSearches,
  rememberSearch,
  typeahead,
  TypeaheadCache,
} from './typeahead.service.ts';

const typeaheadItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('query'), label: z.string(), query: z.string() }),
  z.object({ type: z.literal('hashtag'), label: z.string(), query: z.string() }),
  z.object({
    type: z.literal('board'),
    label: z.string(),
    url: z.string(),
    owner: z.string(),
    image_url: z.string().nullable(),
  }),
  z.object({
    type: z.literal('user'),
    label: z.string(),
    username: z.string(),
    url: z.string(),
    image_url: z.string().nullable(),
  }),
]);

const typeaheadAnswerSchema: z.ZodType<TypeaheadAnswer> = z.object({
  term: z.string(),
  items: z.array(typeaheadItemSchema),
});

const recentSearchSchema: z.ZodType<RecentSearch> = z.object({
  query: z.string(),
  scope: searchScopeSchema,
  searched_at: z.string(),
});

const searchPinSchema: z.ZodType<SearchPin> = z.object({
  ...pinFields,
  product: z
    .object({
      price: z.number(),
      currency: z.string(),
      availability: z.enum(['in_stock', 'out_of_stock', 'preorder', 'backorder']),
    })
    .nullable(),
});

const searchUserSchema: z.ZodType<SearchUser> = z.intersection(
  userSummarySchema,
  z.object({ follower_count: z.number().int(), pin_count: z.number().int() }),
);

const answerBase = {
  scope: searchScopeSchema,
  did_you_mean: z.string().nullable(),
  advisory: searchAdvisorySchema.nullable(),
};

const searchAnswerSchema: z.ZodType<SearchAnswer> = z.discriminatedUnion('kind', [
  z.object({ ...answerBase, kind: z.literal('pins'), results: z.array(searchPinSchema) }),
  z.object({ ...answerBase, kind: z.literal('boards'), results: z.array(boardSchema) }),
  z.object({ ...answerBase, kind: z.literal('users'), results: z.array(searchUserSchema) }),
]);

export const searchRoutes: ModuleRoutes = (app, { deps }, done) => {
  const cache = new TypeaheadCache();
  registerResource(app, 'AdvancedTypeaheadResource', {
    get: resourceVerb({
      access: 'anyone',
      summary: 'Suggestions of queries, hashtags, people and boards for a term (cached)',
      options: typeaheadOptionsSchema,
      response: typeaheadAnswerSchema,
      handler: async ({ options, reply }) => {
        const data = await typeahead(deps, cache, {
          term: options.term,
          count: options.count,
          pinScope: options.pin_scope,
        });
        // The answer is the same for everyone: browsers may keep it a little while.
        void reply.header('Cache-Control', `public, max-age=${TYPEAHEAD_HTTP_MAX_AGE_SECONDS}`);
        return { data };
      },
    }),
  });
  registerRoute(app, {
    method: 'GET',
    url: '/v3/search/recent/',
    summary: "The signed-in person's recent searches, newest first",
    tags: ['search'],
    access: 'viewer',
    response: z.array(recentSearchSchema),
    handler: async ({ viewer, reply }) => {
      void reply.header('Cache-Control', 'private, no-store');
      return { data: await recentSearches(deps, viewer) };
    },
  });
  registerRoute(app, {
    method: 'POST',
    url: '/v3/search/recent/',
    summary: 'Remembers a search the signed-in person made',
    tags: ['search'],
    access: 'viewer',
    body: recentSearchBodySchema,
    response: z.null(),
    handler: async ({ viewer, body }) => {
      await rememberSearch(deps, viewer, body);
      return { data: null };
    },
  });
  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/search/recent/',
    summary: "Forgets the signed-in person's recent searches",
    tags: ['search'],
    access: 'viewer',
    body: bodyOrEmpty(z.object({})),
    response: z.null(),
    handler: async ({ viewer }) => {
      await forgetSearches(deps, viewer);
      return { data: null };
    },
  });
  registerRoute(app, {
    method: 'GET',
    url: '/v3/search/:scope/',
    summary:
      'Search one scope (pins, buyable_pins, my_pins, videos, boards, users, idea_pins, my_content)',
    tags: ['search'],
    access: 'anyone',
    params: searchScopeParamsSchema,
    query: searchQuerySchema,
    inputErrors: searchInputErrors,
    response: searchAnswerSchema,
    handler: async ({ params, query, viewer }) =>
      search(deps, { scope: params.scope, query, page: pageRequest(query), viewer }),
  });
  registerAdvisoryAdminRoutes(app, deps);
  done();
};
