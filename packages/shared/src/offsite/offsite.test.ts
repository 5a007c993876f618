// The /offsite/ rules the web and the server share (business.md §5.3; docs/decisions/080).
import { describe, expect, it } from 'vitest';
import {
  hostSuffixes,
  isInternalHost,
  offsiteHref,
  offsiteToken,
  OFFSITE_TOKEN_MAX,
  OFFSITE_URL_MAX_LENGTH,
  parseListDomain,
  parseOffsiteUrl,
} from './offsite.ts';

describe('offsiteToken', () => {
  it('stays within 0 and 1000, both included', () => {
    expect(offsiteToken(() => 0)).toBe(0);
    expect(offsiteToken(() => 0.5)).toBe(500);
    expect(offsiteToken(() => 0.9999999)).toBe(OFFSITE_TOKEN_MAX);
    expect(offsiteToken(() => 1)).toBe(OFFSITE_TOKEN_MAX);
  });
});

describe('offsiteHref', () => {
  it('carries token, url, pin, isThirdPartyAd, csr, client_tracking_params and aux_data', () => {
    const href = offsiteHref(
      {
        url: 'https://shop.example/a?b=1&c=2',
        pinId: '42',
        isThirdPartyAd: true,
        csr: 'c1',
        clientTrackingParams: 'ctp',
        auxData: '{"x":1}',
      },
      () => 0.25,
    );
    expect(href.startsWith('/offsite/?')).toBe(true);
    const query = new URLSearchParams(href.slice('/offsite/?'.length));
    expect(Object.fromEntries(query)).toEqual({
      token: '250',
      url: 'https://shop.example/a?b=1&c=2',
      pin: '42',
      isThirdPartyAd: 'true',
      csr: 'c1',
      client_tracking_params: 'ctp',
      aux_data: '{"x":1}',
    });
  });

  it('leaves out what it was not given', () => {
    const query = new URLSearchParams(
      offsiteHref({ url: 'https://a.example/' }, () => 0).split('?')[1],
    );
    expect([...query.keys()]).toEqual(['token', 'url', 'isThirdPartyAd']);
    expect(query.get('isThirdPartyAd')).toBe('false');
  });
});

describe('parseOffsiteUrl', () => {
  it.each(['https://a.example/x', 'http://a.example', ' https://a.example/ '])(
    'accepts %s',
    (value) => {
      expect(parseOffsiteUrl(value)?.hostname).toBe('a.example');
    },
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,hi',
    'ftp://a.example/',
    '/relative/path',
    '//a.example/',
    'https://user:pass@a.example/',
    'https://corkboard.example@evil.example/',
    '',
    null,
    undefined,
    `https://a.example/${'x'.repeat(OFFSITE_URL_MAX_LENGTH)}`,
  ])('refuses %s', (value) => {
    expect(parseOffsiteUrl(value)).toBeUndefined();
  });
});

describe('isInternalHost', () => {
  it('knows our host, its subdomains and any case or trailing dot', () => {
    expect(isInternalHost('corkboard.test', 'corkboard.test')).toBe(true);
    expect(isInternalHost('WWW.Corkboard.Test.', 'corkboard.test')).toBe(true);
    expect(isInternalHost('notcorkboard.test', 'corkboard.test')).toBe(false);
    expect(isInternalHost('corkboard.test.evil.example', 'corkboard.test')).toBe(false);
  });
});

describe('hostSuffixes', () => {
  it('lists the host and its parents, never the bare top-level domain', () => {
    expect(hostSuffixes('a.b.Example.com.')).toEqual([
      'a.b.example.com',
      'b.example.com',
      'example.com',
    ]);
    expect(hostSuffixes('localhost')).toEqual(['localhost']);
  });
});

describe('parseListDomain', () => {
  it('normalises a typed domain', () => {
    expect(parseListDomain(' WWW.Evil.Example. ')).toBe('www.evil.example');
  });

  it.each(['https://a.example', 'a.example:80', 'a..example', '-a.example', 'a_b.example', ''])(
    'refuses %s',
    (value) => {
      expect(parseListDomain(value)).toBeUndefined();
    },
  );
});
