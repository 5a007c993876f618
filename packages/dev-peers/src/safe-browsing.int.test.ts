// The Safe Browsing v4-shaped peer from Node: matches and `{}`, key errors, request validation,
// and the protocol's canonicalization and host/path expressions.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_SAFE_BROWSING } from './credentials.ts';
import { canonicalizeUrl, urlExpressions } from './safe-browsing-urls.ts';
import { startSafeBrowsingPeer, type SafeBrowsingPeer } from './safe-browsing.ts';

let peer: SafeBrowsingPeer;

beforeAll(async () => {
  peer = await startSafeBrowsingPeer({
    apiKeys: [DEV_SAFE_BROWSING.apiKey],
    entries: [
      { threatType: 'MALWARE', url: 'malware.example/' },
      { threatType: 'SOCIAL_ENGINEERING', url: 'phishing.example/' },
      { threatType: 'UNWANTED_SOFTWARE', url: 'downloads.example/bad/' },
      {
        threatType: 'POTENTIALLY_HARMFUL_APPLICATION',
        platformType: 'ANDROID',
        url: 'apps.example/',
      },
    ],
  });
});

afterAll(async () => {
  await peer.stop();
});

const ALL_TYPES = [
  'MALWARE',
  'SOCIAL_ENGINEERING',
  'UNWANTED_SOFTWARE',
  'POTENTIALLY_HARMFUL_APPLICATION',
];

function request(urls: string[], overrides: Record<string, unknown> = {}) {
  return {
    client: { clientId: 'corkboard', clientVersion: '1.0.0' },
    threatInfo: {
      threatTypes: ALL_TYPES,
      platformTypes: ['ANY_PLATFORM'],
      threatEntryTypes: ['URL'],
      threatEntries: urls.map((url) => ({ url })),
      ...overrides,
    },
  };
}

async function find(body: unknown, key: string | null = DEV_SAFE_BROWSING.apiKey, raw?: string) {
  const url = `${peer.url}/v4/threatMatches:find${key === null ? '' : `?key=${encodeURIComponent(key)}`}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw ?? JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('threatMatches:find', () => {
  test('answers a match per listed URL with the real fields, {} when nothing matches', async () => {
    const result = await find(
      request([
        'http://malware.example/download.exe',
        'https://www.PHISHING.example/login?next=1#frag',
        'https://fine.example/',
      ]),
    );
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      matches: [
        {
          threatType: 'MALWARE',
          platformType: 'ANY_PLATFORM',
          threat: { url: 'http://malware.example/download.exe' },
          cacheDuration: '300s',
          threatEntryType: 'URL',
        },
        {
          threatType: 'SOCIAL_ENGINEERING',
          platformType: 'ANY_PLATFORM',
          threat: { url: 'https://www.PHISHING.example/login?next=1#frag' },
          cacheDuration: '300s',
          threatEntryType: 'URL',
        },
      ],
    });
    expect(await find(request(['https://fine.example/page']))).toEqual({ status: 200, body: {} });
    expect(peer.lookups().at(-1)).toEqual({
      clientId: 'corkboard',
      urls: ['https://fine.example/page'],
      matched: [],
    });
  });

  test('path entries match their subtree only; requested threat and platform types filter', async () => {
    expect(
      (await find(request(['http://downloads.example/bad/tool.zip']))).body.matches,
    ).toHaveLength(1);
    expect(await find(request(['http://downloads.example/good/tool.zip']))).toEqual({
      status: 200,
      body: {},
    });
    expect(
      await find(request(['http://malware.example/x'], { threatTypes: ['SOCIAL_ENGINEERING'] })),
    ).toEqual({ status: 200, body: {} });
    expect(
      await find(request(['http://apps.example/app.apk'], { platformTypes: ['WINDOWS'] })),
    ).toEqual({ status: 200, body: {} });
    const android = await find(
      request(['http://apps.example/app.apk'], { platformTypes: ['ANDROID'] }),
    );
    expect(android.body.matches).toEqual([
      expect.objectContaining({
        platformType: 'ANDROID',
        threatType: 'POTENTIALLY_HARMFUL_APPLICATION',
      }),
    ]);
  });

  test('lists can be changed while running', async () => {
    peer.setList('SOCIAL_ENGINEERING', ['login-verify.example/']);
    try {
      expect(await find(request(['https://phishing.example/']))).toEqual({ status: 200, body: {} });
      expect((await find(request(['https://a.login-verify.example/x']))).body.matches).toHaveLength(
        1,
      );
    } finally {
      peer.setList('SOCIAL_ENGINEERING', ['phishing.example/']);
    }
  });

  test('403 without a key, 400 with a wrong one, in Google’s error shape', async () => {
    const missing = await find(request(['http://malware.example/']), null);
    expect(missing.status).toBe(403);
    expect(missing.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    const wrong = await find(request(['http://malware.example/']), 'AIzaWrong');
    expect(wrong).toEqual({
      status: 400,
      body: {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
        },
      },
    });
  });

  test('400 INVALID_ARGUMENT for bad JSON, unknown fields, bad enums and empty entry lists', async () => {
    const bad = await find(null, DEV_SAFE_BROWSING.apiKey, '{not json');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/^Invalid JSON payload received/) as unknown,
    });
    const unknown = await find({ ...request(['http://x.example/']), extra: 1 });
    expect(unknown.body.error).toMatchObject({
      message: 'Invalid JSON payload received. Unknown name "extra": Cannot find field.',
    });
    const badEnum = await find(
      request(['http://x.example/'], { threatTypes: ['MALWARE', 'VIRUS'] }),
    );
    expect(badEnum.body.error).toMatchObject({
      message: `Invalid value at 'threat_info.threat_types[1]' (ThreatType), "VIRUS"`,
    });
    const empty = await find(request([]));
    expect(empty.body.error).toMatchObject({
      code: 400,
      message: 'Request contains an invalid argument.',
    });
    const wrongPath = await fetch(
      `${peer.url}/v4/threatMatches:search?key=${DEV_SAFE_BROWSING.apiKey}`,
      { method: 'POST' },
    );
    expect(wrongPath.status).toBe(404);
  });

  test('lists can be replaced over HTTP by another process', async () => {
    const put = (type: string, body: unknown) =>
      fetch(`${peer.url}/__peer/entries/${type}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await put('UNWANTED_SOFTWARE', { urls: ['toolbar.example/'] })).status).toBe(200);
    try {
      expect((await find(request(['http://toolbar.example/setup.exe']))).body.matches).toHaveLength(
        1,
      );
      expect(await find(request(['http://downloads.example/bad/tool.zip']))).toEqual({
        status: 200,
        body: {},
      });
      expect((await put('NOT_A_TYPE', { urls: [] })).status).toBe(400);
      expect((await put('MALWARE', { urls: 'x' })).status).toBe(400);
    } finally {
      await put('UNWANTED_SOFTWARE', { urls: ['downloads.example/bad/'] });
    }
    const page = await (await fetch(`${peer.url}/`)).text();
    expect(page).toContain('Development URL reputation service — not Google Safe Browsing');
  });

  test('threatLists names the lists held', async () => {
    const response = await fetch(`${peer.url}/v4/threatLists?key=${DEV_SAFE_BROWSING.apiKey}`);
    const body = (await response.json()) as { threatLists: { threatType: string }[] };
    expect(body.threatLists.map((l) => l.threatType).sort()).toEqual([...ALL_TYPES].sort());
  });
});

// The protocol's published test vectors, with their host names moved to reserved domains.
describe('canonicalization (Safe Browsing v4 "URLs and Hashing")', () => {
  test.each([
    ['http://host/%25%32%35', 'host/%25'],
    ['http://host/%25%32%35%25%32%35', 'host/%25%25'],
    ['http://host/asdf%25%32%35asd', 'host/asdf%25asd'],
    ['http://www.example.com/', 'www.example.com/'],
    [
      'http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%73%68%6F%70%2E%65%78%61%6D%70%6C%65/',
      '168.188.99.26/.secure/www.shop.example/',
    ],
    ['http://3279880203/blah', '195.127.0.11/blah'],
    ['http://www.example.com/blah/..', 'www.example.com/'],
    ['www.example.com/', 'www.example.com/'],
    ['http://www.EXAmple.com/', 'www.example.com/'],
    ['http://www.example.com.../', 'www.example.com/'],
    ['http://www.example.com/foo\tbar\rbaz\n2', 'www.example.com/foobarbaz2'],
    ['http://www.example.com/q?', 'www.example.com/q?'],
    ['http://www.example.com/q?r?', 'www.example.com/q?r?'],
    ['http://www.example.com/q?r?s', 'www.example.com/q?r?s'],
    ['http://evil.example/foo#bar#baz', 'evil.example/foo'],
    ['http://evil.example/foo;', 'evil.example/foo;'],
    ['http://notrailingslash.example', 'notrailingslash.example/'],
    ['http://www.gotaport.example:1234/', 'www.gotaport.example/'],
    ['http://\u0001\u0080.com/', '%01%80.com/'],
    ['http://www.example.com/foo/./bar//baz', 'www.example.com/foo/bar/baz'],
  ])('%s → %s', (input, expected) => {
    const url = canonicalizeUrl(input);
    expect(url && `${url.host}${url.path}${url.query !== undefined ? `?${url.query}` : ''}`).toBe(
      expected,
    );
  });

  test('expressions: up to 5 host suffixes × 6 path prefixes', () => {
    expect(urlExpressions('http://a.b.c/1/2.html?param=1').sort()).toEqual(
      [
        'a.b.c/1/2.html?param=1',
        'a.b.c/1/2.html',
        'a.b.c/',
        'a.b.c/1/',
        'b.c/1/2.html?param=1',
        'b.c/1/2.html',
        'b.c/',
        'b.c/1/',
      ].sort(),
    );
    expect(urlExpressions('http://a.b.c.d.e.f.g/1.html').sort()).toEqual(
      [
        'a.b.c.d.e.f.g/1.html',
        'a.b.c.d.e.f.g/',
        'c.d.e.f.g/1.html',
        'c.d.e.f.g/',
        'd.e.f.g/1.html',
        'd.e.f.g/',
        'e.f.g/1.html',
        'e.f.g/',
        'f.g/1.html',
        'f.g/',
      ].sort(),
    );
    expect(urlExpressions('http://1.2.3.4/1/').sort()).toEqual(['1.2.3.4/', '1.2.3.4/1/'].sort());
  });
});
