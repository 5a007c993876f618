// Better Auth, configured as Corkboard's account and session engine (docs/decisions/006):
// - on the app's own Kysely instance, with its user model mapped onto our `users` table (bigint
//   ids, so `request.viewer.id` is our user id) and its session/account/verification models
//   onto auth_sessions/auth_accounts/auth_verifications, all created by our migrations;
// - scrypt password hashing, HttpOnly SameSite=Lax session cookies (`Secure` under https);
// - no telemetry, no rate limiter of its own (ours are persisted), its log lines in ours;
// - a session-creation hook that refuses suspended, soft-banned and purged-deactivated
//   accounts and reactivates accounts deactivated within the resurrection window, for every
//   way a session can be created (email now, social sign-in later).
import {
  APIError,
  betterAuth,
  getCurrentAdapter,
  type DBTransactionAdapter,
  type User,
} from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, SuspensionReason } from '@corkboard/db/schema';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@corkboard/shared/auth/password';
import { RESURRECTION_WINDOW_MS as SHARED_RESURRECTION_WINDOW_MS } from '@corkboard/shared/auth/settings';
import { MAX_SWITCH_ACCOUNTS } from '@corkboard/shared/auth/account-switching';
import { multiSession } from 'better-auth/plugins/multi-session';
import type { Clock } from '../../lib/clock.ts';
import { heldSessionsPlugin } from './held-sessions-plugin.ts';
import { corkboardLoginPlugin, offerSessionUser } from './login-plugin.ts';

/** Better Auth's own endpoints are mounted here (only an allow-list of them; auth-handler.ts). */
export const AUTH_BASE_PATH = '/api/auth';
/** `corkboard.session_token` (`__Secure-corkboard.session_token` under https). */
export const AUTH_COOKIE_PREFIX = 'corkboard';
/** A session lasts 30 days from its last refresh: people expect to stay logged in. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A session used after a day is extended (one write a day per active session, not per request). */
export const SESSION_REFRESH_AGE_SECONDS = 24 * 60 * 60;
/** auth.md §4: "Account recovery resurrection window: 28 days." (one constant, shared). */
export const RESURRECTION_WINDOW_MS = SHARED_RESURRECTION_WINDOW_MS;
/**
 * The client IP as Fastify sees it (TRUST_PROXY aware). We set this header ourselves on every
 * request we hand to Better Auth, replacing any client-sent value, and it reads only this one.
 */
export const CLIENT_IP_HEADER = 'x-corkboard-client-ip';

/**
 * The multi-session plugin stops storing sessions past this many cookies. Ours is the real cap
 * (MAX_SWITCH_ACCOUNTS live accounts, checked before a log-in as another account, ADR 161); the
 * plugin counts cookies of ended sessions too, so its ceiling leaves room for them rather than
 * silently dropping an account a person just added.
 */
export const MULTI_SESSION_COOKIE_CEILING = MAX_SWITCH_ACCOUNTS * 2;

/** Codes of the errors the session hook throws; the login service maps them to registry codes. */
export const ACCOUNT_STATUS_ERRORS = {
  suspended: 'CORKBOARD_ACCOUNT_SUSPENDED',
  softBanned: 'CORKBOARD_ACCOUNT_SOFT_BANNED',
  gone: 'CORKBOARD_ACCOUNT_GONE',
} as const;

/**
 * Our columns, declared to Better Auth. `input: true` fields are set by our /v3/register/ through
 * auth.api.signUpEmail (Better Auth's own sign-up route is never exposed, see auth-handler.ts);
 * status fields are never input and never returned.
 */
const userFields = {
  username: { type: 'string', required: true, input: true, fieldName: 'username' },
  lastName: { type: 'string', required: false, input: true, fieldName: 'last_name' },
  birthday: { type: 'string', required: false, input: true, fieldName: 'birthday' },
  country: { type: 'string', required: false, input: true, fieldName: 'country' },
  locale: { type: 'string', required: false, input: true, fieldName: 'locale' },
  marketingNotifsOptOut: {
    type: 'boolean',
    required: false,
    input: true,
    fieldName: 'marketing_notifs_opt_out',
  },
  krPrivacyConsentAt: {
    type: 'date',
    required: false,
    input: true,
    fieldName: 'kr_privacy_consent_at',
  },
  deactivatedAt: {
    type: 'date',
    required: false,
    input: false,
    returned: false,
    fieldName: 'deactivated_at',
  },
  suspendedAt: {
    type: 'date',
    required: false,
    input: false,
    returned: false,
    fieldName: 'suspended_at',
  },
  suspensionReason: {
    type: 'string',
    required: false,
    input: false,
    returned: false,
    fieldName: 'suspension_reason',
  },
  softBannedAt: {
    type: 'date',
    required: false,
    input: false,
    returned: false,
    fieldName: 'soft_banned_at',
  },
} as const;

export interface AuthEngineOptions {
  db: Kysely<Database>;
  publicUrl: string;
  secret: string;
  secureCookies: boolean;
  now: Clock;
  log: FastifyBaseLogger;
}

interface StatusRow {
  deactivatedAt?: Date | string | null;
  suspendedAt?: Date | string | null;
  suspensionReason?: SuspensionReason | null;
  softBannedAt?: Date | string | null;
}

/** Reads Better Auth's log lines into ours (never to the console). */
function engineLogger(log: FastifyBaseLogger) {
  return {
    level: 'warn' as const,
    log(level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]): void {
      const fields = args.length > 0 ? { args } : {};
      if (level === 'error') log.error(fields, `better-auth: ${message}`);
      else if (level === 'warn') log.warn(fields, `better-auth: ${message}`);
      else log.debug(fields, `better-auth: ${message}`);
    },
  };
}

export function createAuthEngine(options: AuthEngineOptions) {
  const engine = betterAuth({
    appName: 'Corkboard',
    baseURL: options.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: [new URL(options.publicUrl).origin],
    database: { db: options.db, type: 'postgres', transaction: true },
    emailAndPassword: {
      enabled: true,
      // Our shared rules (6, or 8 under the experiment) run before Better Auth is called.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
    },
    user: {
      modelName: 'users',
      fields: {
        name: 'first_name',
        emailVerified: 'email_verified',
        image: 'image_url',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      additionalFields: userFields,
    },
    session: {
      modelName: 'auth_sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_REFRESH_AGE_SECONDS,
    },
    account: {
      modelName: 'auth_accounts',
      fields: {
        userId: 'user_id',
        accountId: 'account_id',
        providerId: 'provider_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'auth_verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    advanced: {
      database: { generateId: 'serial' },
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // corkboard-login: sessions are created only by "complete the login", after our checks.
    // multi-session keeps one signed cookie per account this browser is logged in to; our
    // held-sessions endpoints switch between them (its own endpoints are never routed: they
    // take and answer raw tokens; ADR 161).
    plugins: [
      corkboardLoginPlugin(),
      heldSessionsPlugin(),
      multiSession({ maximumSessions: MULTI_SESSION_COOKIE_CEILING }),
    ],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: engineLogger(options.log),
    databaseHooks: {
      session: {
        create: {
          before: async (session, context) => {
            // Inside sign-up's transaction this is the transaction, so the lookup cannot wait
            // on a connection the transaction holds (PGlite has exactly one). Outside any
            // endpoint there is no transaction and the engine's adapter is the one to use.
            const adapter: Pick<DBTransactionAdapter, 'findOne' | 'update'> = context
              ? await getCurrentAdapter(context.context.adapter)
              : (await engine.$context).adapter;
            const user = await adapter.findOne<User & StatusRow>({
              model: 'user',
              where: [{ field: 'id', value: session.userId }],
            });
            if (!user) return;
            if (user.suspendedAt) {
              throw new APIError('FORBIDDEN', {
                code: ACCOUNT_STATUS_ERRORS.suspended,
                message: 'This account is suspended.',
                reason: user.suspensionReason ?? null,
              });
            }
            if (user.softBannedAt) {
              throw new APIError('FORBIDDEN', {
                code: ACCOUNT_STATUS_ERRORS.softBanned,
                message: 'This account is protected until its password is reset.',
              });
            }
            if (user.deactivatedAt) {
              const deactivatedAt = new Date(user.deactivatedAt).getTime();
              if (options.now().getTime() - deactivatedAt > RESURRECTION_WINDOW_MS) {
                throw new APIError('FORBIDDEN', {
                  code: ACCOUNT_STATUS_ERRORS.gone,
                  message: 'This account was deactivated more than 28 days ago.',
                });
              }
              await adapter.update({
                model: 'user',
                where: [{ field: 'id', value: session.userId }],
                update: { deactivatedAt: null },
              });
            }
            // corkboard-login sets the session cookie with this row rather than reading it again.
            offerSessionUser(String(session.userId), user);
          },
        },
      },
    },
  });
  return engine;
}

export type AuthEngine = ReturnType<typeof createAuthEngine>;
