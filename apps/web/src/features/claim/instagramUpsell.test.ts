// The Instagram upsell's conditions, one at a time (saving.md §2.8).
import { describe, expect, test } from 'vitest';
import {
  instagramUpsellAllowed,
  isPhotoSiteUrl,
  type InstagramUpsellFacts,
} from './instagramUpsell.ts';

const SITES = ['instagram.com'];

const allHold: InstagramUpsellFacts = {
  signedIn: true,
  targetUrl: 'https://www.instagram.com/p/C0ffee/',
  connectedToInstagram: false,
  listedWebsiteUrl: 'https://instagram.com/mara_cooks',
  siteDomains: SITES,
  flagOn: true,
  ownContext: true,
};

describe('isPhotoSiteUrl', () => {
  test('matches the site, www. and sub-domains, not look-alikes or other schemes', () => {
    expect(isPhotoSiteUrl('https://www.instagram.com/p/1/', SITES)).toBe(true);
    expect(isPhotoSiteUrl('http://INSTAGRAM.com./x', SITES)).toBe(true);
    expect(isPhotoSiteUrl('https://help.instagram.com/', SITES)).toBe(true);
    expect(isPhotoSiteUrl('https://notinstagram.com/', SITES)).toBe(false);
    expect(isPhotoSiteUrl('https://instagram.com.evil.example/', SITES)).toBe(false);
    expect(isPhotoSiteUrl('ftp://instagram.com/', SITES)).toBe(false);
    expect(isPhotoSiteUrl('not a url', SITES)).toBe(false);
    expect(isPhotoSiteUrl(null, SITES)).toBe(false);
  });

  test('also matches a stand-in host the server names', () => {
    expect(isPhotoSiteUrl('http://127.0.0.1:47123/p/9/', [...SITES, '127.0.0.1'])).toBe(true);
  });
});

describe('instagramUpsellAllowed', () => {
  test('shows when every condition holds', () => {
    expect(instagramUpsellAllowed(allHold)).toBe(true);
  });

  test.each([
    ['signed out', { signedIn: false }],
    [
      'the target url is not from the photo site',
      { targetUrl: 'https://www.cooking.example/tart' },
    ],
    ['no target url', { targetUrl: null }],
    ['already connected', { connectedToInstagram: true }],
    ['the listed website is another site', { listedWebsiteUrl: 'https://www.cooking.example/' }],
    ['no listed website', { listedWebsiteUrl: null }],
    ['the test flag is off', { flagOn: false }],
    ['the user context is not the viewer’s own', { ownContext: false }],
  ] satisfies [string, Partial<InstagramUpsellFacts>][])('not shown when %s', (_name, change) => {
    expect(instagramUpsellAllowed({ ...allHold, ...change })).toBe(false);
  });
});
