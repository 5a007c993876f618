// The DNS peer through Node's own resolver (c-ares), as the product will use it: TXT and A
// answers, NXDOMAIN and NODATA, CNAME chains, changes while running, and a large TXT set that
// only fits over TCP (the UDP answer is truncated and the resolver retries over TCP).
import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startDnsPeer, type DnsPeer } from './dns.ts';

let peer: DnsPeer;
let resolver: Resolver;

beforeAll(async () => {
  peer = await startDnsPeer({
    txt: { '_corkboard-challenge.breadnotes.example': ['corkboard-site-verification=abc123'] },
    a: { 'breadnotes.example': ['127.0.0.1'] },
  });
  resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([peer.server]);
});

afterAll(async () => {
  await peer.stop();
});

describe('answers', () => {
  test('TXT and A records from the table, case-insensitively', async () => {
    expect(await resolver.resolveTxt('_corkboard-challenge.breadnotes.example')).toEqual([
      ['corkboard-site-verification=abc123'],
    ]);
    expect(await resolver.resolveTxt('_CORKBOARD-challenge.BreadNotes.example.')).toEqual([
      ['corkboard-site-verification=abc123'],
    ]);
    expect(await resolver.resolve4('breadnotes.example')).toEqual(['127.0.0.1']);
  });

  test('an unknown name is NXDOMAIN (ENOTFOUND); a known name without that type is NODATA (ENODATA)', async () => {
    await expect(resolver.resolveTxt('nothing-here.example')).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
    await expect(resolver.resolveTxt('breadnotes.example')).rejects.toMatchObject({
      code: 'ENODATA',
    });
    expect(
      peer.queries().some((q) => q.name === 'nothing-here.example' && q.rcode === 'NXDOMAIN'),
    ).toBe(true);
  });

  test('records change while running', async () => {
    const name = '_corkboard-challenge.woodshop.example.org';
    await expect(resolver.resolveTxt(name)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    peer.setTxt(name, ['corkboard-site-verification=first', 'v=spf1 -all']);
    expect((await resolver.resolveTxt(name)).map((chunks) => chunks.join('')).sort()).toEqual([
      'corkboard-site-verification=first',
      'v=spf1 -all',
    ]);
    peer.setTxt(name, ['corkboard-site-verification=second']);
    expect(await resolver.resolveTxt(name)).toEqual([['corkboard-site-verification=second']]);
    peer.remove(name);
    await expect(resolver.resolveTxt(name)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  test('CNAMEs are followed; AAAA answers', async () => {
    peer.setAaaa('v6.example', ['::1']);
    peer.setCname('www.v6.example', 'v6.example');
    expect(await resolver.resolve6('www.v6.example')).toEqual(['::1']);
    expect(await resolver.resolveCname('www.v6.example')).toEqual(['v6.example']);
  });

  test('a value over 255 bytes comes back in 255-byte chunks of one record', async () => {
    const value = `k=${'x'.repeat(400)}`;
    peer.setTxt('long.example', [value]);
    const [record] = await resolver.resolveTxt('long.example');
    expect(record?.map((chunk) => Buffer.byteLength(chunk))).toEqual([255, 147]);
    expect(record?.join('')).toBe(value);
  });

  test('an answer too big for UDP is truncated and fetched again over TCP', async () => {
    const values = Array.from({ length: 12 }, (_, i) => `record-${i}-${'y'.repeat(100)}`);
    peer.setTxt('big.example', values);
    const answers = await resolver.resolveTxt('big.example');
    expect(answers.map((chunks) => chunks.join('')).sort()).toEqual([...values].sort());
    const asked = peer.queries().filter((q) => q.name === 'big.example');
    expect(asked.some((q) => q.transport === 'udp' && q.truncated)).toBe(true);
    expect(asked.some((q) => q.transport === 'tcp' && !q.truncated)).toBe(true);
  });

  test('refuses addresses that are not addresses', () => {
    expect(() => peer.setA('bad.example', ['300.1.1.1'])).toThrow(/not an IPv4 address/);
  });
});

describe('control API and zone editor', () => {
  test('records set over HTTP are answered; the editor lists them; DELETE removes them', async () => {
    const name = '_corkboard-challenge.control.example';
    const put = await fetch(`${peer.controlUrl}/__peer/records/${name}/TXT`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ values: ['corkboard-site-verification=over-http'] }),
    });
    expect(put.status).toBe(200);
    expect(await resolver.resolveTxt(name)).toEqual([['corkboard-site-verification=over-http']]);
    const page = await (await fetch(peer.controlUrl)).text();
    expect(page).toContain('Development DNS');
    expect(page).toContain('corkboard-site-verification=over-http');
    const listed = (await (await fetch(`${peer.controlUrl}/__peer/records`)).json()) as {
      records: { name: string }[];
    };
    expect(listed.records.map((r) => r.name)).toContain(name);
    expect(
      (await fetch(`${peer.controlUrl}/__peer/records/${name}/TXT`, { method: 'DELETE' })).status,
    ).toBe(204);
    await expect(resolver.resolveTxt(name)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  test('refuses bad names, bad addresses, non-JSON bodies and forms without the page token', async () => {
    const put = (path: string, body: string, type = 'application/json') =>
      fetch(`${peer.controlUrl}/__peer/records/${path}`, {
        method: 'PUT',
        headers: { 'content-type': type },
        body,
      });
    expect((await put('bad..name/TXT', '{"values":["x"]}')).status).toBe(400);
    expect(await (await put('ok.example/A', '{"values":["not-an-ip"]}')).json()).toEqual({
      error: 'not an IPv4 address: not-an-ip',
    });
    expect(
      (await put('ok.example/TXT', 'values=x', 'application/x-www-form-urlencoded')).status,
    ).toBe(415);
    const form = await fetch(`${peer.controlUrl}/records`, {
      method: 'POST',
      body: new URLSearchParams({ token: 'guess', name: 'evil.example', type: 'TXT', values: 'x' }),
    });
    expect(form.status).toBe(403);
    await expect(resolver.resolveTxt('evil.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
