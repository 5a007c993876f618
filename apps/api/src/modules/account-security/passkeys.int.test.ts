// Passkeys end to end through the API (docs/decisions/166) with a software authenticator
// (test/soft-authenticator.ts): enrolment behind re-authentication, the list, rename and
// removal, the passwordless log-in, the passkey as the second step of a password log-in, and
// every refusal — replayed challenge, wrong origin, wrong RP ID, counter regression, no user
// verification for passwordless, removal without re-authentication, someone else's passkey.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { SoftAuthenticator } from '../../test/soft-authenticator.ts';
import {
  body,
  errorCode,
  errorData,
  GOOD_PASSWORD,
  newBrowser,
  signUp,
  type SignedUpPerson,
  type TestBrowser,
  uniqueEmail,
} from '../../test/test-browser.ts';
import { MFA_CHALLENGE_COOKIE } from './mfa.service.ts';
import { PASSKEY_CHALLENGE_TTL_MS } from './passkey-auth.service.ts';
import { REAUTH_WINDOW_MS } from './security.service.ts';

const CODES = ERROR_CODES;
const SESSION_COOKIE = 'corkboard.session_token';
const PASSKEYS = '/v3/users/me/security/passkeys';
const ORIGIN = 'http://corkboard.test';
const RP_ID = 'corkboard.test';

let handle: DbHandle;
let test: TestApp;

const browser = (): TestBrowser => newBrowser(test.app);
type Person = SignedUpPerson;
const person = (): Promise<Person> => signUp(test.app, 'passkey');

async function reauth(p: Person): Promise<void> {
  const response = await p.b.post('/v3/users/me/security/reauth/', { password: GOOD_PASSWORD });
  expect(response.statusCode).toBe(200);
}

async function challengeOf(response: Awaited<ReturnType<TestBrowser['post']>>): Promise<string> {
  expect(response.statusCode).toBe(200);
  return Promise.resolve(body<{ challenge: string }>(response).resource_response.data.challenge);
}

interface EnrolResult {
  id: string;
  backupCodes: string[] | null;
}

async function enrol(
  p: Person,
  authenticator: SoftAuthenticator,
  name?: string,
): Promise<EnrolResult> {
  await reauth(p);
  const challenge = await challengeOf(await p.b.post(`${PASSKEYS}/options/`));
  const response = await p.b.post(`${PASSKEYS}/`, {
    ...(name ? { name } : {}),
    response: authenticator.register(challenge),
  });
  expect(response.statusCode).toBe(200);
  const data = body<{ passkey: { id: string }; backup_codes: string[] | null }>(response)
    .resource_response.data;
  return { id: data.passkey.id, backupCodes: data.backup_codes };
}

async function passwordless(b: TestBrowser, authenticator: SoftAuthenticator, options = {}) {
  const challenge = await challengeOf(await b.post('/v3/login/passkey/options/'));
  return {
    challenge,
    response: await b.post('/v3/login/passkey/', {
      response: authenticator.assert(challenge, options),
    }),
  };
}

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, { viewer: 'session' });
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('enrolment', () => {
  it('needs a re-authentication, then stores the passkey and lists it', async () => {
    const p = await person();
    const early = await p.b.post(`${PASSKEYS}/options/`);
    expect(early.statusCode).toBe(403);
    expect(errorCode(early)).toBe(CODES.REAUTH_REQUIRED.code);

    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    await reauth(p);
    const options = await p.b.post(`${PASSKEYS}/options/`);
    const data = body<{
      challenge: string;
      rp: { id: string };
      authenticatorSelection: { residentKey: string };
    }>(options).resource_response.data;
    expect(data.rp.id).toBe(RP_ID);
    expect(data.authenticatorSelection.residentKey).toBe('required');
    expect(options.headers['cache-control']).toBe('no-store');

    const added = await p.b.post(`${PASSKEYS}/`, {
      name: 'Laptop',
      response: authenticator.register(data.challenge),
    });
    expect(added.statusCode).toBe(200);
    const result = body<{ passkey: { name: string }; backup_codes: string[] }>(added)
      .resource_response.data;
    expect(result.passkey.name).toBe('Laptop');
    // The first second factor brings the backup codes, shown once.
    expect(result.backup_codes).toHaveLength(10);

    const list = await p.b.get(`${PASSKEYS}/`);
    const listed = body<{ passkeys: Array<Record<string, unknown>>; max: number }>(list)
      .resource_response.data;
    expect(listed.max).toBe(20);
    expect(listed.passkeys).toEqual([
      expect.objectContaining({
        name: 'Laptop',
        last_used_at: null,
        created_at: expect.any(String) as unknown,
      }),
    ]);
    const state = await p.b.get('/v3/users/me/security/');
    expect(body<{ passkey_count: number }>(state).resource_response.data.passkey_count).toBe(1);
  });

  it('refuses a replayed challenge', async () => {
    const p = await person();
    await reauth(p);
    const challenge = await challengeOf(await p.b.post(`${PASSKEYS}/options/`));
    const first = new SoftAuthenticator(ORIGIN, RP_ID);
    expect(
      (await p.b.post(`${PASSKEYS}/`, { response: first.register(challenge) })).statusCode,
    ).toBe(200);
    const second = new SoftAuthenticator(ORIGIN, RP_ID);
    const replay = await p.b.post(`${PASSKEYS}/`, { response: second.register(challenge) });
    expect(replay.statusCode).toBe(400);
    expect(errorCode(replay)).toBe(CODES.PASSKEY_CHALLENGE_INVALID.code);
  });

  it('refuses a wrong origin and a wrong RP ID, and burns the challenge', async () => {
    const p = await person();
    await reauth(p);
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    let challenge = await challengeOf(await p.b.post(`${PASSKEYS}/options/`));
    const wrongOrigin = await p.b.post(`${PASSKEYS}/`, {
      response: authenticator.register(challenge, { origin: 'http://evil.test' }),
    });
    expect(errorCode(wrongOrigin)).toBe(CODES.PASSKEY_VERIFICATION_FAILED.code);
    const again = await p.b.post(`${PASSKEYS}/`, { response: authenticator.register(challenge) });
    expect(errorCode(again)).toBe(CODES.PASSKEY_CHALLENGE_INVALID.code);

    challenge = await challengeOf(await p.b.post(`${PASSKEYS}/options/`));
    const wrongRp = await p.b.post(`${PASSKEYS}/`, {
      response: authenticator.register(challenge, { rpId: 'evil.test' }),
    });
    expect(errorCode(wrongRp)).toBe(CODES.PASSKEY_VERIFICATION_FAILED.code);
    expect(
      body<{ passkeys: unknown[] }>(await p.b.get(`${PASSKEYS}/`)).resource_response.data.passkeys,
    ).toEqual([]);
  });

  it("refuses an expired challenge and another person's challenge", async () => {
    const p = await person();
    const other = await person();
    await reauth(p);
    await reauth(other);
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    const stolen = await challengeOf(await other.b.post(`${PASSKEYS}/options/`));
    const cross = await p.b.post(`${PASSKEYS}/`, { response: authenticator.register(stolen) });
    expect(errorCode(cross)).toBe(CODES.PASSKEY_CHALLENGE_INVALID.code);

    const challenge = await challengeOf(await p.b.post(`${PASSKEYS}/options/`));
    test.clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1000);
    const late = await p.b.post(`${PASSKEYS}/`, { response: authenticator.register(challenge) });
    expect(errorCode(late)).toBe(CODES.PASSKEY_CHALLENGE_INVALID.code);
  });

  it('refuses the same credential twice and bad input with 400', async () => {
    const p = await person();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(p, authenticator);
    const challenge = await challengeOf(await p.b.post(`${PASSKEYS}/options/`));
    const twice = await p.b.post(`${PASSKEYS}/`, { response: authenticator.register(challenge) });
    expect(twice.statusCode).toBe(409);
    expect(errorCode(twice)).toBe(CODES.PASSKEY_ALREADY_REGISTERED.code);

    const junk = await p.b.post(`${PASSKEYS}/`, { response: { id: '!!', type: 'public-key' } });
    expect(junk.statusCode).toBe(400);
    const notBase64 = await p.b.post(`${PASSKEYS}/`, {
      response: {
        ...authenticator.register('x'),
        response: { clientDataJSON: 'bm90IGpzb24', attestationObject: 'AA' },
      },
    });
    expect(notBase64.statusCode).toBe(400);
    expect(errorCode(notBase64)).toBe(CODES.PASSKEY_CHALLENGE_INVALID.code);
  });
});

describe('passwordless log-in', () => {
  it('logs in with a discoverable passkey and records its use', async () => {
    const p = await person();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(p, authenticator);

    const b = browser();
    const options = await b.post('/v3/login/passkey/options/');
    const data = body<{
      challenge: string;
      userVerification: string;
      allowCredentials?: unknown[];
    }>(options).resource_response.data;
    expect(data.userVerification).toBe('required');
    expect(data.allowCredentials ?? []).toEqual([]);
    const login = await b.post('/v3/login/passkey/', {
      response: authenticator.assert(data.challenge),
    });
    expect(login.statusCode).toBe(200);
    expect(body<AuthSuccess>(login).resource_response.data.user.id).toBe(p.id);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(true);
    // A passkey with user verification is both factors: no second step even with two-factor on.
    expect(b.cookies.has(MFA_CHALLENGE_COOKIE)).toBe(false);

    const me = await b.get('/v3/users/me/');
    expect(me.statusCode).toBe(200);
    const listed = body<{ passkeys: Array<{ last_used_at: string | null }> }>(
      await p.b.get(`${PASSKEYS}/`),
    ).resource_response.data.passkeys;
    expect(listed[0]?.last_used_at).not.toBeNull();

    // The same challenge, answered again, is refused.
    const replay = await browser().post('/v3/login/passkey/', {
      response: authenticator.assert(data.challenge),
    });
    expect(errorCode(replay)).toBe(CODES.PASSKEY_CHALLENGE_INVALID.code);
  });

  it('refuses a counter that did not grow (a cloned authenticator)', async () => {
    const p = await person();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(p, authenticator);
    expect((await passwordless(browser(), authenticator)).response.statusCode).toBe(200);
    const seen = authenticator.counter;
    const { response } = await passwordless(browser(), authenticator, { counter: seen });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe(CODES.PASSKEY_COUNTER_INVALID.code);
    const lower = await passwordless(browser(), authenticator, { counter: seen - 1 });
    expect(errorCode(lower.response)).toBe(CODES.PASSKEY_COUNTER_INVALID.code);
  });

  it('requires user verification, the right origin and RP ID, and a known passkey', async () => {
    const p = await person();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(p, authenticator);
    const noUv = await passwordless(browser(), authenticator, { userVerified: false });
    expect(errorCode(noUv.response)).toBe(CODES.PASSKEY_VERIFICATION_FAILED.code);
    const origin = await passwordless(browser(), authenticator, { origin: 'http://evil.test' });
    expect(errorCode(origin.response)).toBe(CODES.PASSKEY_VERIFICATION_FAILED.code);
    const rp = await passwordless(browser(), authenticator, { rpId: 'evil.test' });
    expect(errorCode(rp.response)).toBe(CODES.PASSKEY_VERIFICATION_FAILED.code);
    const stranger = await passwordless(browser(), new SoftAuthenticator(ORIGIN, RP_ID));
    expect(errorCode(stranger.response)).toBe(CODES.PASSKEY_UNKNOWN.code);
    const b = browser();
    const result = await passwordless(b, authenticator);
    expect(result.response.statusCode).toBe(200);
  });
});

describe('passkey as the second factor', () => {
  it('is offered at the MFA step and finishes the password log-in', async () => {
    const p = await person();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(p, authenticator);

    const b = browser();
    const first = await b.post('/v3/login/', {
      username_or_email: p.email,
      password: GOOD_PASSWORD,
    });
    expect(errorCode(first)).toBe(CODES.AUTH_MFA_REQUIRED.code);
    expect(errorData(first)['factors']).toEqual(['passkey', 'backup_code']);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);

    // Without the pending log-in's cookie there is nothing to answer.
    const orphan = await browser().post('/v3/login/mfa/passkey/options/');
    expect(errorCode(orphan)).toBe(CODES.AUTH_MFA_CHALLENGE_EXPIRED.code);

    const options = await b.post('/v3/login/mfa/passkey/options/');
    const data = body<{ challenge: string; allowCredentials: Array<{ id: string }> }>(options)
      .resource_response.data;
    expect(data.allowCredentials.map((c) => c.id)).toEqual([authenticator.id]);

    // Another person's passkey does not pass this person's step.
    const intruder = await person();
    const theirs = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(intruder, theirs);
    const wrong = await b.post('/v3/login/mfa/passkey/', {
      response: theirs.assert(data.challenge),
    });
    expect(errorCode(wrong)).toBe(CODES.PASSKEY_UNKNOWN.code);

    const fresh = body<{ challenge: string }>(await b.post('/v3/login/mfa/passkey/options/'))
      .resource_response.data.challenge;
    const passed = await b.post('/v3/login/mfa/passkey/', {
      response: authenticator.assert(fresh),
    });
    expect(passed.statusCode).toBe(200);
    expect(body<AuthSuccess>(passed).resource_response.data.user.id).toBe(p.id);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(b.cookies.has(MFA_CHALLENGE_COOKIE)).toBe(false);

    // The pending log-in is used up.
    const again = await b.post('/v3/login/mfa/passkey/options/');
    expect(errorCode(again)).toBe(CODES.AUTH_MFA_CHALLENGE_EXPIRED.code);
  });
});

describe('rename and removal', () => {
  it('renames without re-authentication, removes only with it, and only its own', async () => {
    const p = await person();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    const { id } = await enrol(p, authenticator);

    const renamed = await p.b.put(`${PASSKEYS}/${id}/`, { name: '  Phone  ' });
    expect(renamed.statusCode).toBe(200);
    expect(body<{ name: string }>(renamed).resource_response.data.name).toBe('Phone');
    const blank = await p.b.put(`${PASSKEYS}/${id}/`, { name: '   ' });
    expect(blank.statusCode).toBe(400);

    const other = await person();
    await reauth(other);
    const notTheirs = await other.b.delete(`${PASSKEYS}/${id}/`);
    expect(errorCode(notTheirs)).toBe(CODES.PASSKEY_NOT_FOUND.code);
    const renameTheirs = await other.b.put(`${PASSKEYS}/${id}/`, { name: 'Mine' });
    expect(errorCode(renameTheirs)).toBe(CODES.PASSKEY_NOT_FOUND.code);

    test.clock.advance(REAUTH_WINDOW_MS + 1000);
    const early = await p.b.delete(`${PASSKEYS}/${id}/`);
    expect(early.statusCode).toBe(403);
    expect(errorCode(early)).toBe(CODES.REAUTH_REQUIRED.code);
    await reauth(p);
    const removed = await p.b.delete(`${PASSKEYS}/${id}/`);
    expect(removed.statusCode).toBe(200);
    expect(body<{ passkeys: unknown[] }>(removed).resource_response.data.passkeys).toEqual([]);
    // The last factor gone, two-factor is off and the backup codes went with it.
    const state = body<{ backup_codes_left: number }>(await p.b.get('/v3/users/me/security/'))
      .resource_response.data;
    expect(state.backup_codes_left).toBe(0);
    const login = await browser().post('/v3/login/', {
      username_or_email: p.email,
      password: GOOD_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    // A removed passkey logs no one in.
    const gone = await passwordless(browser(), authenticator);
    expect(errorCode(gone.response)).toBe(CODES.PASSKEY_UNKNOWN.code);
  });
});

describe('re-authentication with a passkey (ADR 189)', () => {
  const REAUTH = '/v3/users/me/security/reauth';

  async function reauthOptions(p: Person): Promise<string> {
    return challengeOf(await p.b.post(`${REAUTH}/passkey/options/`));
  }

  it('re-authenticates the session for factor changes, with user verification', async () => {
    const p = await person();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(p, authenticator);
    test.clock.advance(REAUTH_WINDOW_MS + 1000);
    expect(errorCode(await p.b.post('/v3/users/me/security/totp/'))).toBe(
      CODES.REAUTH_REQUIRED.code,
    );

    const options = await p.b.post(`${REAUTH}/passkey/options/`);
    const data = body<{ challenge: string; userVerification: string; allowCredentials: unknown[] }>(
      options,
    ).resource_response.data;
    expect(data.userVerification).toBe('required');
    expect(data.allowCredentials).toHaveLength(1);
    expect(options.headers['cache-control']).toBe('no-store');

    const passed = await p.b.post(`${REAUTH}/`, { passkey: authenticator.assert(data.challenge) });
    expect(passed.statusCode).toBe(200);
    expect(
      body<{ reauthenticated_until: string | null }>(passed).resource_response.data
        .reauthenticated_until,
    ).not.toBeNull();
    expect((await p.b.post('/v3/users/me/security/totp/')).statusCode).toBe(200);
  });

  it('refuses an answer without user verification, a replayed one and another session’s', async () => {
    const p = await person();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(p, authenticator);
    test.clock.advance(REAUTH_WINDOW_MS + 1000);

    const noUv = await p.b.post(`${REAUTH}/`, {
      passkey: authenticator.assert(await reauthOptions(p), { userVerified: false }),
    });
    expect(noUv.statusCode).toBe(400);
    expect(errorCode(noUv)).toBe(CODES.REAUTH_FAILED.code);
    expect(errorData(noUv)).toMatchObject({ field: 'passkey' });

    const challenge = await reauthOptions(p);
    const answer = authenticator.assert(challenge);
    expect((await p.b.post(`${REAUTH}/`, { passkey: answer })).statusCode).toBe(200);
    test.clock.advance(REAUTH_WINDOW_MS + 1000);
    const replay = await p.b.post(`${REAUTH}/`, { passkey: answer });
    expect(errorCode(replay)).toBe(CODES.REAUTH_FAILED.code);

    // Options asked for by another of the person's sessions do not re-authenticate this one.
    const second = browser();
    expect((await passwordless(second, authenticator)).response.statusCode).toBe(200);
    const elsewhere = body<{ challenge: string }>(await second.post(`${REAUTH}/passkey/options/`))
      .resource_response.data.challenge;
    const crossed = await p.b.post(`${REAUTH}/`, { passkey: authenticator.assert(elsewhere) });
    expect(errorCode(crossed)).toBe(CODES.REAUTH_FAILED.code);
    expect(errorCode(await p.b.post('/v3/users/me/security/totp/'))).toBe(
      CODES.REAUTH_REQUIRED.code,
    );
  });

  it("refuses someone else's passkey and answers PASSKEY_NOT_FOUND without one", async () => {
    const p = await person();
    const other = await person();
    const mine = new SoftAuthenticator(ORIGIN, RP_ID);
    const theirs = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(p, mine);
    await enrol(other, theirs);
    test.clock.advance(REAUTH_WINDOW_MS + 1000);
    const wrongKey = await p.b.post(`${REAUTH}/`, {
      passkey: theirs.assert(await reauthOptions(p)),
    });
    expect(errorCode(wrongKey)).toBe(CODES.REAUTH_FAILED.code);

    const none = await person();
    expect(errorCode(await none.b.post(`${REAUTH}/passkey/options/`))).toBe(
      CODES.PASSKEY_NOT_FOUND.code,
    );
    expect(errorCode(await browser().post(`${REAUTH}/passkey/options/`))).toBe(
      CODES.UNAUTHORIZED.code,
    );
  });

  it('stands in for the password of the other settings: e-mail change and deactivation', async () => {
    const p = await person();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(p, authenticator);
    test.clock.advance(REAUTH_WINDOW_MS + 1000);

    // Without the password or a re-authentication of this session, both are refused.
    const email = uniqueEmail('passkey-new');
    const noProof = await p.b.post('/v3/users/me/email/', { email });
    expect(errorCode(noProof)).toBe(CODES.PASSWORD_CURRENT_INCORRECT.code);
    const noDeactivate = await p.b.post('/v3/users/me/deactivate/', {});
    expect(errorCode(noDeactivate)).toBe(CODES.DEACTIVATE_REAUTH_REQUIRED.code);

    const passed = await p.b.post(`${REAUTH}/`, {
      passkey: authenticator.assert(await reauthOptions(p)),
    });
    expect(passed.statusCode).toBe(200);
    expect((await p.b.post('/v3/users/me/email/', { email })).statusCode).toBe(200);
    // A wrong password typed anyway is still wrong.
    expect(
      errorCode(await p.b.post('/v3/users/me/deactivate/', { password: 'not-my-password' })),
    ).toBe(CODES.DEACTIVATE_REAUTH_REQUIRED.code);
    expect((await p.b.post('/v3/users/me/deactivate/', {})).statusCode).toBe(200);

    // The re-authentication lasts the window only.
    const q = await person();
    const other = new SoftAuthenticator(ORIGIN, RP_ID);
    await enrol(q, other);
    await q.b.post(`${REAUTH}/`, { passkey: other.assert(await reauthOptions(q)) });
    test.clock.advance(REAUTH_WINDOW_MS + 1000);
    expect(errorCode(await q.b.post('/v3/users/me/deactivate/', {}))).toBe(
      CODES.DEACTIVATE_REAUTH_REQUIRED.code,
    );
  });
});
