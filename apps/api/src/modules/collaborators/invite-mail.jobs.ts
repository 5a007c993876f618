// The collaborator invitation mail as a durable job (decision 143). The request stores the
// invitation with a placeholder token hash and accepts a job carrying the invitation's id; the
// worker mints the link's token, stores its hash in place of the placeholder and sends. A retry
// mints a new token (an unsent link is useless); after the last retry the invitation is taken
// back, as a refused mail did before: a link nobody received must not stay valid or count.
import { z } from 'zod';
import type { AppDeps } from '../../core/app-deps.ts';
import { defineMailJob } from '../../core/jobs/mail-job.ts';
import { fullName } from '../../core/serializers.ts';
import {
  deleteOpenEmailInvite,
  findOpenEmailInviteForMail,
  setEmailInviteTokenHash,
} from './collaborators.repository.ts';
import { hashInviteToken, inviteLink, inviteMail, newInviteToken } from './invite-mail.ts';

export const BOARD_INVITE_MAIL_JOB = 'board-invite-mail';

const inviteMailJobSchema = z.object({ invite_id: z.string().regex(/^[0-9]{1,19}$/) });

export function defineBoardInviteMailJob(deps: AppDeps): void {
  defineMailJob(deps, {
    name: BOARD_INVITE_MAIL_JOB,
    data: inviteMailJobSchema,
    compose: async ({ invite_id: inviteId }) => {
      const invite = await findOpenEmailInviteForMail(deps.db, inviteId, deps.now());
      // Accepted, expired or taken back meanwhile: nothing to send.
      if (!invite) return null;
      const token = newInviteToken();
      await setEmailInviteTokenHash(deps.db, invite.id, hashInviteToken(token));
      const inviter = fullName(invite.first_name, invite.last_name, invite.username);
      return {
        to: invite.email,
        ...inviteMail(inviter, invite.board_name, inviteLink(deps.publicUrl, token)),
      };
    },
    giveUp: async ({ invite_id: inviteId }) => {
      await deleteOpenEmailInvite(deps.db, inviteId);
    },
  });
}
