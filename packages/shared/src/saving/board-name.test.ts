import { describe, expect, it } from 'vitest';
import {
  BOARD_NAME_COPY,
  BOARD_NAME_MAX_LENGTH,
  RESERVED_SLUGS,
  SECTION_NAME_MAX_LENGTH,
  SECTION_SLUG_FALLBACK,
  SLUG_MAX_LENGTH,
  isAddSectionDisabled,
  isCreateBoardDisabled,
  nameLength,
  normalizeName,
  slugify,
  uniqueSlug,
  validateBoardName,
  validateSectionName,
} from './board-name.ts';

describe('board name', () => {
  it('keeps the exact spec copy', () => {
    expect(BOARD_NAME_COPY.required).toBe("Don't forget to name your board!");
    expect(BOARD_NAME_COPY.tooLong).toBe('Please enter no more than {{ maxLength }} characters.');
  });

  it.each([[''], ['   '], ['\n\t'], [null], [undefined]])('requires a name (%j)', (raw) => {
    expect(validateBoardName(raw)).toEqual({
      reason: 'required',
      message: "Don't forget to name your board!",
      maxLength: BOARD_NAME_MAX_LENGTH,
    });
  });

  it('allows exactly 50 characters and refuses 51', () => {
    expect(BOARD_NAME_MAX_LENGTH).toBe(50);
    expect(validateBoardName('a'.repeat(50))).toBeNull();
    expect(validateBoardName('a'.repeat(51))).toEqual({
      reason: 'too_long',
      message: 'Please enter no more than 50 characters.',
      maxLength: 50,
    });
  });

  it('counts code points, after trimming and collapsing spaces', () => {
    expect(nameLength('\u{1F370}')).toBe(1);
    expect(validateBoardName('\u{1F370}'.repeat(50))).toBeNull();
    expect(validateBoardName(`   ${'a'.repeat(50)}   `)).toBeNull();
    expect(validateBoardName(`${'a'.repeat(25)}      ${'b'.repeat(24)}`)).toBeNull();
  });

  it('normalises whitespace and control characters', () => {
    expect(normalizeName('  Summer \t\n recipes\u0000 ')).toBe('Summer recipes');
    expect(normalizeName('Crème brûlée')).toBe('Crème brûlée');
  });
});

describe('section name', () => {
  it('is trimmed and must not be empty', () => {
    expect(validateSectionName('  Lighting ')).toBeNull();
    expect(validateSectionName('   ')?.reason).toBe('required');
    expect(validateSectionName('a'.repeat(SECTION_NAME_MAX_LENGTH + 1))?.message).toBe(
      `Please enter no more than ${SECTION_NAME_MAX_LENGTH} characters.`,
    );
  });
});

describe('form disabled rules', () => {
  it('disables Create while the name is blank or wrong, a create error exists, or saving', () => {
    const ok = { name: 'Trips', hasCreateError: false, saving: false };
    expect(isCreateBoardDisabled(ok)).toBe(false);
    expect(isCreateBoardDisabled({ ...ok, name: '  ' })).toBe(true);
    expect(isCreateBoardDisabled({ ...ok, name: 'x'.repeat(51) })).toBe(true);
    expect(isCreateBoardDisabled({ ...ok, hasCreateError: true })).toBe(true);
    expect(isCreateBoardDisabled({ ...ok, saving: true })).toBe(true);
  });

  it('disables Add while the name is empty, an error shows, or saving', () => {
    const ok = { name: 'Lighting', hasError: false, saving: false };
    expect(isAddSectionDisabled(ok)).toBe(false);
    expect(isAddSectionDisabled({ ...ok, name: ' ' })).toBe(true);
    expect(isAddSectionDisabled({ ...ok, hasError: true })).toBe(true);
    expect(isAddSectionDisabled({ ...ok, saving: true })).toBe(true);
  });
});

describe('slugify', () => {
  it.each([
    ['Sourdough & Bread', 'sourdough-and-bread'],
    ['  Crème brûlée!  ', 'creme-brulee'],
    ['Mid-century Furniture', 'mid-century-furniture'],
    ['Straße, Smørrebrød & Łódź', 'strasse-smorrebrod-and-lodz'],
    ['Æsthetic Œuvre', 'aesthetic-oeuvre'],
    ['ﬁne ＡＲＴ', 'fine-art'],
    ['2024 Trips', '2024-trips'],
    ['---', 'board'],
    ['料理', 'board'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('uses the given fallback', () => {
    expect(slugify('🙂', SECTION_SLUG_FALLBACK)).toBe('section');
  });

  it('keeps slugs within the limit, cut at a dash', () => {
    const slug = slugify('word '.repeat(30));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^word(-word)*$/);
    const unbroken = slugify('x'.repeat(200));
    expect(unbroken).toBe('x'.repeat(SLUG_MAX_LENGTH));
  });
});

describe('uniqueSlug', () => {
  it('returns the base when free, else the first free numbered variant', () => {
    expect(uniqueSlug('recipes', [])).toBe('recipes');
    expect(uniqueSlug('recipes', ['recipes'])).toBe('recipes-2');
    expect(uniqueSlug('recipes', new Set(['recipes', 'recipes-2', 'recipes-4']))).toBe('recipes-3');
  });

  it('never hands out a reserved slug', () => {
    expect(RESERVED_SLUGS.has('followers')).toBe(true);
    expect(uniqueSlug('followers', [])).toBe('followers-2');
  });

  it('shortens the base to make room for the suffix', () => {
    const base = 'a'.repeat(SLUG_MAX_LENGTH);
    const next = uniqueSlug(base, [base]);
    expect(next).toBe(`${'a'.repeat(SLUG_MAX_LENGTH - 2)}-2`);
    expect(next.length).toBe(SLUG_MAX_LENGTH);
  });

  it('refuses an empty base', () => {
    expect(() => uniqueSlug('', [])).toThrow(RangeError);
  });
});
