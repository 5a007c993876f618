// The extension's message checks and the create-page address it opens (docs/decisions/061).
import { describe, expect, it } from 'vitest';
import { buildManifest } from './manifest.ts';
import {
  createPageUrl,
  DESCRIPTION_MAX_LENGTH,
  httpUrl,
  isExtensionCheck,
  readSaveImageMessage,
} from './protocol.ts';
import { zip } from './zip.ts';

describe('readSaveImageMessage', () => {
  const valid = {
    type: 'save-image',
    media: 'https://shop.example/tart.jpg',
    url: 'https://shop.example/tarts',
    description: 'A plum tart',
  };

  it('accepts a save with http(s) addresses', () => {
    expect(readSaveImageMessage(valid)).toEqual(valid);
  });

  it('refuses other types, non-web addresses and missing fields', () => {
    expect(readSaveImageMessage({ ...valid, type: 'open' })).toBeNull();
    expect(readSaveImageMessage({ ...valid, media: 'javascript:alert(1)' })).toBeNull();
    expect(readSaveImageMessage({ ...valid, media: 'data:image/png;base64,AAAA' })).toBeNull();
    expect(readSaveImageMessage({ ...valid, url: 'chrome://settings' })).toBeNull();
    expect(readSaveImageMessage({ ...valid, description: 5 })).toBeNull();
    expect(readSaveImageMessage(null)).toBeNull();
    expect(readSaveImageMessage('save-image')).toBeNull();
  });

  it('cuts a long description', () => {
    const long = readSaveImageMessage({ ...valid, description: 'x'.repeat(900) });
    expect(long?.description).toHaveLength(DESCRIPTION_MAX_LENGTH);
  });
});

describe('isExtensionCheck and httpUrl', () => {
  it('knows only the web page question', () => {
    expect(isExtensionCheck({ source: 'corkboard-web', type: 'extension-check' })).toBe(true);
    expect(isExtensionCheck({ source: 'someone-else', type: 'extension-check' })).toBe(false);
    expect(isExtensionCheck({ source: 'corkboard-web', type: 'save' })).toBe(false);
  });

  it('answers normalised http(s) addresses only, at most 2048 characters', () => {
    expect(httpUrl('HTTPS://Shop.Example/a b')).toBe('https://shop.example/a%20b');
    expect(httpUrl('ftp://shop.example/')).toBeNull();
    expect(httpUrl(`https://shop.example/${'a'.repeat(2100)}`)).toBeNull();
  });
});

describe('createPageUrl', () => {
  it('opens /pin/create/extension/ with url, media and description', () => {
    const address = new URL(
      createPageUrl('https://corkboard.example', {
        media: 'https://shop.example/tart.jpg',
        url: 'https://shop.example/tarts?page=2',
        description: '  A plum tart ',
      }),
    );
    expect(address.origin + address.pathname).toBe(
      'https://corkboard.example/pin/create/extension/',
    );
    expect(Object.fromEntries(address.searchParams)).toEqual({
      url: 'https://shop.example/tarts?page=2',
      media: 'https://shop.example/tart.jpg',
      description: 'A plum tart',
    });
  });

  it('leaves media and an empty description out (the product finds the page images)', () => {
    const address = new URL(
      createPageUrl('https://corkboard.example', {
        url: 'https://shop.example/',
        description: ' ',
      }),
    );
    expect(Object.fromEntries(address.searchParams)).toEqual({ url: 'https://shop.example/' });
  });
});

describe('manifest and zip', () => {
  it('is Manifest V3 with a service worker for Chromium and background scripts for Firefox', () => {
    const chromium = buildManifest('chromium', '1.0.0');
    const firefox = buildManifest('firefox', '1.0.0');
    expect(chromium['manifest_version']).toBe(3);
    expect(chromium['background']).toEqual({ service_worker: 'background.js' });
    expect(firefox['background']).toEqual({ scripts: ['background.js'] });
    expect(firefox['browser_specific_settings']).toBeDefined();
    expect(chromium['browser_specific_settings']).toBeUndefined();
    // No remote code: the manifest names no outside script or CSP loosening.
    expect(JSON.stringify(chromium)).not.toMatch(/content_security_policy|unsafe-eval/);
  });

  it('writes a zip whose central directory lists every file', () => {
    const archive = zip([
      { name: 'manifest.json', data: Buffer.from('{}') },
      { name: 'content.js', data: Buffer.from('console.log(1)') },
    ]);
    expect(archive.readUInt32LE(0)).toBe(0x04034b50);
    const end = archive.subarray(archive.length - 22);
    expect(end.readUInt32LE(0)).toBe(0x06054b50);
    expect(end.readUInt16LE(10)).toBe(2);
    expect(archive.includes(Buffer.from('manifest.json'))).toBe(true);
    expect(archive.includes(Buffer.from('content.js'))).toBe(true);
  });
});
