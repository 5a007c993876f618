// The business invitation mail as a durable job (decision 143), like the board invitation's: the
// request stores the invitation with a placeholder token hash and accepts a job carrying its id;
// the worker mints the link's token, stores its hash and sends. After the last retry the
// invitation is taken back (no mail, no invitation: a link nobody received must not count).
import { z } from 'zod';
import type { AppDeps } from '../../core/app-deps.ts';
import { defineMailJob } from '../../core/jobs/mail-job.ts';
import { fullName } from '../../core/serializers.ts';
import {
  businessInviteLink,
  businessInviteMail,
  hashBusinessInviteToken,
  newBusinessInviteToken,
} from './business-mail.ts';
import {
  deleteOpenInvite,
  findOpenInviteForMail,
  setInviteTokenHash,
} from './business.repository.ts';

export const BUSINESS_INVITE_MAIL_JOB = 'business-invite-mail';

const businessInviteMailJobSchema = z.object({ invite_id: z.string().regex(/^[0-9]{1,19}$/) });

export function defineBusinessInviteMailJob(deps: AppDeps): void {
  defineMailJob(deps, {
    name: BUSINESS_INVITE_MAIL_JOB,
    data: businessInviteMailJobSchema,
    compose: async ({ invite_id: inviteId }) => {
      const invite = await findOpenInviteForMail(deps.db, inviteId, deps.now());
      // Accepted, revoked or expired meanwhile: nothing to send.
      if (!invite) return null;
      const token = newBusinessInviteToken();
      await setInviteTokenHash(deps.db, invite.id, hashBusinessInviteToken(token));
      const inviter =
        invite.username === null
          ? invite.business_name
          : fullName(invite.first_name ?? '', invite.last_name ?? '', invite.username);
      return {
        to: invite.email,
        ...businessInviteMail(
          inviter,
          invite.business_name,
          invite.permissions,
          businessInviteLink(deps.publicUrl, token),
        ),
      };
    },
    giveUp: async ({ invite_id: inviteId }) => {
      await deleteOpenInvite(deps.db, inviteId);
    },
  });
}
