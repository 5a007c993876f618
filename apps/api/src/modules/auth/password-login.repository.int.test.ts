// The log-in's one state read (ADR 194) answers what the separate reads it replaces answered:
// the address's and the client's failure counters under limitKeys' own keys (the device's when
// the browser is trusted for the account, else the unknown clients'), the account by e-mail or
// username, its password hash, its providers and whether it has a second factor. And the last
// step of "complete the login" (ADR 199): trusting the browser and reading the person for the
// answer in one statement does what trustDevice and findAuthUser did one after the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { createFixtures, type UserFixture } from '../../test/fixtures.ts';
import { deviceHash, rememberDevice } from '../account-security/devices.service.ts';
import { socialOnlyProvider } from './auth-rules.ts';
import { ACCOUNT_FAILURE_RULE, IP_FAILURE_RULE, limitKeys } from './limits.ts';
import { findAuthUser, trustDeviceAndFindAuthUser } from './auth.repository.ts';
import { readPasswordLoginState } from './password-login.repository.ts';
import { readCounter, recordHit } from './rate-limits.repository.ts';

const IP = '198.51.100.7';
const TRUSTED_ID = 't'.repeat(43);
const TRUSTED = deviceHash(TRUSTED_ID);
const UNKNOWN = deviceHash('u'.repeat(43));

let handle: DbHandle;
let person: UserFixture;
let email: string;
let now: Date;

beforeAll(async () => {
  handle = await createTestDb();
  const db = handle.db;
  person = await createFixtures(db).user();
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', person.id)
    .executeTakeFirstOrThrow();
  email = row.email ?? '';
  await db
    .insertInto('auth_accounts')
    .values([
      { user_id: person.id, provider_id: 'credential', account_id: person.id, password: 'h:1' },
      { user_id: person.id, provider_id: 'google', account_id: 'g-1' },
    ])
    .execute();
  now = new Date();
  await rememberDevice({ db, now: () => now }, TRUSTED_ID, person.id);
  await recordHit(db, limitKeys.ipFailures(IP), IP_FAILURE_RULE, now);
  await recordHit(db, limitKeys.accountFailures(person.id), ACCOUNT_FAILURE_RULE, now);
  for (let i = 0; i < 2; i += 1) {
    await recordHit(db, limitKeys.deviceFailures(TRUSTED, person.id), ACCOUNT_FAILURE_RULE, now);
  }
});

afterAll(async () => {
  await handle.close();
});

describe('readPasswordLoginState', () => {
  it('reads the account by username or e-mail, case-insensitively, with its hash and providers', async () => {
    for (const identifier of [person.username.toUpperCase(), ` ${email.toUpperCase()} `]) {
      const state = await readPasswordLoginState(handle.db, {
        identifier,
        ip: IP,
        deviceHash: null,
      });
      expect(state.account).toMatchObject({
        id: person.id,
        username: person.username,
        passwordHash: 'h:1',
        providers: ['credential', 'google'],
        hasSecondFactor: false,
        trustedDevice: false,
      });
      expect(socialOnlyProvider(state.account?.providers ?? [])).toBeUndefined();
    }
  });

  it("answers the counters under limitKeys' keys: the device's when trusted, else the account's", async () => {
    const db = handle.db;
    const ip = await readCounter(db, limitKeys.ipFailures(IP));
    const device = await readCounter(db, limitKeys.deviceFailures(TRUSTED, person.id));
    const account = await readCounter(db, limitKeys.accountFailures(person.id));
    expect(device?.count).toBe(2);
    expect(account?.count).toBe(1);

    const trusted = await readPasswordLoginState(db, {
      identifier: person.username,
      ip: IP,
      deviceHash: TRUSTED,
    });
    expect(trusted.ipFailures).toEqual(ip);
    expect(trusted.account?.trustedDevice).toBe(true);
    expect(trusted.account?.clientFailures).toEqual(device);

    const unknown = await readPasswordLoginState(db, {
      identifier: person.username,
      ip: IP,
      deviceHash: UNKNOWN,
    });
    expect(unknown.account?.trustedDevice).toBe(false);
    expect(unknown.account?.clientFailures).toEqual(account);
  });

  it('answers the address counter for an unknown account, and nothing for a fresh address', async () => {
    const state = await readPasswordLoginState(handle.db, {
      identifier: 'nobody_here',
      ip: IP,
      deviceHash: TRUSTED,
    });
    expect(state.account).toBeUndefined();
    expect(state.ipFailures?.count).toBe(1);
    const fresh = await readPasswordLoginState(handle.db, {
      identifier: person.username,
      ip: '198.51.100.200',
      deviceHash: null,
    });
    // Same /64 rule as limitKeys: a v4 address is its own network.
    expect(fresh.ipFailures).toBeUndefined();
  });

  it('has a second factor once a factor is verified or a passkey registered', async () => {
    const db = handle.db;
    const read = async () =>
      (await readPasswordLoginState(db, { identifier: person.username, ip: IP, deviceHash: null }))
        .account?.hasSecondFactor;
    await db
      .insertInto('mfa_factors')
      .values({ user_id: person.id, kind: 'sms', phone_number: '+15550100' })
      .execute();
    expect(await read()).toBe(false);
    await db
      .updateTable('mfa_factors')
      .set({ verified_at: now })
      .where('user_id', '=', person.id)
      .execute();
    expect(await read()).toBe(true);
    await db.deleteFrom('mfa_factors').where('user_id', '=', person.id).execute();
    await db
      .insertInto('webauthn_credentials')
      .values({
        user_id: person.id,
        credential_id: 'cred-1',
        public_key: new Uint8Array([1, 2, 3]),
        device_type: 'singleDevice',
        backed_up: false,
        aaguid: '00000000-0000-0000-0000-000000000000',
        name: 'Key',
      })
      .execute();
    expect(await read()).toBe(true);
  });

  it('lists a credential without a password nowhere: a Google-only account says so', async () => {
    const db = handle.db;
    await db
      .updateTable('auth_accounts')
      .set({ password: null })
      .where('user_id', '=', person.id)
      .where('provider_id', '=', 'credential')
      .execute();
    const state = await readPasswordLoginState(db, {
      identifier: person.username,
      ip: IP,
      deviceHash: null,
    });
    expect(state.account?.passwordHash).toBeNull();
    expect(state.account?.providers).toEqual(['google']);
    expect(socialOnlyProvider(state.account?.providers ?? [])).toBe('google');
  });
});

describe('trustDeviceAndFindAuthUser', () => {
  const NEW_ID = 'n'.repeat(43);
  const NEW_DEVICE = deviceHash(NEW_ID);

  function devicesOf(hash: string) {
    return handle.db
      .selectFrom('auth_trusted_devices')
      .select(['user_id', 'created_at', 'last_used_at'])
      .where('device_hash', '=', hash)
      .execute();
  }

  it("answers findAuthUser's row and trusts a new browser for the account", async () => {
    const at = new Date(now.getTime() + 60_000);
    const row = await trustDeviceAndFindAuthUser(handle.db, person.id, NEW_ID, at);
    expect(row).toEqual(await findAuthUser(handle.db, person.id));
    expect(row?.id).toBe(person.id);
    const devices = await devicesOf(NEW_DEVICE);
    expect(devices).toHaveLength(1);
    expect(devices[0]?.user_id).toBe(person.id);
    expect(devices[0]?.created_at.getTime()).toBe(at.getTime());
    expect(devices[0]?.last_used_at.getTime()).toBe(at.getTime());
    const state = await readPasswordLoginState(handle.db, {
      identifier: person.username,
      ip: IP,
      deviceHash: NEW_DEVICE,
    });
    expect(state.account?.trustedDevice).toBe(true);
  });

  it('renews a trusted browser (one row, first trusted then, last used now)', async () => {
    const before = await devicesOf(TRUSTED);
    const later = new Date(now.getTime() + 3_600_000);
    await trustDeviceAndFindAuthUser(handle.db, person.id, TRUSTED_ID, later);
    const after = await devicesOf(TRUSTED);
    expect(after).toHaveLength(1);
    expect(after[0]?.created_at.getTime()).toBe(before[0]?.created_at.getTime());
    expect(after[0]?.last_used_at.getTime()).toBe(later.getTime());
  });

  it('fails as a whole, trusting nothing, for an account that does not exist', async () => {
    const missing = '987654321';
    // The insert would break the foreign key; the statement fails as a whole.
    await expect(
      trustDeviceAndFindAuthUser(handle.db, missing, 'm'.repeat(43), now),
    ).rejects.toThrow();
    expect(await devicesOf(deviceHash('m'.repeat(43)))).toHaveLength(0);
  });
});
