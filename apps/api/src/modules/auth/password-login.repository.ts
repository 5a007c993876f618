// Everything a password log-in checks before the hash, read in one round trip (ADR 194): the
// address's failure counter, the account the identifier names, whether this browser is trusted
// for it and the client's failure counter (the device's or the unknown clients'), the password
// hash, the social-only check's providers and whether a second factor exists. It was six to nine
// statements, each a round trip (and, on PGlite, work on the server's one thread).
import { sql, type Kysely } from 'kysely';
import type { Database, SuspensionReason } from '@corkboard/db/schema';
import { CREDENTIAL_PROVIDER, type AccountStatusRow } from './auth.repository.ts';
import { limitKeys } from './limits.ts';
import { counterState, type CounterRow, type CounterState } from './rate-limits.repository.ts';

export interface PasswordLoginState {
  /** The address's failed-log-in counter (auth.md §8's IP rule), whatever the account. */
  ipFailures: CounterState | undefined;
  account:
    | (AccountStatusRow & {
        /** The credential account's password hash; null without one. */
        passwordHash: string | null;
        /** Provider ids of the account's identities (credential, google, facebook, …). */
        providers: string[];
        /** A verified SMS or TOTP factor, or a passkey: "complete the login" asks for one. */
        hasSecondFactor: boolean;
        /** This browser logged in to the account before (docs/decisions/042). */
        trustedDevice: boolean;
        /** The counter wrong passwords count on: the device's when trusted, else the account's. */
        clientFailures: CounterState | undefined;
      })
    | undefined;
}

interface Row {
  ip_count: number | null;
  ip_window_started_at: Date | string | null;
  ip_locked_until: Date | string | null;
  id: string | null;
  username: string;
  email: string | null;
  first_name: string;
  deactivated_at: Date | null;
  suspended_at: Date | null;
  suspension_reason: SuspensionReason | null;
  soft_banned_at: Date | null;
  password_hash: string | null;
  providers: string[] | null;
  has_second_factor: boolean | null;
  trusted_device: boolean | null;
  client_count: number | null;
  client_window_started_at: Date | string | null;
  client_locked_until: Date | string | null;
}

function counterOf(
  count: number | null,
  windowStartedAt: Date | string | null,
  lockedUntil: Date | string | null,
): CounterState | undefined {
  if (count === null || windowStartedAt === null) return undefined;
  const row: CounterRow = { count, window_started_at: windowStartedAt, locked_until: lockedUntil };
  return counterState(row);
}

/**
 * The state of a password log-in for `identifier` (an e-mail when it has an `@`, else a
 * username; case-insensitive as the unique indexes) from `ip` and the browser whose device
 * cookie hashes to `deviceHash` (null without a well-formed cookie).
 */
export async function readPasswordLoginState(
  db: Kysely<Database>,
  input: { identifier: string; ip: string; deviceHash: string | null },
): Promise<PasswordLoginState> {
  const value = input.identifier.trim().toLowerCase();
  const column = value.includes('@') ? sql`lower(u.email)` : sql`lower(u.username)`;
  // The client counter's key is limitKeys' own, with the account id appended in SQL: both keys
  // end in the user id (checked in password-login.int.test.ts against limitKeys).
  const accountKeyPrefix = limitKeys.accountFailures('');
  const deviceKeyPrefix =
    input.deviceHash === null ? null : limitKeys.deviceFailures(input.deviceHash, '');
  const result = await sql<Row>`
    SELECT ip.count AS ip_count, ip.window_started_at AS ip_window_started_at,
           ip.locked_until AS ip_locked_until,
           a.id, a.username, a.email, a.first_name, a.deactivated_at, a.suspended_at,
           a.suspension_reason, a.soft_banned_at, a.password_hash, a.providers,
           a.has_second_factor, a.trusted_device,
           c.count AS client_count, c.window_started_at AS client_window_started_at,
           c.locked_until AS client_locked_until
    FROM (SELECT 1) AS one
    LEFT JOIN auth_rate_limits ip ON ip.key = ${limitKeys.ipFailures(input.ip)}
    LEFT JOIN LATERAL (
      SELECT u.id, u.username, u.email, u.first_name, u.deactivated_at, u.suspended_at,
             u.suspension_reason, u.soft_banned_at,
             (SELECT aa.password FROM auth_accounts aa
              WHERE aa.user_id = u.id AND aa.provider_id = ${CREDENTIAL_PROVIDER}
              LIMIT 1) AS password_hash,
             ARRAY(SELECT aa.provider_id FROM auth_accounts aa
                   WHERE aa.user_id = u.id AND (aa.provider_id <> ${CREDENTIAL_PROVIDER}
                                                OR aa.password IS NOT NULL)
                   ORDER BY aa.provider_id) AS providers,
             (EXISTS (SELECT 1 FROM mfa_factors f
                      WHERE f.user_id = u.id AND f.verified_at IS NOT NULL)
              OR EXISTS (SELECT 1 FROM webauthn_credentials w WHERE w.user_id = u.id))
               AS has_second_factor,
             (${input.deviceHash}::text IS NOT NULL AND EXISTS (
                SELECT 1 FROM auth_trusted_devices d
                WHERE d.device_hash = ${input.deviceHash}::text AND d.user_id = u.id))
               AS trusted_device
      FROM users u
      WHERE ${column} = ${value}
      LIMIT 1
    ) a ON true
    LEFT JOIN auth_rate_limits c ON c.key = CASE
      WHEN a.trusted_device THEN ${deviceKeyPrefix}::text || a.id
      ELSE ${accountKeyPrefix}::text || a.id END
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('the log-in state query answers one row');
  const ipFailures = counterOf(row.ip_count, row.ip_window_started_at, row.ip_locked_until);
  if (row.id === null) return { ipFailures, account: undefined };
  return {
    ipFailures,
    account: {
      id: String(row.id),
      username: row.username,
      email: row.email,
      first_name: row.first_name,
      deactivated_at: row.deactivated_at,
      suspended_at: row.suspended_at,
      suspension_reason: row.suspension_reason,
      soft_banned_at: row.soft_banned_at,
      passwordHash: row.password_hash,
      providers: row.providers ?? [],
      hasSecondFactor: row.has_second_factor === true,
      trustedDevice: row.trusted_device === true,
      clientFailures: counterOf(
        row.client_count,
        row.client_window_started_at,
        row.client_locked_until,
      ),
    },
  };
}
