// GET /v3/search/{scope}/?q=&… (business.md §3 scopes, saving.md §2.10 parameters).
import { z } from 'zod';
import type { SearchAnswer, SearchPin, SearchUser } from '@corkboard/shared/search/api';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { boardSchema, pinFields, userSummarySchema } from '../../core/api.schemas.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageRequest } from '../../core/schemas.ts';
import {
  searchInputErrors,
  searchQuerySchema,
  searchScopeParamsSchema,
  searchScopeSchema,
} from './search.schemas.ts';
import { search } from './search.service.ts';

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

const answerBase = { scope: searchScopeSchema, did_you_mean: z.string().nullable() };

const searchAnswerSchema: z.ZodType<SearchAnswer> = z.discriminatedUnion('kind', [
  z.object({ ...answerBase, kind: z.literal('pins'), results: z.array(searchPinSchema) }),
  z.object({ ...answerBase, kind: z.literal('boards'), results: z.array(boardSchema) }),
  z.object({ ...answerBase, kind: z.literal('users'), results: z.array(searchUserSchema) }),
]);

export const searchRoutes: ModuleRoutes = (app, { deps }, done) => {
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
  done();
};
