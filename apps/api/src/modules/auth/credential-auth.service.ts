// Logging in and signing up with a social or SSO credential (auth.md §3, §4 "Social signup";
// docs/decisions/030). The credential kind (core/credential-kinds.ts, implemented by the social
// module) proves who the person is; everything after that is the auth module's, and the same as
// for e-mail: a login ends in "complete the login" (complete-login.service.ts: account status,
// counter, second factor, session, log event); a signup applies the signup rules (birthday,
// consent, captcha, e-mail taken), picks the username, creates the account and its identity in
// one transaction and opens the session.
import type { FastifyRequest } from 'fastify';
import { AppError } from '@corkboard/shared/app-error';
import { SIGNUP_CAPTCHA_ACTIONS, type AuthSuccess } from '@corkboard/shared/auth/api';
import { birthdayToIsoDate } from '@corkboard/shared/auth/birthday';
import { safeNextPath } from '@corkboard/shared/auth/safe-next-path';
import type { AppDeps } from '../../core/app-deps.ts';
import type { LoginCredential, SignupCredential } from '../../core/credential-kinds.ts';
import { uniqueViolation } from '../../core/db-errors.ts';
import type { AuthEffects, AuthRequest } from './auth-context.ts';
import { isPastResurrection, loadAuthUser, requireCaptcha } from './auth-rules.ts';
import { deleteAccount, findAccountByEmail, findAccountById } from './auth.repository.ts';
import { countryFromAcceptLanguage, PRODUCT_NAME_IN_EMAIL } from './auth.service.ts';
import { completeLogin } from './complete-login.service.ts';
import { insertSocialUser, liftSoftBan } from './social-signup.repository.ts';
import { pickUsername } from './username.ts';

/** Attempts at creating the account when a username is taken between the pick and the insert. */
const SOCIAL_SIGNUP_ATTEMPTS = 2;

/** POST /v3/login/ with a social or SSO credential. */
export async function loginWithCredential(
  deps: AppDeps,
  request: AuthRequest,
  raw: FastifyRequest,
  effects: AuthEffects,
  credential: LoginCredential<AppDeps>,
): Promise<AuthSuccess> {
  const now = deps.now();
  const resolved = await credential.resolve(deps, raw);
  const account = await findAccountById(deps.db, resolved.userId);
  if (!account || isPastResurrection(account, now)) {
    throw new AppError('SOCIAL_ACCOUNT_NOT_FOUND', {
      data: { provider: credential.kind, email_taken: false },
    });
  }
  // A passive prompt never undoes "I deactivated my account" (auth.md §2: the tooltip on the
  // Google button); the button, which the person pressed, reactivates like an e-mail login.
  if (account.deactivated_at && resolved.passive) {
    throw new AppError('SOCIAL_VOLUNTARILY_DEACTIVATED', { data: { field: 'google' } });
  }
  // auth.md §2 soft banned: 'Reset your password or log in with Facebook or Google to get back
  // into your account.' The provider proved the person; the cleared password stays cleared.
  if (account.soft_banned_at) await liftSoftBan(deps.db, account.id, now);
  // Used before the session opens, so two requests with one token never both get in. Also when
  // the answer is AUTH_MFA_REQUIRED: the pending log-in remembers that this first factor passed,
  // and the loginMfa step (POST /v3/login/mfa/, ADR 189) never presents the credential again.
  await resolved.consume();
  return completeLogin(deps, request, effects, {
    userId: account.id,
    method: resolved.method,
    isAccountSwitch: credential.isAccountSwitch,
    next: credential.next,
    mfa: { mfaToken: credential.mfaToken, mfaResend: credential.mfaResend },
  });
}

/** POST /v3/register/ with a social or SSO type. */
export async function registerWithCredential(
  deps: AppDeps,
  request: AuthRequest,
  raw: FastifyRequest,
  effects: AuthEffects,
  credential: SignupCredential<AppDeps>,
): Promise<AuthSuccess> {
  const now = deps.now();
  const fields = credential.fields;
  const identity = await credential.resolve(deps, raw);

  // The provider's address wins over a typed one: it is the one the provider vouches for.
  const email = (identity.email ?? fields.email)?.toLowerCase();
  if (!email) throw new AppError('SOCIAL_EMAIL_REQUIRED', { data: { field: 'email' } });
  const emailVerified = identity.email !== null && identity.emailVerified;
  if (email.includes(PRODUCT_NAME_IN_EMAIL)) {
    throw new AppError('AUTH_EMAIL_CONTAINS_PRODUCT_NAME', { data: { field: 'email' } });
  }
  const country = fields.country ?? countryFromAcceptLanguage(request.acceptLanguage);
  const consentRequired =
    country === 'KR' && request.experiments.isEnabled('web_kr_privacy_consent_step');
  if (consentRequired && fields.kr_privacy_consent_opt_in !== true) {
    throw new AppError('AUTH_CONSENT_REQUIRED', { data: { field: 'consent' } });
  }
  await requireCaptcha(deps, request, fields.recaptchaV3Token, SIGNUP_CAPTCHA_ACTIONS);

  const existing = await findAccountByEmail(deps.db, email);
  if (existing) {
    if (!isPastResurrection(existing, now)) {
      throw new AppError('AUTH_EMAIL_TAKEN', { data: { field: 'email' } });
    }
    await deleteAccount(deps.db, existing.id);
  }

  await identity.consume();
  const firstName = identity.firstName || fields.first_name || '';
  const lastName = identity.lastName || fields.last_name || '';
  let userId: string | undefined;
  for (let attempt = 1; userId === undefined; attempt++) {
    const username = await pickUsername(deps.db, { firstName, lastName, email }, '');
    try {
      userId = await insertSocialUser(deps.db, {
        username,
        email,
        emailVerified,
        firstName,
        lastName,
        birthday: birthdayToIsoDate(fields.birthday),
        country,
        imageUrl: identity.imageUrl,
        accountType: identity.accountType,
        marketingNotifsOptOut: fields.marketing_notifs_opt_out ?? false,
        krPrivacyConsentAt: fields.kr_privacy_consent_opt_in === true ? now : null,
        providerId: identity.providerId,
        accountId: identity.accountId,
        now,
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      // A concurrent signup took the e-mail, or connected this identity first.
      if (constraint.includes('email') || (await findAccountByEmail(deps.db, email))) {
        throw new AppError('AUTH_EMAIL_TAKEN', { data: { field: 'email' } });
      }
      if (constraint.includes('auth_accounts')) {
        throw new AppError('SOCIAL_ACCOUNT_CONNECTED_ELSEWHERE', {
          data: { provider: credential.kind },
        });
      }
      if (attempt >= SOCIAL_SIGNUP_ATTEMPTS) throw error;
    }
  }

  // The new account's session, through the engine's server-only login endpoint (ADR 040), so
  // its session hook runs as for every other sign-in.
  const session = await deps.authEngine.api.createSessionForUser({
    body: { userId },
    headers: request.engineHeaders,
    returnHeaders: true,
  });
  effects.appendSetCookies(session.headers.getSetCookie());
  effects.rotateCsrf();
  // auth.md §7: the attempt log event (event type 7537) with the signup context.
  deps.log.info(
    {
      event: 7537,
      user_id: userId,
      signup_type: fields.type,
      container: fields.container ?? null,
      page: fields.page ?? null,
      signup_source: fields.signupSource,
      birthday_source_site: fields.birthday_source_site ?? null,
      email_source_site: fields.email_source_site ?? null,
    },
    'signup',
  );
  const user = await loadAuthUser(deps, userId);
  if (!user) throw new Error(`user ${userId} vanished right after signup`);
  return {
    user,
    next: credential.next === undefined ? null : safeNextPath(credential.next),
    reactivated: false,
  };
}
