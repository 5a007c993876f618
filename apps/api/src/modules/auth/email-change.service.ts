// E-mail change with verification (issue 9; docs/decisions/149). Asking sends a link to the NEW
// address (${PUBLIC_URL}/settings/email/confirm/?token=…, single use, 24 hours, stored as its
// SHA-256; a newer request replaces it); nothing changes until the link is opened. Opening it
// changes the address and tells the OLD address, so a hijacked session cannot quietly move the
// account away. The password is asked for when the account has one.
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@corkboard/shared/app-error';
import { normalizeEmail, validateEmail } from '@corkboard/shared/auth/email';
import { EMAIL_CHANGE_CONFIRM_PATH, EMAIL_CHANGE_TTL_MS } from '@corkboard/shared/auth/settings';
import type { AppDeps } from '../../core/app-deps.ts';
import { escapeHtml } from '../../plugins/app/page-meta.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { findAccountById, findCredentialHash } from './auth.repository.ts';
import {
  consumeEmailChange,
  emailTakenByOther,
  setEmail,
  storeEmailChange,
} from './settings.repository.ts';
import {
  checkCurrentPassword,
  reauthenticatedRecently,
  requireSession,
  sessionIsFresh,
} from './settings-rules.ts';

const TOKEN_BYTES = 32;

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function mail(lines: string[], link?: { href: string; label: string }) {
  const textLines = link ? [...lines.slice(0, -1), '', link.href, '', ...lines.slice(-1)] : lines;
  const text = [...textLines, '', '— Corkboard', ''].join('\n');
  const paragraphs = lines
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`);
  if (link) {
    paragraphs.splice(
      paragraphs.length - 1,
      0,
      `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    );
  }
  return { text, html: `${paragraphs.join('\n')}\n<p>— Corkboard</p>` };
}

export async function requestEmailChange(
  deps: AppDeps,
  viewer: Viewer,
  sessionToken: string | null,
  input: { email: string; password?: string | undefined },
): Promise<{ pending_email: string }> {
  const token = requireSession(sessionToken, viewer);
  const email = normalizeEmail(input.email);
  const invalid = validateEmail(email);
  if (invalid) {
    throw new AppError('AUTH_EMAIL_INVALID', {
      detail: invalid.message,
      data: { field: 'email', reason: invalid.reason },
    });
  }
  const account = await findAccountById(deps.db, viewer.id);
  if (!account) throw new AppError('UNAUTHORIZED');
  if (account.email?.toLowerCase() === email.toLowerCase()) {
    throw new AppError('EMAIL_CHANGE_SAME', { data: { field: 'email' } });
  }
  if ((await findCredentialHash(deps.db, viewer.id)) !== null) {
    // The password, or a re-authentication of this session (a passkey among them; ADR 189).
    const proven = input.password
      ? await checkCurrentPassword(deps, viewer.id, input.password)
      : await reauthenticatedRecently(deps, token);
    if (!proven) {
      throw new AppError('PASSWORD_CURRENT_INCORRECT', { data: { field: 'password' } });
    }
  } else if (!(await sessionIsFresh(deps, token))) {
    throw new AppError('REAUTH_REQUIRED');
  }
  // Taken addresses answer the same as free ones (no account enumeration); the confirmation
  // checks again and refuses then.
  const secret = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = deps.now();
  await storeEmailChange(deps.db, {
    tokenHash: hashToken(secret),
    userId: viewer.id,
    email,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
    now,
  });
  const href = `${deps.publicUrl}${EMAIL_CHANGE_CONFIRM_PATH}?token=${encodeURIComponent(secret)}`;
  const greeting = account.first_name ? `Hi ${account.first_name},` : 'Hi,';
  try {
    await deps.mailer.send({
      to: email,
      subject: 'Confirm your new Corkboard email',
      ...mail(
        [
          greeting,
          '',
          `Open this link within 24 hours to use this address for your Corkboard account (${account.username}):`,
          "If you didn't ask for this, ignore this mail: nothing changes.",
        ],
        { href, label: 'Confirm your new email' },
      ),
    });
  } catch (error) {
    deps.log.error({ err: error, user_id: viewer.id }, 'email change mail could not be sent');
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  return { pending_email: email };
}

/** Opening the link: the change applies now; the old address is told. Needs no session. */
export async function confirmEmailChange(
  deps: AppDeps,
  secret: string,
): Promise<{ email: string }> {
  const now = deps.now();
  const pending = await consumeEmailChange(deps.db, hashToken(secret), now);
  if (!pending) throw new AppError('EMAIL_CHANGE_TOKEN_INVALID', { data: { field: 'token' } });
  const account = await findAccountById(deps.db, pending.user_id);
  if (!account) throw new AppError('EMAIL_CHANGE_TOKEN_INVALID', { data: { field: 'token' } });
  if (await emailTakenByOther(deps.db, pending.email, account.id)) {
    throw new AppError('AUTH_EMAIL_TAKEN', { data: { field: 'email' } });
  }
  await setEmail(deps.db, account.id, pending.email, now);
  deps.log.info({ user_id: account.id }, 'email changed');
  if (account.email) {
    try {
      await deps.mailer.send({
        to: account.email,
        subject: 'Your Corkboard email was changed',
        ...mail([
          account.first_name ? `Hi ${account.first_name},` : 'Hi,',
          '',
          `The email of your Corkboard account (${account.username}) was changed to ${pending.email}.`,
          "If this wasn't you, reset your password from the log-in page and contact us.",
        ]),
      });
    } catch (error) {
      deps.log.error({ err: error, user_id: account.id }, 'email changed notice not sent');
    }
  }
  return { email: pending.email };
}
