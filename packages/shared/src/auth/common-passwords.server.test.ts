import { describe, expect, it } from 'vitest';
import {
  isCommonPassword,
  preloadCommonPasswords,
  PRODUCT_COMMON_PASSWORDS,
} from './common-passwords.server.ts';

describe('isCommonPassword', () => {
  it('loads tens of thousands of entries', () => {
    expect(preloadCommonPasswords()).toBeGreaterThan(40_000);
  });

  it.each([
    '123456',
    'password',
    'qwerty',
    'iloveyou',
    'sunshine',
    'football',
    'trustno1',
    '1qaz2wsx',
  ])('lists %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it('matches case-insensitively', () => {
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('QWERTY')).toBe(true);
  });

  it('lists Corkboard-specific guesses', () => {
    for (const password of PRODUCT_COMMON_PASSWORDS) expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword('Corkboard123')).toBe(true);
  });

  it.each(['tulip-garden-42', 'v9#Lq2!mZ', 'correct horse battery staple'])(
    'does not list %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
