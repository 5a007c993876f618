// The extension upsell's nag rules (saving.md §9; docs/decisions/062).
import { describe, expect, test } from 'vitest';
import {
  afterSave,
  EXTENSION_NAG_INTERVAL_DAYS,
  EXTENSION_NAG_KEY,
  EXTENSION_NAG_MAX_COUNT,
  extensionSupported,
  nagAllows,
  NO_NAGS,
  parseNagState,
  readNagState,
  writeNagState,
} from './nag.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23, 12);

describe('nagAllows', () => {
  test('never with a count of 0: the first save, and the save right after a nag', () => {
    expect(nagAllows(NO_NAGS, NOW)).toBe(false);
    expect(nagAllows({ count: 0, lastNagAt: NOW - 100 * DAY }, NOW)).toBe(false);
  });

  test('once the count reaches the maximum, however recent the last nag', () => {
    expect(nagAllows({ count: EXTENSION_NAG_MAX_COUNT - 1, lastNagAt: NOW - DAY }, NOW)).toBe(
      false,
    );
    expect(nagAllows({ count: EXTENSION_NAG_MAX_COUNT, lastNagAt: NOW - 1 }, NOW)).toBe(true);
  });

  test('when the last nag is older than the set number of days, or there was none', () => {
    const interval = EXTENSION_NAG_INTERVAL_DAYS * DAY;
    expect(nagAllows({ count: 1, lastNagAt: NOW - interval + 1 }, NOW)).toBe(false);
    expect(nagAllows({ count: 1, lastNagAt: NOW - interval }, NOW)).toBe(true);
    expect(nagAllows({ count: 1, lastNagAt: null }, NOW)).toBe(true);
  });

  test('the values decided in ADR 062', () => {
    expect([EXTENSION_NAG_MAX_COUNT, EXTENSION_NAG_INTERVAL_DAYS, EXTENSION_NAG_KEY]).toEqual([
      4,
      3,
      'extensionNagCount',
    ]);
  });
});

describe('afterSave', () => {
  test('a shown upsell starts the count over and records the time; otherwise one more save', () => {
    expect(afterSave({ count: 4, lastNagAt: 1 }, true, NOW)).toEqual({ count: 0, lastNagAt: NOW });
    expect(afterSave({ count: 2, lastNagAt: 1 }, false, NOW)).toEqual({ count: 3, lastNagAt: 1 });
  });

  test('a sequence: first save silent, second nags, then silent until the count is full', () => {
    let state = NO_NAGS;
    const shown: boolean[] = [];
    for (let save = 0; save < 7; save += 1) {
      const show = nagAllows(state, NOW);
      shown.push(show);
      state = afterSave(state, show, NOW);
    }
    expect(shown).toEqual([false, true, false, false, false, false, true]);
  });
});

describe('stored state', () => {
  test('round-trips through storage under extensionNagCount; junk reads as no nags', () => {
    const storage = window.localStorage;
    storage.clear();
    expect(readNagState(storage)).toEqual(NO_NAGS);
    writeNagState(storage, { count: 2, lastNagAt: NOW });
    expect(JSON.parse(storage.getItem('extensionNagCount') ?? 'null')).toEqual({
      count: 2,
      lastNagAt: NOW,
    });
    expect(readNagState(storage)).toEqual({ count: 2, lastNagAt: NOW });
    expect(parseNagState('{"count":-3,"lastNagAt":"soon"}')).toEqual(NO_NAGS);
    expect(parseNagState('not json')).toEqual(NO_NAGS);
    storage.clear();
  });
});

describe('extensionSupported', () => {
  test('desktop Chromium and Firefox; not phones, not Safari', () => {
    const desktopChrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36';
    expect(extensionSupported({ userAgent: desktopChrome })).toBe(true);
    expect(
      extensionSupported({
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
      }),
    ).toBe(true);
    expect(extensionSupported({ userAgent: desktopChrome, userAgentData: { mobile: true } })).toBe(
      false,
    );
    expect(
      extensionSupported({
        userAgent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
      }),
    ).toBe(false);
  });
});
