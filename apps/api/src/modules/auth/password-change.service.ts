// /settings/password/ (issue 9; docs/decisions/148): change the password with the current one,
// or — for an account that only ever used Google, Facebook or LINE — set a first password. The
// captcha action is web_change_password / mweb_change_password (auth.md §7). The new password
// follows the sign-up rules. Every other session is revoked (a thief's included); this one stays.
import { AppError } from '@corkboard/shared/app-error';
import { CHANGE_PASSWORD_CAPTCHA_ACTIONS } from '@corkboard/shared/auth/api';
import { isCommonPassword } from '@corkboard/shared/auth/common-passwords.server';
import { passwordMinLength, validatePassword } from '@corkboard/shared/auth/password';
import type { PasswordChange } from '@corkboard/shared/auth/settings';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import type { AuthRequest } from './auth-context.ts';
import { passwordFailureError } from './auth-errors.ts';
import { requireCaptcha } from './auth-rules.ts';
import {
  deleteResetTokensOf,
  deleteSessions,
  findAccountById,
  findCredentialHash,
  setCredentialPassword,
} from './auth.repository.ts';
import { checkCurrentPassword, requireSession, sessionIsFresh } from './settings-rules.ts';

export interface PasswordChangeAnswer {
  has_password: true;
  /** Sessions ended on other devices. */
  other_sessions_revoked: number;
}

export async function changePassword(
  deps: AppDeps,
  request: AuthRequest,
  viewer: Viewer,
  input: PasswordChange,
): Promise<PasswordChangeAnswer> {
  const token = requireSession(request.sessionToken, viewer);
  await requireCaptcha(deps, request, input.recaptchaV3Token, CHANGE_PASSWORD_CAPTCHA_ACTIONS);
  const account = await findAccountById(deps.db, viewer.id);
  if (!account) throw new AppError('UNAUTHORIZED');

  const hasPassword = (await findCredentialHash(deps.db, viewer.id)) !== null;
  if (hasPassword) {
    if (!input.current_password) {
      throw new AppError('PASSWORD_CURRENT_INCORRECT', { data: { field: 'current_password' } });
    }
    if (!(await checkCurrentPassword(deps, viewer.id, input.current_password))) {
      throw new AppError('PASSWORD_CURRENT_INCORRECT', { data: { field: 'current_password' } });
    }
  } else {
    // Setting a first password: the social log-in must be recent (there is nothing to type).
    if (input.current_password !== undefined) {
      throw new AppError('PASSWORD_CURRENT_INCORRECT', { data: { field: 'current_password' } });
    }
    if (!(await sessionIsFresh(deps, token))) throw new AppError('REAUTH_REQUIRED');
  }

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

  const engine = await deps.authEngine.$context;
  const hash = await engine.password.hash(input.new_password);
  const now = deps.now();
  const revoked = await deps.db.transaction().execute(async (trx) => {
    await setCredentialPassword(trx, viewer.id, hash, now);
    // An old reset link must not undo the change.
    await deleteResetTokensOf(trx, viewer.id);
    return deleteSessions(trx, viewer.id, token);
  });
  deps.log.info({ user_id: viewer.id, revoked }, hasPassword ? 'password changed' : 'password set');
  return { has_password: true, other_sessions_revoked: revoked };
}
