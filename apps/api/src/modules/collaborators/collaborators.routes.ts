// Collaborator invitations (paths not in the spec; docs/decisions/008). Signed-in only, except
// the link preview.
//   POST /v3/boards/{id}/collaborators/invite/  { user_ids?: [id], emails?: [address] }
//                                               → data: CollaboratorInviteResult
//   POST /v3/boards/{id}/collaborators/accept/  → data: CollaboratorInviteOutcome (accepted)
//   POST /v3/boards/{id}/collaborators/decline/ → data: CollaboratorInviteOutcome (declined)
//   GET  /v3/users/me/board_invites/?bookmark=&page_size= → data: BoardInviteItem[]
//   POST /v3/board_invites/accept/              { token } → data: CollaboratorInviteOutcome
//   GET  /v3/board_invites/?token=              → data: EmailInvitePreview (visitors too)
import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { success } from '@corkboard/shared/envelope';
import { INVITE_TOKEN_MAX_LENGTH } from '@corkboard/shared/saving/api';
import { idSchema, pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import type { SavingRoutesOptions } from '../../core/app-deps.ts';
import {
  acceptEmailInvitation,
  acceptInvitation,
  declineInvitation,
  inviteCollaborators,
  myInvitations,
  previewEmailInvitation,
} from './collaborators.service.ts';

const boardParams = z.object({ id: idSchema });

export const collaboratorRoutes: FastifyPluginCallback<SavingRoutesOptions> = (
  app,
  { deps },
  done,
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/v3/boards/:id/collaborators/invite/',
    { schema: { params: boardParams } },
    async (request) =>
      success(await inviteCollaborators(deps, request.viewer, request.params.id, request.body)),
  );

  routes.post(
    '/v3/boards/:id/collaborators/accept/',
    { schema: { params: boardParams } },
    async (request) => success(await acceptInvitation(deps, request.viewer, request.params.id)),
  );

  routes.post(
    '/v3/boards/:id/collaborators/decline/',
    { schema: { params: boardParams } },
    async (request) => success(await declineInvitation(deps, request.viewer, request.params.id)),
  );

  routes.get(
    '/v3/users/me/board_invites/',
    { schema: { querystring: pageQuerySchema } },
    async (request) => {
      const page = await myInvitations(deps, request.viewer, pageRequest(request.query));
      return success(page.items, page.bookmark);
    },
  );

  routes.post('/v3/board_invites/accept/', async (request) =>
    success(await acceptEmailInvitation(deps, request.viewer, request.body)),
  );

  routes.get(
    '/v3/board_invites/',
    {
      schema: { querystring: z.object({ token: z.string().min(1).max(INVITE_TOKEN_MAX_LENGTH) }) },
    },
    async (request) => success(await previewEmailInvitation(deps, request.query.token)),
  );
  done();
};
