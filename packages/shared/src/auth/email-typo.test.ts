import { describe, expect, it } from 'vitest';
import {
  COMMON_EMAIL_DOMAINS,
  EMAIL_TYPO_HINT_MAX_LENGTH,
  editDistance,
  emailTypoHint,
  isGmailLike,
  suggestEmail,
} from './email-typo.ts';

// Plain recursive definition of optimal string alignment, to check the fast version against.
function referenceDistance(a: string, b: string): number {
  const memo = new Map<string, number>();
  const go = (i: number, j: number): number => {
    const key = `${i},${j}`;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    let result: number;
    if (i === 0) result = j;
    else if (j === 0) result = i;
    else {
      result = Math.min(
        go(i - 1, j) + 1,
        go(i, j - 1) + 1,
        go(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        result = Math.min(result, go(i - 2, j - 2) + 1);
    }
    memo.set(key, result);
    return result;
  };
  return go(a.length, b.length);
}

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['gmail.com', 'gmail.com', 0],
    ['gmail.con', 'gmail.com', 1],
    ['gmail.co', 'gmail.com', 1],
    ['gmaill.com', 'gmail.com', 1],
    ['gamil.com', 'gmail.com', 1],
    ['gmial.com', 'gmail.com', 1],
    ['hotmial.com', 'hotmail.com', 1],
    ['yaho.com', 'yahoo.com', 1],
    ['kitten', 'sitting', 3],
    // Optimal string alignment edits each substring once, so this is 3, not 2.
    ['ca', 'abc', 3],
  ])('%s → %s is %i', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
    expect(editDistance(b, a)).toBe(expected);
  });

  it('agrees with the reference definition on many pairs', () => {
    const words = [
      'gmail.com',
      'gmial.com',
      'gmai.com',
      'yahoo.com',
      'yhaoo.com',
      'me.com',
      'mac.com',
      'aol.com',
      'ab',
      'ba',
      'abc',
      '',
    ];
    for (const a of words) {
      for (const b of words) expect(editDistance(a, b)).toBe(referenceDistance(a, b));
    }
  });

  it('stops past the limit with limit + 1', () => {
    expect(editDistance('gmail.com', 'protonmail.com', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
    expect(editDistance('gmial.com', 'gmail.com', 2)).toBe(1);
  });
});

describe('COMMON_EMAIL_DOMAINS', () => {
  it('has about 45 distinct lower-case domains, gmail first', () => {
    expect(COMMON_EMAIL_DOMAINS.length).toBeGreaterThanOrEqual(40);
    expect(COMMON_EMAIL_DOMAINS.length).toBeLessThanOrEqual(50);
    expect(new Set(COMMON_EMAIL_DOMAINS).size).toBe(COMMON_EMAIL_DOMAINS.length);
    expect(COMMON_EMAIL_DOMAINS[0]).toBe('gmail.com');
    for (const domain of COMMON_EMAIL_DOMAINS) expect(domain).toBe(domain.toLowerCase());
  });

  it.each([
    'yahoo.co.uk',
    'hotmail.co.uk',
    'gmx.de',
    'web.de',
    'yandex.ru',
    'mail.ru',
    'naver.com',
    'qq.com',
    '163.com',
  ])('includes regional provider %s', (domain) => {
    expect(COMMON_EMAIL_DOMAINS).toContain(domain);
  });
});

describe('isGmailLike', () => {
  it.each([
    'gmail.co',
    'gmail.con',
    'gmail.com.br',
    'gmail.co.uk',
    'gmial.com',
    'gamil.com',
    'gmai.com',
    'gnail.com',
    'gmailcom',
    'gmaill.com',
  ])('%s is gmail-like', (domain) => {
    expect(isGmailLike(domain)).toBe(true);
  });

  it.each([
    'email.com',
    'ymail.com',
    'mail.com',
    'gmx.de',
    'googlemail.com',
    'hotmail.com',
    'gm.com',
  ])('%s is not', (domain) => {
    expect(isGmailLike(domain)).toBe(false);
  });
});

describe('suggestEmail', () => {
  it.each([
    ['jane@gmail.con', 'jane@gmail.com'],
    ['jane@gamil.com', 'jane@gmail.com'],
    ['jane@gmail.co', 'jane@gmail.com'],
    ['jane@gmial.com', 'jane@gmail.com'],
    ['jane@gmail.com.br', 'jane@gmail.com'],
    ['jane@gmail.co.uk', 'jane@gmail.com'],
    ['jane@gmailcom', 'jane@gmail.com'],
    ['jane@hotmial.com', 'jane@hotmail.com'],
    ['jane@hotmail.co', 'jane@hotmail.com'],
    ['jane@yaho.com', 'jane@yahoo.com'],
    ['jane@yahooo.com', 'jane@yahoo.com'],
    ['jane@yahoo.co.k', 'jane@yahoo.co.uk'],
    ['jane@hotmail.co.k', 'jane@hotmail.co.uk'],
    ['jane@outlok.com', 'jane@outlook.com'],
    ['jane@iclod.com', 'jane@icloud.com'],
    ['jane@icloud.cmo', 'jane@icloud.com'],
    ['jane@comcast.ent', 'jane@comcast.net'],
    ['jane@yandex.ry', 'jane@yandex.ru'],
    ['jane@naver.co', 'jane@naver.com'],
    ['jane@qq.co', 'jane@qq.com'],
    ['jane@163.co', 'jane@163.com'],
    ['jane@gmx.dee', 'jane@gmx.de'],
  ])('%s → %s', (email, suggestion) => {
    expect(suggestEmail(email)).toBe(suggestion);
  });

  it('allows distance 2 but not 3', () => {
    expect(suggestEmail('jane@hotmaiil.con')).toBe('jane@hotmail.com'); // 2
    expect(suggestEmail('jane@hhotmaiil.con')).toBeNull(); // 3
  });

  it('never suggests for an exact common domain, in any case', () => {
    for (const domain of COMMON_EMAIL_DOMAINS) expect(suggestEmail(`jane@${domain}`)).toBeNull();
    expect(suggestEmail('Jane@GMAIL.COM')).toBeNull();
    expect(suggestEmail('jane@Yahoo.Co.Uk')).toBeNull();
  });

  it('leaves unrelated domains alone', () => {
    expect(suggestEmail('jane@corkboard.example')).toBeNull();
    expect(suggestEmail('jane@university.edu')).toBeNull();
    expect(suggestEmail('jane@outlook.fr')).toBeNull();
  });

  it('breaks ties by list order', () => {
    // mc.com is one edit from both me.com and mac.com; me.com comes first.
    expect(COMMON_EMAIL_DOMAINS.indexOf('me.com')).toBeLessThan(
      COMMON_EMAIL_DOMAINS.indexOf('mac.com'),
    );
    expect(suggestEmail('jane@mc.com')).toBe('jane@me.com');
  });

  it('prefers the closest domain over an earlier one', () => {
    // hotmail.co.k: hotmail.com is 3 away, hotmail.co.uk 1 away.
    expect(suggestEmail('jane@hotmail.co.k')).toBe('jane@hotmail.co.uk');
  });

  it('keeps the local part as typed and lower-cases the domain', () => {
    expect(suggestEmail('Jane.Doe+pins@GMAIL.CON')).toBe('Jane.Doe+pins@gmail.com');
    expect(suggestEmail('  jane@yaho.com ')).toBe('jane@yahoo.com');
  });

  it('only hints under 60 characters', () => {
    const at59 = `${'j'.repeat(EMAIL_TYPO_HINT_MAX_LENGTH - 1 - '@gmail.con'.length)}@gmail.con`;
    expect(at59).toHaveLength(59);
    expect(suggestEmail(at59)).toBe(at59.replace('.con', '.com'));
    const at60 = `j${at59}`;
    expect(at60).toHaveLength(60);
    expect(suggestEmail(at60)).toBeNull();
  });

  it.each(['', 'jane', 'jane@', '@gmail.con', 'a@b@gmail.con'])(
    'has nothing to say about %j',
    (email) => {
      expect(suggestEmail(email)).toBeNull();
    },
  );
});

describe('emailTypoHint', () => {
  it('fills the spec sentence', () => {
    expect(emailTypoHint('jane@gmail.com')).toBe('Did you mean jane@gmail.com?');
  });
});
