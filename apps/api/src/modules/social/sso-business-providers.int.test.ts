// A business registers its own identity provider (docs/decisions/190), against the real loopback
// peers: the OpenID Connect peer as the organisation's IdP (read through the SSRF-safe fetcher),
// the DNS peer for the TXT proof and a real SMTP server for the mailed proof link.
// - Only the business's OWNER and ADMIN members read or write its providers; other members are
//   refused (BUSINESS_PERMISSION_DENIED), everyone else learns nothing (BUSINESS_PROFILE_NOT_FOUND),
//   another business's provider does not exist (SSO_PROVIDER_NOT_FOUND); operators see them all.
// - The client secret never appears in an answer or in the log, through either door.
// - A domain is routed only once proven, only while the provider is enabled; a domain another
//   organisation proved is SSO_DOMAIN_PROVEN_ELSEWHERE; an unproven claim blocks nobody.
// - The edit (PUT) changes client id, secret (write-only), domains and enabled in one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { DnsPeer } from '@corkboard/dev-peers/dns';
import type {
  SsoDomainVerified,
  SsoInfoAnswer,
  SsoProviderItem,
} from '@corkboard/shared/auth/social-api';
import type { BusinessPermission } from '@corkboard/shared/business/permissions';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { plainText, type ReceivedMail } from '../../test/smtp-sink.ts';
import { startSsoProviderApp, type SsoProviderApp } from '../../test/social-peers.ts';
import type { TestApp } from '../../test/test-app.ts';
import { body, errorCode, TestBrowser } from '../../test/test-browser.ts';
import {
  SSO_DOMAIN_PROOF_MAIL_JOB,
  SSO_PROVIDERS_PER_BUSINESS_MAX,
} from './sso-providers.service.ts';

const CLIENT_ID = 'umbrella-corkboard';
const CLIENT_SECRET = 'umbrella-secret-value-0987654321';
const NEW_SECRET = 'umbrella-rotated-secret-1122334455';

let handle: DbHandle;
let f: Fixtures;
let sso: SsoProviderApp;
let dns: DnsPeer;
const inbox: ReceivedMail[] = [];
const logLines: string[] = [];
let test: TestApp;
let issuer: string;
let ip = 0;

/** Umbrella's people: its profile person (OWNER) and members of each kind. */
let owner: UserFixture;
let adminMember: UserFixture;
let analyst: UserFixture;
let stranger: UserFixture;
let operator: UserFixture;
/** Another business, with its own OWNER. */
let rival: UserFixture;

const base = (profileId: string) => `/v3/business/profiles/${profileId}/sso/providers/`;

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
    slug: 'umbrella',
    name: 'Umbrella',
    issuer,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    domains: ['umbrella.test'],
    ...overrides,
  };
}

function change(provider: SsoProviderItem, overrides: Record<string, unknown> = {}) {
  return {
    name: provider.name,
    issuer: provider.issuer,
    client_id: provider.client_id,
    ...overrides,
  };
}

async function info(email: string): Promise<SsoInfoAnswer> {
  ip += 1;
  const response = await new TestBrowser(test.app, `203.0.113.${ip}`).post('/v3/sso/info/', {
    email,
  });
  expect(response.statusCode).toBe(200);
  return body<SsoInfoAnswer>(response).resource_response.data;
}

async function member(profile: UserFixture, who: UserFixture, permissions: BusinessPermission[]) {
  await handle.db
    .insertInto('business_members')
    .values({ profile_id: profile.id, user_id: who.id, permissions, invited_by_id: profile.id })
    .execute();
}

async function storedSecret(slug: string): Promise<string> {
  const row = await handle.db
    .selectFrom('sso_providers')
    .select('client_secret_encrypted')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return row.client_secret_encrypted;
}

async function listed(profile: UserFixture, who: UserFixture): Promise<SsoProviderItem[]> {
  const answer = await send<SsoProviderItem[]>('GET', base(profile.id), undefined, who);
  expect(answer.status, answer.detail).toBe(200);
  return answer.data;
}

async function proveByDns(profile: UserFixture, provider: SsoProviderItem, domain: string) {
  const item = provider.domains.find((d) => d.domain === domain);
  if (!item) throw new Error(`${domain} is not listed`);
  dns.setTxt(item.txt_record.name, [item.txt_record.value]);
  return send<SsoProviderItem>(
    'POST',
    `${base(profile.id)}${provider.id}/domains/${item.id}/dns-proof/`,
    {},
    profile,
  );
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  owner = await f.user();
  await f.business(owner, { businessName: 'Umbrella Corporation' });
  adminMember = await f.user();
  analyst = await f.user();
  stranger = await f.user();
  operator = await f.user({ isAdmin: true });
  rival = await f.user();
  await f.business(rival, { businessName: 'Rival Ltd' });
  await member(owner, adminMember, ['ADMIN']);
  await member(owner, analyst, ['ANALYST', 'CAMPAIGN_MANAGER']);
  sso = await startSsoProviderApp(handle.db, {
    idp: { slug: 'umbrella', displayName: 'Umbrella SSO', accounts: [] },
    inbox,
    logLines,
  });
  ({ test, issuer, dns } = sso);
});

afterAll(async () => {
  await sso.close();
  await handle.close();
});

describe("a business's own identity providers", () => {
  it('lets the OWNER register one: the secret is stored encrypted, never answered or logged', async () => {
    const created = await send<SsoProviderItem>('POST', base(owner.id), providerInput(), owner);
    expect(created.status, `${created.code} ${created.detail}`).toBe(200);
    expect(created.data).toMatchObject({
      slug: 'umbrella',
      client_id: CLIENT_ID,
      enabled: true,
      business: { id: owner.id, name: 'Umbrella Corporation' },
      domains: [{ domain: 'umbrella.test', verified: false }],
    });
    expect(created.response.body).not.toContain(CLIENT_SECRET);
    expect(created.response.body).not.toContain('client_secret');
    expect(await storedSecret('umbrella')).not.toContain(CLIENT_SECRET);

    const list = await send<SsoProviderItem[]>('GET', base(owner.id), undefined, adminMember);
    expect(list.data.map((p) => p.slug)).toEqual(['umbrella']);
    expect(list.response.body).not.toContain(CLIENT_SECRET);
    // The operators' list has every organisation's providers, with whose they are.
    const all = await send<SsoProviderItem[]>(
      'GET',
      '/v3/admin/sso/providers/',
      undefined,
      operator,
    );
    expect(all.data.find((p) => p.slug === 'umbrella')?.business).toEqual({
      id: owner.id,
      name: 'Umbrella Corporation',
    });
    expect(all.response.body).not.toContain(CLIENT_SECRET);
    expect(logLines.join('\n')).not.toContain(CLIENT_SECRET);
  });

  it('reads the issuer through the SSRF-safe fetcher before storing it', async () => {
    const ssrf = await send(
      'POST',
      base(owner.id),
      providerInput({ slug: 'umbrella-2', issuer: 'http://127.0.0.1:9/', domains: [] }),
      owner,
    );
    expect(ssrf.code).toBe(ERROR_CODES.SSO_ISSUER_UNREACHABLE.code);
    const badDomain = await send(
      'POST',
      base(owner.id),
      providerInput({ slug: 'umbrella-2', domains: ['not a domain'] }),
      owner,
    );
    expect(badDomain.status).toBe(400);
    expect(badDomain.code).toBe(ERROR_CODES.SSO_DOMAIN_INVALID.code);
    const badProfile = await send('GET', base('not-an-id'), undefined, owner);
    expect(badProfile.status).toBe(400);
    expect(badProfile.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });

  it('answers only its OWNER and ADMIN members, on every route', async () => {
    const [provider] = await listed(owner, owner);
    const domain = provider!.domains[0]!;
    const p = `${base(owner.id)}${provider!.id}/`;
    const d = `${p}domains/${domain.id}/`;
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['GET', base(owner.id), undefined],
      ['POST', base(owner.id), providerInput({ slug: 'umbrella-x', domains: [] })],
      ['PUT', p, change(provider!, { name: 'Hijacked' })],
      ['DELETE', p, undefined],
      ['POST', `${p}domains/`, { domain: 'elsewhere.test' }],
      ['DELETE', d, undefined],
      ['POST', `${d}dns-proof/`, {}],
      ['POST', `${d}email-proof/`, { mailbox: 'admin' }],
    ];
    for (const [method, url, payload] of routes) {
      const visitor = await send(method, url, payload, null);
      expect(visitor.code, `${method} ${url} visitor`).toBe(ERROR_CODES.UNAUTHORIZED.code);
      const outsider = await send(method, url, payload, stranger);
      expect(outsider.code, `${method} ${url} stranger`).toBe(
        ERROR_CODES.BUSINESS_PROFILE_NOT_FOUND.code,
      );
      // An operator is not a member: the operators' admin is their door.
      const op = await send(method, url, payload, operator);
      expect(op.code, `${method} ${url} operator`).toBe(
        ERROR_CODES.BUSINESS_PROFILE_NOT_FOUND.code,
      );
      const weak = await send(method, url, payload, analyst);
      expect(weak.code, `${method} ${url} analyst`).toBe(
        ERROR_CODES.BUSINESS_PERMISSION_DENIED.code,
      );
      expect(weak.errorData).toMatchObject({ capability: 'manage_sso' });
      // Another business's OWNER, through their own business: no such provider there.
      if (url !== base(owner.id)) {
        const other = await send(
          method,
          url.replace(base(owner.id), base(rival.id)),
          payload,
          rival,
        );
        expect(other.code, `${method} ${url} rival`).toBe(ERROR_CODES.SSO_PROVIDER_NOT_FOUND.code);
      }
    }
    // Nothing changed.
    const [after] = await listed(owner, adminMember);
    expect(after).toMatchObject({ name: 'Umbrella', domains: [{ domain: 'umbrella.test' }] });
    expect(await listed(rival, rival)).toEqual([]);
  });

  it('routes a domain only once proven by DNS, and only while enabled', async () => {
    expect(await info('alice@umbrella.test')).toMatchObject({ is_sso: false });
    const [provider] = await listed(owner, owner);
    const proven = await proveByDns(owner, provider!, 'umbrella.test');
    expect(proven.status, proven.detail).toBe(200);
    expect(proven.data.domains[0]).toMatchObject({ verified: true, verified_by: 'dns' });
    expect(await info('alice@umbrella.test')).toMatchObject({
      is_sso: true,
      redirect_uri: 'http://corkboard.test/api/auth/sso/callback/umbrella',
    });

    const off = await send<SsoProviderItem>(
      'PUT',
      `${base(owner.id)}${provider!.id}/`,
      change(provider!, { enabled: false }),
      adminMember,
    );
    expect(off.status, off.detail).toBe(200);
    expect(off.data).toMatchObject({ enabled: false, domains: [{ verified: true }] });
    expect(await info('alice@umbrella.test')).toMatchObject({ is_sso: false });
    const authorize = await new TestBrowser(test.app, '203.0.113.250').get(
      '/v3/sso/authorize/?email=alice%40umbrella.test',
    );
    expect(authorize.body).toContain('"error":"not_available"');

    const on = await send<SsoProviderItem>(
      'PUT',
      `${base(owner.id)}${provider!.id}/`,
      change(provider!, { enabled: true }),
      owner,
    );
    expect(on.data.enabled).toBe(true);
    expect(await info('alice@umbrella.test')).toMatchObject({ is_sso: true });
  });

  it('refuses a domain another organisation has proven, with its own code', async () => {
    const claim = await send(
      'POST',
      base(rival.id),
      providerInput({ slug: 'rival', name: 'Rival', domains: ['umbrella.test'] }),
      rival,
    );
    expect(claim.status).toBe(409);
    expect(claim.code).toBe(ERROR_CODES.SSO_DOMAIN_PROVEN_ELSEWHERE.code);
    expect(claim.errorData).toMatchObject({ domain: 'umbrella.test' });
    // Listed twice in one business is SSO_DOMAIN_TAKEN.
    const [provider] = await listed(owner, owner);
    const twice = await send(
      'POST',
      `${base(owner.id)}${provider!.id}/domains/`,
      { domain: 'UMBRELLA.test' },
      owner,
    );
    expect(twice.code).toBe(ERROR_CODES.SSO_DOMAIN_TAKEN.code);
  });

  it("does not let an unproven claim block the domain's owner: the first proof wins", async () => {
    // The rival claims hive.test first, without proving it.
    const rivalProvider = await send<SsoProviderItem>(
      'POST',
      base(rival.id),
      providerInput({ slug: 'rival', name: 'Rival', domains: ['hive.test'] }),
      rival,
    );
    expect(rivalProvider.status, rivalProvider.detail).toBe(200);
    const [provider] = await listed(owner, owner);
    const added = await send<SsoProviderItem>(
      'POST',
      `${base(owner.id)}${provider!.id}/domains/`,
      { domain: 'hive.test' },
      owner,
    );
    expect(added.status, added.detail).toBe(200);
    // Umbrella proves it; the rival's claim can no longer be proven by either proof.
    expect((await proveByDns(owner, added.data, 'hive.test')).status).toBe(200);
    const rivalDomain = rivalProvider.data.domains[0]!;
    const rivalDns = await send(
      'POST',
      `${base(rival.id)}${rivalProvider.data.id}/domains/${rivalDomain.id}/dns-proof/`,
      {},
      rival,
    );
    expect(rivalDns.code).toBe(ERROR_CODES.SSO_DOMAIN_PROVEN_ELSEWHERE.code);
    const rivalMail = await send(
      'POST',
      `${base(rival.id)}${rivalProvider.data.id}/domains/${rivalDomain.id}/email-proof/`,
      { mailbox: 'admin' },
      rival,
    );
    expect(rivalMail.code).toBe(ERROR_CODES.SSO_DOMAIN_PROVEN_ELSEWHERE.code);
    expect(await info('bob@hive.test')).toMatchObject({
      is_sso: true,
      redirect_uri: 'http://corkboard.test/api/auth/sso/callback/umbrella',
    });
  });

  it('proves a domain by a mailed link; a link to a domain proven elsewhere meanwhile fails', async () => {
    const rivalProvider = (await listed(rival, rival))[0]!;
    const withLab = await send<SsoProviderItem>(
      'POST',
      `${base(rival.id)}${rivalProvider.id}/domains/`,
      { domain: 'lab.test' },
      rival,
    );
    expect(withLab.status, withLab.detail).toBe(200);
    const lab = withLab.data.domains.find((d) => d.domain === 'lab.test')!;
    const before = inbox.length;
    const sent = await send<SsoProviderItem>(
      'POST',
      `${base(rival.id)}${rivalProvider.id}/domains/${lab.id}/email-proof/`,
      { mailbox: 'webmaster' },
      rival,
    );
    expect(sent.status, sent.detail).toBe(200);
    expect(await test.app.jobs.workDue(SSO_DOMAIN_PROOF_MAIL_JOB)).toBe(1);
    const mail = inbox[before];
    if (!mail) throw new Error('expected the proof mail');
    expect(mail.to).toEqual(['webmaster@lab.test']);
    const token = /verify-domain\/\?token=([A-Za-z0-9_%-]+)/.exec(plainText(mail.raw))?.[1];
    if (!token) throw new Error('no link in the mail');
    expect(logLines.join('\n')).not.toContain(decodeURIComponent(token));

    // Umbrella claims lab.test too and proves it by DNS before the rival opens the link.
    const [provider] = await listed(owner, owner);
    const added = await send<SsoProviderItem>(
      'POST',
      `${base(owner.id)}${provider!.id}/domains/`,
      { domain: 'lab.test' },
      owner,
    );
    expect((await proveByDns(owner, added.data, 'lab.test')).status).toBe(200);
    const late = await new TestBrowser(test.app, '203.0.113.251').post('/v3/sso/domains/verify/', {
      token: decodeURIComponent(token),
    });
    expect(errorCode(late)).toBe(ERROR_CODES.SSO_DOMAIN_PROVEN_ELSEWHERE.code);

    // A link to a domain nobody else proved works once.
    const withQuay = await send<SsoProviderItem>(
      'POST',
      `${base(rival.id)}${rivalProvider.id}/domains/`,
      { domain: 'quay.test' },
      rival,
    );
    const quay = withQuay.data.domains.find((d) => d.domain === 'quay.test')!;
    const at = inbox.length;
    await send(
      'POST',
      `${base(rival.id)}${rivalProvider.id}/domains/${quay.id}/email-proof/`,
      { mailbox: 'hostmaster' },
      rival,
    );
    expect(await test.app.jobs.workDue(SSO_DOMAIN_PROOF_MAIL_JOB)).toBe(1);
    const quayToken = /verify-domain\/\?token=([A-Za-z0-9_%-]+)/.exec(
      plainText(inbox[at]?.raw ?? ''),
    )?.[1];
    const verified = await new TestBrowser(test.app, '203.0.113.252').post(
      '/v3/sso/domains/verify/',
      { token: decodeURIComponent(quayToken ?? '') },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(body<SsoDomainVerified>(verified).resource_response.data).toEqual({
      domain: 'quay.test',
    });
  });
});

describe('editing a provider', () => {
  it('keeps the secret unless a new one is given, and never answers it', async () => {
    const [provider] = await listed(owner, owner);
    const stored = await storedSecret('umbrella');
    const renamed = await send<SsoProviderItem>(
      'PUT',
      `${base(owner.id)}${provider!.id}/`,
      change(provider!, { client_id: 'umbrella-corkboard-2' }),
      owner,
    );
    expect(renamed.status, renamed.detail).toBe(200);
    expect(renamed.data.client_id).toBe('umbrella-corkboard-2');
    expect(await storedSecret('umbrella')).toBe(stored);

    const rotated = await send<SsoProviderItem>(
      'PUT',
      `${base(owner.id)}${provider!.id}/`,
      change(provider!, { client_secret: NEW_SECRET }),
      adminMember,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.response.body).not.toContain(NEW_SECRET);
    expect(rotated.response.body).not.toContain('client_secret');
    const rotatedStored = await storedSecret('umbrella');
    expect(rotatedStored).not.toBe(stored);
    expect(rotatedStored).not.toContain(NEW_SECRET);
    // Through the operators' door too.
    const byOperator = await send<SsoProviderItem>(
      'PUT',
      `/v3/admin/sso/providers/${provider!.id}/`,
      change(provider!, { client_secret: `${NEW_SECRET}-op` }),
      operator,
    );
    expect(byOperator.status).toBe(200);
    expect(byOperator.response.body).not.toContain(NEW_SECRET);
    expect(logLines.join('\n')).not.toContain(NEW_SECRET);
  });

  it('replaces the domain list in one transaction: kept domains keep their proofs, new ones start unproven', async () => {
    const [provider] = await listed(owner, owner);
    expect(provider!.domains.map((d) => d.domain).sort()).toEqual([
      'hive.test',
      'lab.test',
      'umbrella.test',
    ]);
    const edited = await send<SsoProviderItem>(
      'PUT',
      `${base(owner.id)}${provider!.id}/`,
      change(provider!, { domains: ['umbrella.test', 'hive.test', 'NEW.umbrella.test'] }),
      owner,
    );
    expect(edited.status, edited.detail).toBe(200);
    const byName = new Map(edited.data.domains.map((d) => [d.domain, d]));
    expect([...byName.keys()].sort()).toEqual(['hive.test', 'new.umbrella.test', 'umbrella.test']);
    expect(byName.get('umbrella.test')).toMatchObject({ verified: true });
    expect(byName.get('new.umbrella.test')).toMatchObject({ verified: false });
    expect(await info('carol@lab.test')).toMatchObject({ is_sso: false });
    expect(await info('carol@new.umbrella.test')).toMatchObject({ is_sso: false });

    // quay.test is the rival's, proven: nothing of this change is applied.
    const refused = await send(
      'PUT',
      `${base(owner.id)}${provider!.id}/`,
      change(provider!, { name: 'Umbrella Renamed', domains: ['quay.test'] }),
      owner,
    );
    expect(refused.code).toBe(ERROR_CODES.SSO_DOMAIN_PROVEN_ELSEWHERE.code);
    const [after] = await listed(owner, owner);
    expect(after!.name).toBe('Umbrella');
    expect(after!.domains.map((d) => d.domain).sort()).toEqual([
      'hive.test',
      'new.umbrella.test',
      'umbrella.test',
    ]);

    const bad = await send(
      'PUT',
      `${base(owner.id)}${provider!.id}/`,
      change(provider!, { domains: ['-bad-.test'] }),
      owner,
    );
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(ERROR_CODES.SSO_DOMAIN_INVALID.code);
    const notBoolean = await send(
      'PUT',
      `${base(owner.id)}${provider!.id}/`,
      change(provider!, { enabled: 'yes' }),
      owner,
    );
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.code).toBe(ERROR_CODES.VALIDATION_FAILED.code);
  });
});

describe('limits and removal', () => {
  it(`holds at most ${SSO_PROVIDERS_PER_BUSINESS_MAX} providers per business`, async () => {
    const existing = (await listed(rival, rival)).length;
    for (let n = existing; n < SSO_PROVIDERS_PER_BUSINESS_MAX; n += 1) {
      const created = await send(
        'POST',
        base(rival.id),
        providerInput({ slug: `rival-${n}`, name: `Rival ${n}`, domains: [] }),
        rival,
      );
      expect(created.status, created.detail).toBe(200);
    }
    const full = await send(
      'POST',
      base(rival.id),
      providerInput({ slug: 'rival-full', name: 'Rival full', domains: [] }),
      rival,
    );
    expect(full.code).toBe(ERROR_CODES.SSO_BUSINESS_PROVIDERS_FULL.code);
    expect(full.errorData).toMatchObject({ max: SSO_PROVIDERS_PER_BUSINESS_MAX });
  });

  it('an ADMIN member removes the provider; its domains stop routing', async () => {
    const [provider] = await listed(owner, owner);
    const removed = await send(
      'DELETE',
      `${base(owner.id)}${provider!.id}/`,
      undefined,
      adminMember,
    );
    expect(removed.status).toBe(200);
    expect(await listed(owner, owner)).toEqual([]);
    expect(await info('alice@umbrella.test')).toMatchObject({ is_sso: false });
  });
});
