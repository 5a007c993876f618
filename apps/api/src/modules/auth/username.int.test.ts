import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { createFixtures } from '../../test/fixtures.ts';
import {
  FALLBACK_USERNAME_BASE,
  isAcceptableUsername,
  pickUsername,
  USERNAME_PATTERN,
  usernameBase,
  usernameCandidates,
} from './username.ts';

describe('usernameBase', () => {
  it('is made from the name, folded to ASCII', () => {
    expect(usernameBase({ firstName: 'Zoë', lastName: "O'Neill", email: 'z@example.test' })).toBe(
      'zoeoneill',
    );
    expect(
      usernameBase({ firstName: 'José María', lastName: 'Núñez', email: 'j@example.test' }),
    ).toBe('josemarianunez');
    expect(usernameBase({ firstName: 'ann_lee', email: 'a@example.test' })).toBe('ann_lee');
  });

  it('falls back to the email local part, then to "user"', () => {
    expect(
      usernameBase({ firstName: '李', lastName: '雷', email: 'li.lei+pins@example.test' }),
    ).toBe('lileipins');
    expect(usernameBase({ firstName: '', email: 'ab@example.test' })).toBe(FALLBACK_USERNAME_BASE);
  });

  it('drops the product name and stays within 30 characters', () => {
    expect(
      usernameBase({ firstName: 'Corkboard', lastName: 'Fan Club', email: 'x@example.test' }),
    ).toBe('fanclub');
    const long = usernameBase({ firstName: 'A'.repeat(40), email: 'x@example.test' });
    expect(long).toHaveLength(30);
  });
});

describe('usernameCandidates', () => {
  it('tries the bare base first, then numbered ones, all in the users format', () => {
    let n = 0;
    const candidates = usernameCandidates('annlee', 0, (min) => min + n++);
    expect(candidates[0]).toBe('annlee');
    expect(candidates.slice(1).every((c) => /^annlee\d{2}$/.test(c))).toBe(true);
    expect(candidates.every((c) => USERNAME_PATTERN.test(c))).toBe(true);
  });

  it('cuts long bases to fit the suffix and skips reserved words', () => {
    const candidates = usernameCandidates('x'.repeat(30), 1, (min) => min);
    expect(candidates.every((c) => c.length <= 30 && /\d{4}$/.test(c))).toBe(true);
    expect(usernameCandidates('login', 0, (min) => min)).not.toContain('login');
    expect(isAcceptableUsername('Settings')).toBe(false);
    expect(isAcceptableUsername('ab')).toBe(false);
  });
});

describe('pickUsername', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('skips taken names (case-insensitively) and the password', async () => {
    await createFixtures(handle.db).user({ username: 'MaxMuster' });
    const picked = await pickUsername(
      handle.db,
      { firstName: 'Max', lastName: 'Muster', email: 'm@example.test' },
      'x',
    );
    expect(picked).toMatch(/^maxmuster\d{2}$/);
    const avoided = await pickUsername(
      handle.db,
      { firstName: 'Kim', lastName: 'Lo', email: 'k@example.test' },
      'KIMLO',
    );
    expect(avoided).not.toBe('kimlo');
  });
});
