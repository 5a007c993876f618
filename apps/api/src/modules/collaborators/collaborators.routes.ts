// Collaborators (paths not in the spec; docs/decisions/008) and the create-board form's people
// search (saving.md §7). Signed-in only, except the link preview.
//   POST /v3/boards/{id}/collaborators/invite/  { user_ids?: [id], emails?: [address] }
//                                               → data: CollaboratorInviteResult
//   POST /v3/boards/{id}/collaborators/accept/  → data: CollaboratorInviteOutcome (accepted)
//   POST /v3/boards/{id}/collaborators/decline/ → data: CollaboratorInviteOutcome (declined)
//   GET  /v3/users/me/board_invites/?bookmark=&page_size= → data: BoardInviteItem[]
//   POST /v3/board_invites/accept/              { token } → data: CollaboratorInviteOutcome
//   GET  /v3/board_invites/?token=              → data: EmailInvitePreview (visitors too)
//   GET  /resource/ShareSuggestionsResource/get/?options={ query?, board_id?, page_size? }
//   GET  /resource/ShareSuggestionsTypeaheadResource/get/?options={ term | query, board_id? }
//     → data: ShareSuggestionItem[] (at most 10 people; the typeahead puts the typed e-mail first)
//   Board edit (membership.service.ts, docs/decisions/125):
//   GET    /v3/boards/{id}/collaborators/?bookmark=&page_size= → data: BoardCollaboratorItem[]
//   DELETE /v3/boards/{id}/collaborators/{user_id}/ (owner)    → data: CollaboratorRemovedData
//   POST   /v3/boards/{id}/collaborators/leave/ (collaborator) → data: CollaboratorRemovedData
import { z } from 'zod';
import type { ModuleRoutes } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { savingInputErrors } from '../../core/http/input-errors.ts';
import { registerResource, resourceVerb } from '../../core/resources/resource-registry.ts';
import { idSchema, pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import {
  boardCollaboratorItemSchema,
  boardInviteItemSchema,
  collaboratorRemovedSchema,
  emailInvitePreviewSchema,
  inviteBodySchema,
  inviteOutcomeSchema,
  inviteResultSchema,
  previewQuerySchema,
  shareSuggestionItemSchema,
  shareSuggestionsOptionsSchema,
  tokenBodySchema,
} from './collaborators.schemas.ts';
import {
  acceptEmailInvitation,
  acceptInvitation,
  declineInvitation,
  inviteCollaborators,
  myInvitations,
  previewEmailInvitation,
} from './collaborators.service.ts';
import { boardCollaborators, leaveBoard, removeCollaborator } from './membership.service.ts';
import { shareSuggestions, shareSuggestionsTypeahead } from './share-suggestions.service.ts';
import { defineBoardInviteMailJob } from './invite-mail.jobs.ts';

const boardParams = z.object({ id: idSchema });

export const collaboratorRoutes: ModuleRoutes = (app, { deps }, done) => {
  // Invitation mail is a durable job (decision 143).
  defineBoardInviteMailJob(deps);
  registerRoute(app, {
    method: 'POST',
    url: '/v3/boards/:id/collaborators/invite/',
    summary: 'Invites people (by user id or e-mail) to collaborate on a board the viewer owns',
    tags: ['collaborators'],
    access: 'viewer',
    params: boardParams,
    body: inviteBodySchema,
    inputErrors: savingInputErrors(),
    response: inviteResultSchema,
    handler: async ({ viewer, params, body }) => ({
      data: await inviteCollaborators(deps, viewer, params.id, body),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/boards/:id/collaborators/accept/',
    summary: 'Accepts an invitation to a board',
    tags: ['collaborators'],
    access: 'viewer',
    params: boardParams,
    response: inviteOutcomeSchema,
    handler: async ({ viewer, params }) => ({
      data: await acceptInvitation(deps, viewer, params.id),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/boards/:id/collaborators/decline/',
    summary: 'Declines an invitation to a board',
    tags: ['collaborators'],
    access: 'viewer',
    params: boardParams,
    response: inviteOutcomeSchema,
    handler: async ({ viewer, params }) => ({
      data: await declineInvitation(deps, viewer, params.id),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/users/me/board_invites/',
    summary: 'Invitations waiting for the viewer, newest first',
    tags: ['collaborators'],
    access: 'viewer',
    query: pageQuerySchema,
    response: z.array(boardInviteItemSchema),
    handler: async ({ viewer, query }) => {
      const page = await myInvitations(deps, viewer, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/board_invites/accept/',
    summary: 'Accepts an e-mail invitation link for the signed-in viewer',
    tags: ['collaborators'],
    access: 'viewer',
    body: tokenBodySchema,
    inputErrors: savingInputErrors(),
    response: inviteOutcomeSchema,
    handler: async ({ viewer, body }) => ({
      data: await acceptEmailInvitation(deps, viewer, body.token),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/board_invites/',
    summary: 'What an e-mail invitation link invites to (visitors too)',
    tags: ['collaborators'],
    access: 'anyone',
    query: previewQuerySchema,
    response: emailInvitePreviewSchema,
    handler: async ({ query }) => ({ data: await previewEmailInvitation(deps, query.token) }),
  });

  registerResource(app, 'ShareSuggestionsResource', {
    get: resourceVerb({
      access: 'viewer',
      summary: "People from the viewer's circle to invite, filtered by `query`",
      options: shareSuggestionsOptionsSchema,
      response: z.array(shareSuggestionItemSchema),
      handler: async ({ viewer, options }) => ({
        data: await shareSuggestions(deps, viewer, options),
      }),
    }),
  });
  registerResource(app, 'ShareSuggestionsTypeaheadResource', {
    get: resourceVerb({
      access: 'viewer',
      summary: "The typed e-mail, then matching people from the viewer's circle",
      options: shareSuggestionsOptionsSchema,
      response: z.array(shareSuggestionItemSchema),
      handler: async ({ viewer, options }) => ({
        data: await shareSuggestionsTypeahead(deps, viewer, options),
      }),
    }),
  });

  registerRoute(app, {
    method: 'GET',
    url: '/v3/boards/:id/collaborators/',
    summary: "A board's collaborators (and, for the owner, pending invitations)",
    tags: ['collaborators'],
    access: 'viewer',
    params: boardParams,
    query: pageQuerySchema,
    response: z.array(boardCollaboratorItemSchema),
    handler: async ({ viewer, params, query }) => {
      const page = await boardCollaborators(deps, viewer, params.id, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/boards/:id/collaborators/leave/',
    summary: 'A collaborator leaves the board',
    tags: ['collaborators'],
    access: 'viewer',
    params: boardParams,
    response: collaboratorRemovedSchema,
    handler: async ({ viewer, params }) => ({
      data: await leaveBoard(deps, viewer, params.id),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/boards/:id/collaborators/:userId/',
    summary: 'The owner removes a collaborator or withdraws an invitation',
    tags: ['collaborators'],
    access: 'viewer',
    params: z.object({ id: idSchema, userId: idSchema }),
    response: collaboratorRemovedSchema,
    handler: async ({ viewer, params }) => ({
      data: await removeCollaborator(deps, viewer, params.id, params.userId),
    }),
  });
  done();
};
