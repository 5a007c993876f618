// The saving copy: Spanish complete and consistent with the English, and the sentences the
// spec gives exactly (saving.md) held equal to the shared constants.
import { BOARD_NAME_COPY, SECTION_NAME_COPY } from '@corkboard/shared/saving/board-name';
import { SHARE_SUGGESTION_COPY } from '@corkboard/shared/saving/share-suggestions';
import { describe, expect, test } from 'vitest';
import { createI18n } from './i18n.ts';
import en from './locales/saving/en.json';
import es from './locales/saving/es.json';
import { ensureSavingCatalogue, SAVING_NAMESPACE } from './savingCatalogue.ts';

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    leaves(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe('saving catalogue', () => {
  test('Spanish has exactly the English keys, none empty, with the same placeholders', () => {
    const english = new Map(leaves(en));
    const spanish = new Map(leaves(es));
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    const markers = (text: string) =>
      (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((m) => m.replace(/\s/g, '')).sort();
    for (const [key, text] of english) {
      expect(text.trim().length, key).toBeGreaterThan(0);
      expect(spanish.get(key)?.trim().length, key).toBeGreaterThan(0);
      expect(markers(spanish.get(key) ?? ''), key).toEqual(markers(text));
    }
  });

  test('the spec copy is exact', () => {
    expect(en.modal.label).toBe('Repin modal');
    expect(en.createBoard.required).toBe(BOARD_NAME_COPY.required);
    expect(en.createBoard.tooLong.replace('{{maxLength}}', '{{ maxLength }}')).toBe(
      BOARD_NAME_COPY.tooLong,
    );
    expect(SECTION_NAME_COPY.tooLong).toBe(BOARD_NAME_COPY.tooLong);
    expect(en.createBoard.collaboratorsLabel).toBe(SHARE_SUGGESTION_COPY.label);
    expect(en.createBoard.collaboratorsPlaceholder).toBe(SHARE_SUGGESTION_COPY.placeholder);
    expect(en.createBoard.captionValid).toBe(SHARE_SUGGESTION_COPY.valid);
    expect(en.createBoard.captionInvalid).toBe(SHARE_SUGGESTION_COPY.invalid);
    expect(en.createBoard.captionChosen).toBe(SHARE_SUGGESTION_COPY.chosen);
    expect(en.createBoard.protected).toBe("Protected board (not listed on user's profile)");
    expect(en.section.namePlaceholder).toBe('Like "Lighting"');
    expect(en.section.addTitle).toBe('Add section');
    expect(en.createBoard.genericError).toBe('Uh oh! Something went wrong.');
    expect(en.toast.mobileError).toBe('Sorry! Something went wrong on our end.');
  });

  test('the messages render with their values', () => {
    const i18n = createI18n('en');
    ensureSavingCatalogue(i18n);
    const t = i18n.getFixedT('en', SAVING_NAMESPACE);
    expect(t('saved.heading', { boardName: 'Recipes' })).toBe('Saved to Recipes');
    expect(t('saved.headingSection', { sectionName: 'Soups', boardName: 'Recipes' })).toBe(
      'Saved to Soups in Recipes',
    );
    expect(t('toast.saved', { board: 'Recipes' })).toBe('You saved this Pin to Recipes!');
    expect(t('toast.savedFirst', { board: 'Recipes' })).toBe(
      'You saved your first Pin to Recipes!',
    );
    expect(t('toast.alreadySaved', { board_name: 'Recipes' })).toBe(
      'Psst! You already saved this Pin to Recipes.',
    );
    expect(t('createBoard.tooLong', { maxLength: 50 })).toBe(
      'Please enter no more than 50 characters.',
    );
  });

  test('adding the namespace twice is harmless', () => {
    const i18n = createI18n('es');
    ensureSavingCatalogue(i18n);
    ensureSavingCatalogue(i18n);
    expect(i18n.getFixedT('es', SAVING_NAMESPACE)('modal.titles.boards')).toBe('Elige un tablero');
  });
});
