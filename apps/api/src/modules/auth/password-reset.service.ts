// Password reset by e-mail (auth.md §2 "password reset sent", §3 "Password reset request").
// The request answers the same whether or not the account exists; the mail links to
// ${PUBLIC_URL}/password/reset/?token=…; the token is single-use, expires after an hour, and is
// stored only as its SHA-256. Completing the reset sets the password, invalidates every other
// reset token of the account and revokes every session, lifts a soft ban and a login lock. Our clock decides expiry (Better Auth's own reset
// endpoints read the system clock and take only an email, so they are not used).
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import {
  PASSWORD_RESET_PAGE_PATH,
  RESET_PASSWORD_CAPTCHA_ACTIONS,
} from '@corkboard/shared/auth/api';
import { isCommonPassword } from '@corkboard/shared/auth/common-passwords.server';
import { passwordMinLength, validatePassword } from '@corkboard/shared/auth/password';
import type { AppDeps } from '../../core/app-deps.ts';
import { defineMailJob } from '../../core/jobs/mail-job.ts';
import { escapeHtml } from '../../plugins/app/page-meta.ts';
import type { AuthRequest } from './auth-context.ts';
import { passwordFailureError } from './auth-errors.ts';
import { isPastResurrection, requireCaptcha } from './auth-rules.ts';
import type { ForgotPasswordInput, ResetPasswordInput } from './auth.schemas.ts';
import {
  consumeResetToken,
  deleteResetTokensOf,
  deleteSessions,
  findAccountById,
  findAccountByIdentifier,
  findPendingReset,
  setAccountStatus,
  setCredentialPassword,
  storeResetToken,
  type AccountStatusRow,
} from './auth.repository.ts';
import {
  consume,
  limitKeys,
  RESET_COMPLETE_RULE,
  RESET_MAIL_RULE,
  RESET_REQUEST_RULE,
} from './limits.ts';
import { clearCounter, recordHit } from './rate-limits.repository.ts';

/** The issue: "single-use token, 1-hour expiry". */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** 32 random bytes (256 bits), base64url in the link. */
export const RESET_TOKEN_BYTES = 32;
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}${PASSWORD_RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

export function resetMail(
  account: Pick<AccountStatusRow, 'first_name' | 'username'>,
  link: string,
) {
  const greeting = account.first_name ? `Hi ${account.first_name},` : 'Hi,';
  const text = [
    greeting,
    '',
    `Someone asked to reset the password of your Corkboard account (${account.username}).`,
    'Open this link within an hour to choose a new password:',
    '',
    link,
    '',
    "If it wasn't you, you can ignore this mail: your password stays the same.",
    '',
    '— Corkboard',
    '',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Someone asked to reset the password of your Corkboard account (${escapeHtml(account.username)}).
Open this link within an hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>If it wasn't you, you can ignore this mail: your password stays the same.</p>
<p>— Corkboard</p>`;
  return { subject: 'Reset your Corkboard password', text, html };
}

/** POST /v3/users/forgot_password/ — answers null in every case. */
/** The per-IP budget of reset requests (counted for every attempt, valid or not). */
export async function consumeResetRequest(deps: AppDeps, request: AuthRequest): Promise<void> {
  await consume(deps.db, limitKeys.resetRequest(request.ip), RESET_REQUEST_RULE, deps.now());
}

/** The per-IP budget of reset completions (counted for every attempt, valid or not). */
export async function consumeResetComplete(deps: AppDeps, request: AuthRequest): Promise<void> {
  await consume(deps.db, limitKeys.resetComplete(request.ip), RESET_COMPLETE_RULE, deps.now());
}

export async function requestPasswordReset(
  deps: AppDeps,
  request: AuthRequest,
  input: ForgotPasswordInput,
): Promise<null> {
  await requireCaptcha(deps, request, input.recaptchaV3Token, RESET_PASSWORD_CAPTCHA_ACTIONS);
  const account = await findAccountByIdentifier(deps.db, input.username_or_email);
  // Decision 143: the same steps whether or not the account exists — one lookup, one job
  // accepted — so neither the answer nor its timing tells. Every rule that depends on the
  // account (suspended, gone, the per-account limit) is the worker's, which answers no one.
  await deps.jobs.send(PASSWORD_RESET_MAIL_JOB, { user_id: account?.id ?? null });
  return null;
}

export const PASSWORD_RESET_MAIL_JOB = 'password-reset-mail';

const resetMailJobSchema = z.object({
  user_id: z
    .string()
    .regex(/^[0-9]{1,19}$/)
    .nullable(),
});

/**
 * The `password-reset-mail` job (decision 143): for a user id, mints the token, stores its hash
 * and composes the mail, at send time (the raw token never rests in the queue). A retry mints a
 * new token; an unsent one is useless, since only its hash exists.
 */
export function definePasswordResetMailJob(deps: AppDeps): void {
  defineMailJob(deps, {
    name: PASSWORD_RESET_MAIL_JOB,
    data: resetMailJobSchema,
    compose: async ({ user_id: userId }) => {
      if (userId === null) return null;
      const now = deps.now();
      const account = await findAccountById(deps.db, userId);
      // Suspended accounts cannot get back in by a reset; gone ones do not exist.
      if (!account?.email || account.suspended_at || isPastResurrection(account, now)) return null;
      const sent = await recordHit(deps.db, limitKeys.resetMail(account.id), RESET_MAIL_RULE, now);
      if (sent.count > RESET_MAIL_RULE.max) {
        deps.log.info({ user_id: account.id }, 'password reset mail suppressed: per-account limit');
        return null;
      }
      const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
      await storeResetToken(deps.db, {
        tokenHash: hashResetToken(token),
        userId: account.id,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        now,
      });
      return { to: account.email, ...resetMail(account, resetLink(deps.publicUrl, token)) };
    },
  });
}

/** POST /v3/users/password/reset/ — sets the new password; answers what to log in with. */
export async function completePasswordReset(
  deps: AppDeps,
  request: AuthRequest,
  input: ResetPasswordInput,
): Promise<{ username_or_email: string }> {
  const now = deps.now();
  const tokenHash = hashResetToken(input.token);

  // Look first, consume later: a password that breaks a rule must not use up the link.
  const pendingUserId = await findPendingReset(deps.db, tokenHash, now);
  const account = pendingUserId ? await findAccountById(deps.db, pendingUserId) : undefined;
  if (!account) throw new AppError('AUTH_RESET_TOKEN_INVALID', { data: { field: 'token' } });

  const minLength = passwordMinLength(
    request.experiments.isEnabled('web_increased_min_password_length'),
  );
  const failure = validatePassword(input.new_password, {
    minLength,
    email: account.email,
    username: account.username,
    isCommonPassword,
  });
  if (failure) throw passwordFailureError(failure, minLength);

  const engineContext = await deps.authEngine.$context;
  const hash = await engineContext.password.hash(input.new_password);
  await deps.db.transaction().execute(async (trx) => {
    const userId = await consumeResetToken(trx, tokenHash, now);
    if (userId !== account.id)
      throw new AppError('AUTH_RESET_TOKEN_INVALID', { data: { field: 'token' } });
    await setCredentialPassword(trx, account.id, hash, now);
    // Issue 9: an older link (from a mailbox or a log someone else read) must not work after
    // the owner reset with a newer one, and no session opened before the reset survives it —
    // the one making the request included, since it may be the intruder's (docs/decisions/042).
    await deleteResetTokensOf(trx, account.id);
    await deleteSessions(trx, account.id);
    // Proving control of the mailbox ends a soft ban and a lockout.
    await setAccountStatus(trx, account.id, { soft_banned_at: null }, now);
    await clearCounter(trx, limitKeys.accountFailures(account.id));
  });
  deps.log.info({ user_id: account.id }, 'password reset completed');
  return { username_or_email: account.email ?? account.username };
}
