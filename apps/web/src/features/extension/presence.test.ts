// The web's extension check (saving.md §4 "decided after a 500 ms wait for the extension
// check"): only the extension's answer from this window and origin counts; silence means not
// installed once the wait is over.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { checkExtension, EXTENSION_CHECK_WAIT_MS, readExtensionAnswer } from './presence.ts';

afterEach(() => {
  vi.useRealTimers();
});

function answer(data: unknown, options: { origin?: string; source?: Window | null } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: options.origin ?? window.location.origin,
      source: options.source === undefined ? window : options.source,
    }),
  );
}

const INSTALLED = {
  source: 'corkboard-extension',
  type: 'installed',
  version: '1.0.0',
  browser: 'chromium',
};

describe('checkExtension', () => {
  test('answers installed with the version and browser the extension reports', async () => {
    const check = checkExtension(window);
    answer(INSTALLED);
    await expect(check).resolves.toEqual({
      installed: true,
      version: '1.0.0',
      browser: 'chromium',
    });
  });

  test('ignores answers from another origin, another window or another sender; then not installed', async () => {
    vi.useFakeTimers();
    const check = checkExtension(window);
    answer(INSTALLED, { origin: 'https://evil.example' });
    answer(INSTALLED, { source: null });
    answer({ ...INSTALLED, source: 'someone-else' });
    let settled = false;
    void check.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(EXTENSION_CHECK_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(check).resolves.toEqual({ installed: false });
  });
});

describe('readExtensionAnswer', () => {
  test('keeps a malformed version out and files an unknown browser as other', () => {
    expect(readExtensionAnswer({ ...INSTALLED, version: '<b>', browser: 'netscape' })).toEqual({
      installed: true,
      version: null,
      browser: 'other',
    });
    expect(readExtensionAnswer({ type: 'installed' })).toBeNull();
  });
});
