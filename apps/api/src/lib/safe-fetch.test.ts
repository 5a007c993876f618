import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HTML_CONTENT_TYPES,
  IMAGE_CONTENT_TYPES,
  SAFE_FETCH_DEFAULT_MAX_REDIRECTS,
  SafeFetchError,
  createSafeFetcher,
  parseHostAllowance,
  type ResolvedAddress,
  type Resolver,
  type SafeFetchErrorReason,
} from './safe-fetch.ts';
import { startLoopbackServer, type LoopbackServer } from '../test/loopback-server.ts';

/** A resolver from a fixed table: tests never ask real DNS about outside names. */
function fakeResolver(table: Record<string, readonly string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = (hostname: string): Promise<readonly ResolvedAddress[]> => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) return Promise.reject(new Error(`ENOTFOUND ${hostname}`));
    return Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const),
    );
  };
  return Object.assign(resolver, { calls });
}

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

async function expectReason(promise: Promise<unknown>, reason: SafeFetchErrorReason) {
  const error = await failure(promise);
  expect(error.reason).toBe(reason);
  return error;
}

let server: LoopbackServer;
const loopbackOnly = createSafeFetcher({ allowHosts: ['127.0.0.1:*'] });

beforeAll(async () => {
  server = await startLoopbackServer({
    '/hello': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'set-cookie': 'a=b' });
      res.end('<p>hello</p>');
    },
    '/image': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64, 1));
    },
    '/untyped': (_req, res) => {
      res.writeHead(200).end('bytes');
    },
    '/missing': (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' }).end('gone');
    },
    '/redirect-chain': (_req, res) => {
      res.writeHead(302, { location: '/redirect-2' }).end();
    },
    '/redirect-2': (_req, res) => {
      res.writeHead(301, { location: `http://127.0.0.1:${server.port}/hello` }).end();
    },
    '/redirect-to': (req, res) => {
      const port = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('port');
      res.writeHead(302, { location: `http://127.0.0.1:${port}/hello` }).end();
    },
    '/redirect-to-localhost': (_req, res) => {
      res.writeHead(302, { location: `http://localhost:${server.port}/secret` }).end();
    },
    '/redirect-to-metadata': (_req, res) => {
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    },
    '/redirect-to-file': (_req, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    },
    '/loop': (req, res) => {
      const n = Number(new URL(req.url ?? '', 'http://x.invalid').searchParams.get('n') ?? '0');
      res.writeHead(302, { location: `/loop?n=${n + 1}` }).end();
    },
    '/secret': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('secret');
    },
    '/big-declared': (_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-length': String(5 * 1024 * 1024),
      });
      res.write('x');
    },
    '/gzip-bomb': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(8 * 1024 * 1024)));
    },
    '/gzip': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.from('<p>compressed</p>')));
    },
    '/stall': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<p>partial');
    },
    '/token': (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString() }));
      });
    },
    '/token-moved': (_req, res) => {
      res.writeHead(307, { location: '/token' }).end();
    },
    '/no-answer': () => {
      // Never answers: the fetch's deadline must end it.
    },
  });
});

afterAll(async () => {
  await server.close();
});

describe('blocked by default', () => {
  const fetcher = createSafeFetcher();

  it.each([
    ['127.0.0.1', () => server.url('/secret'), 'loopback'],
    ['localhost', () => `http://localhost:${server.port}/secret`, 'loopback'],
    ['[::1]', () => `http://[::1]:${server.port}/secret`, 'loopback'],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${server.port}/secret`, 'loopback'],
    ['decimal loopback', () => `http://2130706433:${server.port}/secret`, 'loopback'],
    ['0.0.0.0', () => `http://0.0.0.0:${server.port}/secret`, 'unspecified'],
    ['metadata', () => 'http://169.254.169.254/latest/meta-data/', 'metadata'],
  ])('refuses %s without connecting', async (_label, url, category) => {
    const before = server.requests.length;
    const error = await expectReason(fetcher(url()), 'blocked_address');
    expect(error.category).toBe(category);
    expect(server.requests.length).toBe(before);
  });

  it('refuses a name that resolves to a private address', async () => {
    const resolver = fakeResolver({ 'intranet.example': ['10.0.0.5'] });
    const error = await expectReason(
      createSafeFetcher({ resolver })('http://intranet.example/admin'),
      'blocked_address',
    );
    expect(error).toMatchObject({ address: '10.0.0.5', category: 'private' });
  });

  it('refuses a DNS answer with one private address among public ones', async () => {
    const resolver = fakeResolver({
      'mixed.example': ['93.184.216.34', '2606:2800:220:1::1', '192.168.0.10'],
    });
    const error = await expectReason(
      createSafeFetcher({ resolver })('https://mixed.example/'),
      'blocked_address',
    );
    expect(error.address).toBe('192.168.0.10');
  });

  it.each([
    ['CGNAT', '100.64.1.1', 'cgnat'],
    ['link-local', '169.254.10.10', 'link_local'],
    ['unique-local', 'fd00::5', 'unique_local'],
    ['multicast', '224.0.0.251', 'multicast'],
    ['broadcast', '255.255.255.255', 'broadcast'],
    ['IPv6 metadata', 'fd00:ec2::254', 'metadata'],
    ['IPv4-mapped private', '::ffff:10.0.0.1', 'private'],
  ])('refuses %s answers', async (_label, address, category) => {
    const resolver = fakeResolver({ 'sneaky.example': [address] });
    const error = await expectReason(
      createSafeFetcher({ resolver })('http://sneaky.example/'),
      'blocked_address',
    );
    expect(error.category).toBe(category);
  });

  it('follows a redirect only after vetting the next hop', async () => {
    const before = server.requests.length;
    const error = await expectReason(
      loopbackOnly(server.url('/redirect-to-localhost')),
      'blocked_address',
    );
    expect(error.url).toBe(`http://localhost:${server.port}/secret`);
    expect(server.requests.slice(before).map((r) => r.url)).toEqual(['/redirect-to-localhost']);
  });

  it('never reaches metadata, even with every allowance', async () => {
    const generous = createSafeFetcher({
      allowHosts: ['127.0.0.1', '169.254.169.254'],
      allowPrivateNetworks: true,
    });
    await expectReason(generous('http://169.254.169.254/'), 'blocked_address');
    await expectReason(generous(server.url('/redirect-to-metadata')), 'blocked_address');
  });
});

describe('URL rules', () => {
  it.each<[string, string, SafeFetchErrorReason]>([
    ['not absolute', '/relative', 'invalid_url'],
    ['garbage', 'http://', 'invalid_url'],
    ['credentials', 'http://user:secret@127.0.0.1/', 'invalid_url'],
    ['ftp', 'ftp://127.0.0.1/file', 'blocked_scheme'],
    ['file', 'file:///etc/passwd', 'blocked_scheme'],
    ['javascript', 'javascript:alert(1)', 'blocked_scheme'],
    ['SMTP port', 'http://127.0.0.1:25/', 'blocked_port'],
    ['SSH port', 'https://127.0.0.1:22/', 'blocked_port'],
  ])('refuses %s', async (_label, url, reason) => {
    await expectReason(loopbackOnly(url), reason);
  });

  it('refuses a redirect to another scheme', async () => {
    await expectReason(loopbackOnly(server.url('/redirect-to-file')), 'blocked_scheme');
  });

  it('reports DNS failures', async () => {
    const resolver = fakeResolver({ 'empty.example': [] });
    const fetcher = createSafeFetcher({ resolver });
    await expectReason(fetcher('http://empty.example/'), 'dns_failure');
    await expectReason(fetcher('http://unknown.example/'), 'dns_failure');
  });
});

describe('allowed hosts', () => {
  it('fetches from an allow-listed loopback address', async () => {
    const before = server.requests.length;
    const response = await loopbackOnly(server.url('/hello'), {
      allowedContentTypes: HTML_CONTENT_TYPES,
    });
    expect(response).toMatchObject({
      url: server.url('/hello'),
      status: 200,
      contentType: 'text/html',
      charset: 'utf-8',
      truncated: false,
      redirects: [],
      remoteAddress: '127.0.0.1',
    });
    expect(response.body.toString()).toBe('<p>hello</p>');
    expect(response.headers['set-cookie']).toBeUndefined();
    const [request] = server.requests.slice(before);
    expect(request?.headers.host).toBe(`127.0.0.1:${server.port}`);
    expect(request?.headers['user-agent']).toBe('Corkboard-Fetcher/1.0');
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers.referer).toBeUndefined();
  });

  it('opens only the port an allowance names (decision 097)', async () => {
    const other = await startLoopbackServer({
      '/hello': (_req, res) => res.writeHead(200).end('other'),
    });
    try {
      const onePort = createSafeFetcher({ allowHosts: [`127.0.0.1:${server.port}`] });
      expect((await onePort(server.url('/hello'))).status).toBe(200);
      const refused = await expectReason(onePort(other.url('/hello')), 'blocked_address');
      expect(refused.url).toBe(other.url('/hello'));
      // A bare host opens the scheme's default port only, never a loopback service's port.
      const bare = createSafeFetcher({ allowHosts: ['127.0.0.1'] });
      await expectReason(bare(server.url('/hello')), 'blocked_address');
      // A redirect to another port of an allowed host is vetted again and refused.
      const redirecting = createSafeFetcher({ allowHosts: [`127.0.0.1:${server.port}`] });
      await expectReason(
        redirecting(server.url(`/redirect-to?port=${other.port}`)),
        'blocked_address',
      );
    } finally {
      await other.close();
    }
  });

  it('reads host allowances and refuses malformed ones', () => {
    expect(parseHostAllowance('Images.Internal')).toEqual({
      host: 'images.internal',
      port: 'default',
    });
    expect(parseHostAllowance('127.0.0.1:8080')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parseHostAllowance('127.0.0.1:*')).toEqual({ host: '127.0.0.1', port: 'any' });
    expect(parseHostAllowance('[::1]:*')).toEqual({ host: '::1', port: 'any' });
    expect(parseHostAllowance('::1')).toEqual({ host: '::1', port: 'default' });
    for (const bad of ['', 'a:b', 'host:70000', 'host:0', 'http://127.0.0.1', '[::1', 'a b']) {
      expect(parseHostAllowance(bad), bad).toBeNull();
    }
    expect(() => createSafeFetcher({ allowHosts: ['host:port'] })).toThrow(/not a host allowance/);
  });

  it('does not extend an allowed IP to names that resolve to it', async () => {
    await expectReason(loopbackOnly(`http://localhost:${server.port}/hello`), 'blocked_address');
  });

  it('connects to the vetted address and keeps the name in Host', async () => {
    const resolver = fakeResolver({ 'pins.test': ['127.0.0.1'] });
    const fetcher = createSafeFetcher({ allowHosts: [`pins.test:${server.port}`], resolver });
    const before = server.requests.length;
    const response = await fetcher(`http://pins.test:${server.port}/hello`);
    expect(response.remoteAddress).toBe('127.0.0.1');
    expect(server.requests[before]?.headers.host).toBe(`pins.test:${server.port}`);
    // One resolution for one hop: the socket used the vetted answer, not a second lookup.
    expect(resolver.calls).toEqual(['pins.test']);
  });

  it('sends the name as TLS SNI while connecting to the vetted address', async () => {
    const seen: string[] = [];
    const tls = createTlsServer({
      SNICallback: (servername, callback) => {
        seen.push(servername);
        callback(new Error('no certificate in this test'));
      },
    });
    tls.on('tlsClientError', () => undefined);
    tls.listen(0, '127.0.0.1');
    await once(tls, 'listening');
    try {
      const { port } = tls.address() as AddressInfo;
      const resolver = fakeResolver({ 'secure.test': ['127.0.0.1'] });
      const fetcher = createSafeFetcher({ allowHosts: [`secure.test:${port}`], resolver });
      await expectReason(fetcher(`https://secure.test:${port}/`), 'network');
      expect(seen).toEqual(['secure.test']);
    } finally {
      tls.close();
    }
  });

  it('allows every private network when asked to', async () => {
    const fetcher = createSafeFetcher({ allowPrivateNetworks: true });
    const response = await fetcher(server.url('/hello'));
    expect(response.status).toBe(200);
  });
});

describe('forms', () => {
  it('POSTs a form, vetting the address as for a GET', async () => {
    const form = new URLSearchParams({ grant_type: 'authorization_code', code: 'a b' });
    const response = await loopbackOnly(server.url('/token'), { form });
    expect(JSON.parse(response.body.toString())).toEqual({
      method: 'POST',
      body: 'grant_type=authorization_code&code=a+b',
    });
    await expectReason(createSafeFetcher()(server.url('/token'), { form }), 'blocked_address');
  });

  it('never follows a redirect with the form', async () => {
    const before = server.requests.length;
    const form = new URLSearchParams({ code: 'x' });
    await expectReason(loopbackOnly(server.url('/token-moved'), { form }), 'http_status');
    expect(server.requests.slice(before).map((request) => request.url)).toEqual(['/token-moved']);
  });
});

describe('redirects', () => {
  it('follows relative and absolute redirects, re-vetting each hop', async () => {
    const resolver = fakeResolver({});
    const response = await createSafeFetcher({ allowHosts: ['127.0.0.1:*'], resolver })(
      server.url('/redirect-chain'),
    );
    expect(response.url).toBe(server.url('/hello'));
    expect(response.redirects).toEqual([server.url('/redirect-chain'), server.url('/redirect-2')]);
    expect(response.body.toString()).toBe('<p>hello</p>');
  });

  it(`stops after ${SAFE_FETCH_DEFAULT_MAX_REDIRECTS} redirects`, async () => {
    const before = server.requests.length;
    const error = await expectReason(loopbackOnly(server.url('/loop')), 'too_many_redirects');
    expect(error.status).toBe(302);
    expect(server.requests.length - before).toBe(SAFE_FETCH_DEFAULT_MAX_REDIRECTS + 1);
  });

  it('honours a smaller limit', async () => {
    await expectReason(
      loopbackOnly(server.url('/redirect-chain'), { maxRedirects: 1 }),
      'too_many_redirects',
    );
    await expectReason(
      loopbackOnly(server.url('/loop'), { maxRedirects: 0 }),
      'too_many_redirects',
    );
  });
});

describe('limits', () => {
  it('aborts a streamed body past the byte cap and drops the connection', async () => {
    let closedEarly: Promise<boolean> = Promise.resolve(false);
    server.route('/stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      closedEarly = new Promise((resolve) => res.on('close', () => resolve(!res.writableFinished)));
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < 64 && !res.destroyed) {
          sent += 1;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      pump();
    });
    const error = await expectReason(
      loopbackOnly(server.url('/stream'), { maxBytes: 256 * 1024 }),
      'too_large',
    );
    expect(error.maxBytes).toBe(256 * 1024);
    expect(await closedEarly).toBe(true);
  });

  it('refuses a declared length over the cap before reading', async () => {
    await expectReason(loopbackOnly(server.url('/big-declared'), { maxBytes: 1024 }), 'too_large');
  });

  it('caps the decoded size of a compressed body', async () => {
    await expectReason(
      loopbackOnly(server.url('/gzip-bomb'), { maxBytes: 1024 * 1024 }),
      'too_large',
    );
    const ok = await loopbackOnly(server.url('/gzip'));
    expect(ok.body.toString()).toBe('<p>compressed</p>');
  });

  it('returns the first bytes when asked to truncate', async () => {
    const response = await loopbackOnly(server.url('/gzip-bomb'), {
      maxBytes: 1000,
      onLimit: 'truncate',
    });
    expect(response.truncated).toBe(true);
    expect(response.body.length).toBe(1000);
  });

  it('times out a server that does not answer', async () => {
    await expectReason(loopbackOnly(server.url('/no-answer'), { timeoutMs: 300 }), 'timeout');
  });

  it('times out a body that stalls', async () => {
    await expectReason(loopbackOnly(server.url('/stall'), { timeoutMs: 300 }), 'timeout');
  });

  it('times out a slow resolver', async () => {
    const never: Resolver = () => new Promise(() => undefined);
    await expectReason(
      createSafeFetcher({ resolver: never })('http://slow.example/', { timeoutMs: 100 }),
      'timeout',
    );
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = loopbackOnly(server.url('/no-answer'), { signal: controller.signal });
    controller.abort();
    await expectReason(pending, 'aborted');
  });
});

describe('responses', () => {
  it('checks the content type of the final response', async () => {
    const error = await expectReason(
      loopbackOnly(server.url('/image'), { allowedContentTypes: HTML_CONTENT_TYPES }),
      'bad_content_type',
    );
    expect(error.contentType).toBe('image/png');
    const image = await loopbackOnly(server.url('/image'), {
      allowedContentTypes: IMAGE_CONTENT_TYPES,
    });
    expect(image.body.length).toBe(64);
  });

  it('treats a missing content type as application/octet-stream', async () => {
    await expectReason(
      loopbackOnly(server.url('/untyped'), { allowedContentTypes: HTML_CONTENT_TYPES }),
      'bad_content_type',
    );
    const response = await loopbackOnly(server.url('/untyped'), {
      allowedContentTypes: IMAGE_CONTENT_TYPES,
    });
    expect(response.contentType).toBeNull();
  });

  it('fails on an error status', async () => {
    const error = await expectReason(loopbackOnly(server.url('/missing')), 'http_status');
    expect(error.status).toBe(404);
  });

  it('passes on only the headers a caller may set', async () => {
    const before = server.requests.length;
    await loopbackOnly(server.url('/image'), {
      headers: { range: 'bytes=0-99', 'accept-language': 'fr' },
      allowedContentTypes: IMAGE_CONTENT_TYPES,
    });
    const headers = server.requests[before]?.headers;
    expect(headers?.range).toBe('bytes=0-99');
    expect(headers?.['accept-language']).toBe('fr');
    expect(headers?.accept).toBe('image/*, application/octet-stream, binary/octet-stream');
  });
});
