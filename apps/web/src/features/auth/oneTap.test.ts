import { describe, expect, it } from 'vitest';
import {
  chromeMajorVersion,
  isButtonSelection,
  ONE_TAP_MIN_CHROME_VERSION,
  oneTapAllowed,
  type OneTapContext,
} from './oneTap.ts';

const chrome = (major: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.6478.126 Safari/537.36`;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const CHROME_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';

function context(overrides: Partial<OneTapContext>): OneTapContext {
  return {
    flow: 'login',
    userAgent: chrome(130),
    googleConnected: true,
    googleAvailable: true,
    ...overrides,
  };
}

describe('chromeMajorVersion', () => {
  it('reads Chrome and headless Chrome, not other engines', () => {
    expect(chromeMajorVersion(chrome(124))).toBe(124);
    expect(chromeMajorVersion(chrome(124).replace('Chrome/', 'HeadlessChrome/'))).toBe(124);
    expect(chromeMajorVersion(FIREFOX)).toBeNull();
    expect(chromeMajorVersion(SAFARI)).toBeNull();
    expect(chromeMajorVersion(CHROME_IOS)).toBeNull();
    expect(chromeMajorVersion('')).toBeNull();
  });
});

describe('oneTapAllowed', () => {
  it('uses each flow’s threshold, inclusive', () => {
    expect(ONE_TAP_MIN_CHROME_VERSION).toEqual({ login: 122, signup: 125, switch: 128 });
    for (const [flow, minimum] of Object.entries(ONE_TAP_MIN_CHROME_VERSION)) {
      const f = flow as OneTapContext['flow'];
      expect(oneTapAllowed(context({ flow: f, userAgent: chrome(minimum) }))).toBe(true);
      expect(oneTapAllowed(context({ flow: f, userAgent: chrome(minimum - 1) }))).toBe(false);
    }
    expect(oneTapAllowed(context({ flow: 'switch', userAgent: chrome(125) }))).toBe(false);
    expect(oneTapAllowed(context({ flow: 'login', userAgent: chrome(125) }))).toBe(true);
  });

  it('needs a connected Google account and a Google client', () => {
    expect(oneTapAllowed(context({ googleConnected: false }))).toBe(false);
    expect(oneTapAllowed(context({ googleAvailable: false }))).toBe(false);
  });

  it('is never shown outside Chrome', () => {
    for (const userAgent of [FIREFOX, SAFARI, CHROME_IOS]) {
      expect(oneTapAllowed(context({ userAgent }))).toBe(false);
    }
  });
});

describe('isButtonSelection', () => {
  it('tells the button from one tap', () => {
    expect(isButtonSelection('btn')).toBe(true);
    expect(isButtonSelection('btn_confirm')).toBe(true);
    expect(isButtonSelection(undefined)).toBe(true);
    expect(isButtonSelection('auto')).toBe(false);
    expect(isButtonSelection('user')).toBe(false);
    expect(isButtonSelection('fedcm')).toBe(false);
  });
});
