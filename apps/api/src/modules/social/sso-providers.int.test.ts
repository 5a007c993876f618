// Identity providers registered by organisations (docs/decisions/154–156), against the real
// loopback peers: the OpenID Connect peer as the organisation's IdP, the DNS peer for the TXT
// proof (DNS_SERVER; never the internet) and a real SMTP server for the mailed proof link.
// Operators only; the client secret never appears in an answer or in the log; a domain is not
// routed to SSO until proven; bad input is a 400 in the envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { DnsPeer } from '@corkboard/dev-peers/dns';
import { authorizeWithChoice } from '@corkboard/dev-peers/login-driver';
import type { AuthSuccess } from '@corkboard/shared/auth/api';
import type {
  SsoDomainVerified,
  SsoInfoAnswer,
  SsoProviderItem,
  SsoTokensAnswer,
} from '@corkboard/shared/auth/social-api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { plainText, type ReceivedMail } from '../../test/smtp-sink.ts';
import { startSsoProviderApp, TEST_ORIGIN, type SsoProviderApp } from '../../test/social-peers.ts';
import type { TestApp } from '../../test/test-app.ts';
import { ADULT_BIRTHDAY, body, errorCode, TestBrowser } from '../../test/test-browser.ts';
import { SSO_DOMAIN_PROOF_MAIL_JOB } from './sso-providers.service.ts';

const CLIENT_ID = 'globex-corkboard';
const CLIENT_SECRET = 'globex-very-secret-value-1234567890';
const SLUG = 'globex';
const WORKER = {
  sub: 'globex-0001',
  email: 'wanda.li@globex.test',
  email_verified: true,
  name: 'Wanda Li',
  given_name: 'Wanda',
  family_name: 'Li',
};

let handle: DbHandle;
let f: Fixtures;
let sso: SsoProviderApp;
let dns: DnsPeer;
const inbox: ReceivedMail[] = [];
const logLines: string[] = [];
let test: TestApp;
let admin: UserFixture;
let person: UserFixture;
let issuer: string;
let ip = 0;

function browser(): TestBrowser {
  ip += 1;
  return new TestBrowser(test.app, `198.51.100.${ip}`);
}

function send<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  who: UserFixture | null,
) {
  return method === 'GET'
    ? test.client.get<T>(url, who)
    : test.client.send<T>(method, url, payload, who);
}

function providerInput(overrides: Record<string, unknown> = {}) {
  return {
    slug: SLUG,
    name: 'Globex Corporation',
    issuer,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    domains: ['globex.test'],
    ...overrides,
  };
}

async function info(email: string): Promise<SsoInfoAnswer> {
  const response = await browser().post('/v3/sso/info/', { email });
  expect(response.statusCode).toBe(200);
  return body<SsoInfoAnswer>(response).resource_response.data;
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  admin = await f.user({ isAdmin: true });
  person = await f.user();
  sso = await startSsoProviderApp(handle.db, {
    idp: {
      slug: SLUG,
      displayName: 'Globex SSO',
      accounts: [WORKER],
      client: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    },
    inbox,
    logLines,
  });
  ({ test, issuer, dns } = sso);
});

afterAll(async () => {
  await sso.close();
  await handle.close();
});

describe('the identity-provider admin', () => {
  it('is for operators only', async () => {
    const visitor = await send('GET', '/v3/admin/sso/providers/', undefined, null);
    expect(visitor.code).toBe(ERROR_CODES.UNAUTHORIZED.code);
    const notAdmin = await send('GET', '/v3/admin/sso/providers/', undefined, person);
    expect(notAdmin.code).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
    const create = await send('POST', '/v3/admin/sso/providers/', providerInput(), person);
    expect(create.code).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
    expect((await send('GET', '/v3/admin/sso/providers/', undefined, admin)).data).toEqual([]);
  });

  it('refuses bad input with 400 in the envelope', async () => {
    const noSecret = await send(
      'POST',
      '/v3/admin/sso/providers/',
      providerInput({ client_secret: '' }),
      admin,
    );
    expect(noSecret.status).toBe(400);
    expect(noSecret.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
    const badSlug = await send(
      'POST',
      '/v3/admin/sso/providers/',
      providerInput({ slug: 'Not A Slug' }),
      admin,
    );
    expect(badSlug.status).toBe(400);
    const badIssuer = await send(
      'POST',
      '/v3/admin/sso/providers/',
      providerInput({ issuer: 'ftp://x' }),
      admin,
    );
    expect(badIssuer.status).toBe(400);
    const badDomain = await send(
      'POST',
      '/v3/admin/sso/providers/',
      providerInput({ domains: ['not a domain'] }),
      admin,
    );
    expect(badDomain.status).toBe(400);
    expect(badDomain.code).toBe(ERROR_CODES.SSO_DOMAIN_INVALID.code);
    const notJson = await send('POST', '/v3/admin/sso/providers/', [1, 2], admin);
    expect(notJson.status).toBe(400);
  });

  it("refuses an issuer whose discovery document can't be read, or a host the fetcher may not reach", async () => {
    const unreachable = await send(
      'POST',
      '/v3/admin/sso/providers/',
      providerInput({ issuer: `${issuer}-nowhere` }),
      admin,
    );
    expect(unreachable.code).toBe(ERROR_CODES.SSO_ISSUER_UNREACHABLE.code);
    expect(unreachable.status).toBe(400);
    // An issuer on a host the fetcher may not reach (the machine itself under another name).
    const ssrf = await send(
      'POST',
      '/v3/admin/sso/providers/',
      providerInput({ issuer: 'http://localhost:9/' }),
      admin,
    );
    expect(ssrf.code).toBe(ERROR_CODES.SSO_ISSUER_UNREACHABLE.code);
  });

  it('registers a provider; the secret is stored encrypted and never answered or logged', async () => {
    const created = await send<SsoProviderItem>(
      'POST',
      '/v3/admin/sso/providers/',
      providerInput(),
      admin,
    );
    expect(
      created.status,
      `${created.code} ${created.detail} ${JSON.stringify(created.errorData)} ${issuer}`,
    ).toBe(200);
    expect(created.data).toMatchObject({
      slug: SLUG,
      issuer,
      client_id: CLIENT_ID,
      redirect_uri: `${TEST_ORIGIN}/api/auth/sso/callback/${SLUG}`,
      domains: [
        {
          domain: 'globex.test',
          verified: false,
          verified_by: null,
          txt_record: { name: '_corkboard-sso.globex.test' },
        },
      ],
    });
    expect(created.response.body).not.toContain(CLIENT_SECRET);
    expect(created.response.body).not.toContain('client_secret');
    const row = await handle.db
      .selectFrom('sso_providers')
      .select('client_secret_encrypted')
      .where('slug', '=', SLUG)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_encrypted).not.toContain(CLIENT_SECRET);
    const listed = await send<SsoProviderItem[]>(
      'GET',
      '/v3/admin/sso/providers/',
      undefined,
      admin,
    );
    expect(listed.data.map((p) => p.slug)).toEqual([SLUG]);
    expect(listed.response.body).not.toContain(CLIENT_SECRET);
    const again = await send(
      'POST',
      '/v3/admin/sso/providers/',
      providerInput({ domains: [] }),
      admin,
    );
    expect(again.code).toBe(ERROR_CODES.SSO_PROVIDER_SLUG_TAKEN.code);
    expect(logLines.join('\n')).not.toContain(CLIENT_SECRET);
  });

  it('does not route an unproven domain to SSO', async () => {
    expect(await info(WORKER.email)).toMatchObject({ is_sso: false, authorization_uri: null });
    const start = await browser().get(
      `/v3/sso/authorize/?email=${encodeURIComponent(WORKER.email)}`,
    );
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain('"error":"not_available"');
  });

  it('refuses a domain another provider (or the environment) already lists', async () => {
    const [provider] = (
      await send<SsoProviderItem[]>('GET', '/v3/admin/sso/providers/', undefined, admin)
    ).data;
    const taken = await send(
      'POST',
      `/v3/admin/sso/providers/${provider!.id}/domains/`,
      { domain: 'GLOBEX.test' },
      admin,
    );
    expect(taken.code).toBe(ERROR_CODES.SSO_DOMAIN_TAKEN.code);
    const bad = await send(
      'POST',
      `/v3/admin/sso/providers/${provider!.id}/domains/`,
      { domain: '-x.test' },
      admin,
    );
    expect(bad.code).toBe(ERROR_CODES.SSO_DOMAIN_INVALID.code);
    const missing = await send(
      'POST',
      '/v3/admin/sso/providers/999999/domains/',
      { domain: 'x.test' },
      admin,
    );
    expect(missing.code).toBe(ERROR_CODES.SSO_PROVIDER_NOT_FOUND.code);
  });
});

describe('domain proof by DNS TXT record', () => {
  it('fails without the record, then verifies once the TXT record holds the token; SSO then routes it end to end', async () => {
    const [provider] = (
      await send<SsoProviderItem[]>('GET', '/v3/admin/sso/providers/', undefined, admin)
    ).data;
    const domain = provider!.domains[0]!;
    const proofUrl = `/v3/admin/sso/providers/${provider!.id}/domains/${domain.id}/dns-proof/`;

    expect((await send('POST', proofUrl, {}, person)).code).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
    const missing = await send('POST', proofUrl, {}, admin);
    expect(missing.code).toBe(ERROR_CODES.SSO_DOMAIN_PROOF_FAILED.code);
    expect(missing.errorData).toMatchObject({ reason: 'record_missing' });

    dns.setTxt(domain.txt_record.name, ['v=spf1 -all', 'corkboard-sso-verification=wrong']);
    expect((await send('POST', proofUrl, {}, admin)).code).toBe(
      ERROR_CODES.SSO_DOMAIN_PROOF_FAILED.code,
    );
    expect(await info(WORKER.email)).toMatchObject({ is_sso: false });

    dns.setTxt(domain.txt_record.name, [domain.txt_record.value]);
    const proven = await send<SsoProviderItem>('POST', proofUrl, {}, admin);
    expect(proven.status, JSON.stringify(proven.data)).toBe(200);
    expect(proven.data.domains[0]).toMatchObject({ verified: true, verified_by: 'dns' });
    expect((await send('POST', proofUrl, {}, admin)).code).toBe(
      ERROR_CODES.SSO_DOMAIN_ALREADY_VERIFIED.code,
    );

    // Routed now: the pop-up goes to the organisation's IdP; the code is traded with the
    // decrypted secret; the business signup registers with the ID token.
    expect(await info(WORKER.email)).toMatchObject({
      is_sso: true,
      existing_user: false,
      redirect_uri: `${TEST_ORIGIN}/api/auth/sso/callback/${SLUG}`,
    });
    const b = browser();
    const start = await b.get(`/v3/sso/authorize/?email=${encodeURIComponent(WORKER.email)}`);
    expect(start.statusCode).toBe(302);
    const callback = await authorizeWithChoice(
      String(start.headers.location),
      { account: WORKER.sub },
      (url) => url.origin === TEST_ORIGIN,
    );
    expect(callback.pathname).toBe(`/api/auth/sso/callback/${SLUG}`);
    await b.get(callback.pathname + callback.search);
    const exchange = await b.post('/v3/sso/token/', {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const tokens = body<SsoTokensAnswer>(exchange).resource_response.data;
    expect(tokens).toMatchObject({
      sso_id: WORKER.sub,
      sso_email: WORKER.email,
      sso_user_name: 'Wanda Li',
    });
    const signup = await b.post('/v3/register/', {
      type: 'sso',
      sso_id_token: tokens.sso_id_token,
      birthday: ADULT_BIRTHDAY,
    });
    expect(signup.statusCode, signup.body).toBe(200);
    expect(body<AuthSuccess>(signup).resource_response.data.user).toMatchObject({
      email: WORKER.email,
      account_type: 'business',
    });
    expect(logLines.join('\n')).not.toContain(CLIENT_SECRET);
  });
});

describe('domain proof by e-mail', () => {
  function proofLinkToken(mail: ReceivedMail): string {
    const match = /http:\/\/corkboard\.test\/sso\/verify-domain\/\?token=([A-Za-z0-9_%-]+)/.exec(
      plainText(mail.raw),
    );
    if (!match?.[1]) throw new Error(`no proof link in:\n${mail.raw}`);
    return decodeURIComponent(match[1]);
  }

  it('mails a single-use link to an administrative address at the domain', async () => {
    const [provider] = (
      await send<SsoProviderItem[]>('GET', '/v3/admin/sso/providers/', undefined, admin)
    ).data;
    const added = await send<SsoProviderItem>(
      'POST',
      `/v3/admin/sso/providers/${provider!.id}/domains/`,
      { domain: 'initech.test' },
      admin,
    );
    expect(added.status).toBe(200);
    const domain = added.data.domains.find((d) => d.domain === 'initech.test')!;
    const proofUrl = `/v3/admin/sso/providers/${provider!.id}/domains/${domain.id}/email-proof/`;

    const notAdminMailbox = await send('POST', proofUrl, { mailbox: 'ceo' }, admin);
    expect(notAdminMailbox.status).toBe(400);
    expect(notAdminMailbox.code).toBe(ERROR_CODES.SSO_DOMAIN_EMAIL_INVALID.code);
    expect((await send('POST', proofUrl, { mailbox: 'admin' }, person)).code).toBe(
      ERROR_CODES.ADMIN_REQUIRED.code,
    );

    const before = inbox.length;
    const sent = await send<SsoProviderItem>('POST', proofUrl, { mailbox: 'hostmaster' }, admin);
    expect(sent.status).toBe(200);
    expect(sent.data.domains.find((d) => d.id === domain.id)).toMatchObject({
      verified: false,
      email_sent_to: 'hostmaster@initech.test',
    });
    expect(await test.app.jobs.workDue(SSO_DOMAIN_PROOF_MAIL_JOB)).toBe(1);
    const mail = inbox[before];
    if (!mail) throw new Error('expected the proof mail');
    expect(mail.to).toEqual(['hostmaster@initech.test']);
    const token = proofLinkToken(mail);
    // The link is not in the log, nor the secret.
    expect(logLines.join('\n')).not.toContain(token);

    expect(await info('someone@initech.test')).toMatchObject({ is_sso: false });
    const wrong = await browser().post('/v3/sso/domains/verify/', { token: 'x'.repeat(43) });
    expect(errorCode(wrong)).toBe(ERROR_CODES.SSO_DOMAIN_LINK_INVALID.code);
    const verified = await browser().post('/v3/sso/domains/verify/', { token });
    expect(verified.statusCode).toBe(200);
    expect(body<SsoDomainVerified>(verified).resource_response.data).toEqual({
      domain: 'initech.test',
    });
    const twice = await browser().post('/v3/sso/domains/verify/', { token });
    expect(errorCode(twice)).toBe(ERROR_CODES.SSO_DOMAIN_LINK_INVALID.code);
    const short = await browser().post('/v3/sso/domains/verify/', { token: 'short' });
    expect(short.statusCode).toBe(400);

    expect(await info('someone@initech.test')).toMatchObject({
      is_sso: true,
      redirect_uri: `${TEST_ORIGIN}/api/auth/sso/callback/${SLUG}`,
    });
    const listed = await send<SsoProviderItem[]>(
      'GET',
      '/v3/admin/sso/providers/',
      undefined,
      admin,
    );
    expect(listed.data[0]?.domains.find((d) => d.domain === 'initech.test')).toMatchObject({
      verified: true,
      verified_by: 'email',
    });
  });

  it('a removed domain stops routing; a removed provider takes its domains with it', async () => {
    const [provider] = (
      await send<SsoProviderItem[]>('GET', '/v3/admin/sso/providers/', undefined, admin)
    ).data;
    const initech = provider!.domains.find((d) => d.domain === 'initech.test')!;
    const removed = await send<SsoProviderItem>(
      'DELETE',
      `/v3/admin/sso/providers/${provider!.id}/domains/${initech.id}/`,
      undefined,
      admin,
    );
    expect(removed.data.domains.map((d) => d.domain)).toEqual(['globex.test']);
    expect(await info('someone@initech.test')).toMatchObject({ is_sso: false });
    expect(
      (await send('DELETE', `/v3/admin/sso/providers/${provider!.id}/`, undefined, person)).code,
    ).toBe(ERROR_CODES.ADMIN_REQUIRED.code);
    expect(
      (await send('DELETE', `/v3/admin/sso/providers/${provider!.id}/`, undefined, admin)).status,
    ).toBe(200);
    expect(await info(WORKER.email)).toMatchObject({ is_sso: false });
  });
});
