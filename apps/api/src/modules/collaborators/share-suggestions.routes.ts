// ShareSuggestionsResource and ShareSuggestionsTypeaheadResource (saving.md §7), signed-in only:
//   GET /resource/ShareSuggestionsResource/get/?options={ query?, board_id?, page_size? }
//   GET /resource/ShareSuggestionsTypeaheadResource/get/?options={ term | query, board_id? }
//   → data: ShareSuggestionItem[] (at most 10 people; the typeahead puts the typed e-mail first)
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../core/service-deps.ts';
import { shareSuggestions, shareSuggestionsTypeahead } from './share-suggestions.service.ts';

export const shareSuggestionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.resources.register('ShareSuggestionsResource', {
    get: async ({ request, options }) => ({
      data: await shareSuggestions(depsOf(app), request.viewer, options),
    }),
  });
  app.resources.register('ShareSuggestionsTypeaheadResource', {
    get: async ({ request, options }) => ({
      data: await shareSuggestionsTypeahead(depsOf(app), request.viewer, options),
    }),
  });
  done();
};
