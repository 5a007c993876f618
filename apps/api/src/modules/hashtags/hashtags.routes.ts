// Hashtag suggestions (saving.md §3 "Hashtag suggestion: query, pin_count", §7):
//   GET /v3/search/autocomplete/?q=&show_pin_count=&page_size=   (visitors too)
//     → data: [{ query: '#tag', pin_count: number | null }], at most 5 by default, 10 at most.
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { autocompleteQuerySchema, hashtagSuggestionSchema } from './hashtags.schemas.ts';
import { autocompleteHashtags } from './hashtags.service.ts';

export const hashtagRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/search/autocomplete/',
    summary: 'Hashtags starting with q, most used on public boards first',
    tags: ['hashtags'],
    access: 'anyone',
    query: autocompleteQuerySchema,
    response: z.array(hashtagSuggestionSchema),
    handler: async ({ query }) => ({
      data: await autocompleteHashtags(deps, {
        q: query.q,
        showPinCount: query.show_pin_count,
        pageSize: query.page_size,
      }),
    }),
  });
  done();
};
