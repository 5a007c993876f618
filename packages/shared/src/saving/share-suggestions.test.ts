import { describe, expect, it } from 'vitest';
import {
  SHARE_SUGGESTION_COPY,
  classifyCollaboratorQuery,
  isSelectableSuggestion,
  shareSuggestionCaption,
  shareSuggestionKey,
  shareSuggestionRows,
  typedEmailSuggestion,
  type ShareSuggestionItem,
} from './share-suggestions.ts';

const user: ShareSuggestionItem = {
  type: 'user',
  id: '42',
  full_name: 'Jane Doe',
  username: 'jane',
  image_medium_url: null,
  valid: true,
};

describe('copy', () => {
  it('is exactly the spec copy', () => {
    expect(SHARE_SUGGESTION_COPY).toEqual({
      valid: 'Click to send!',
      invalid: 'Keep typing!',
      chosen: 'Done!',
      label: 'Add collaborators (optional)',
      placeholder: 'Search by name or email',
    });
  });
});

describe('classifyCollaboratorQuery', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['Jane', { kind: 'name', text: 'Jane' }],
    [' Jane Doe ', { kind: 'name', text: 'Jane Doe' }],
    ['jane@', { kind: 'email', email: 'jane@', valid: false }],
    ['jane@example', { kind: 'email', email: 'jane@example', valid: false }],
    [' jane@example.com ', { kind: 'email', email: 'jane@example.com', valid: true }],
    ['jane@gmial.com', { kind: 'email', email: 'jane@gmial.com', valid: false }],
  ])('%j', (query, expected) => {
    expect(classifyCollaboratorQuery(query)).toEqual(expected);
  });
});

describe('typedEmailSuggestion', () => {
  it('offers a row for anything that could become an address', () => {
    expect(typedEmailSuggestion('jane.doe')).toEqual({
      type: 'email',
      id: 'jane.doe',
      title: 'jane.doe',
      valid: false,
    });
    expect(typedEmailSuggestion('jane.doe@example.org')?.valid).toBe(true);
  });

  it('offers none for an empty query or one with a space', () => {
    expect(typedEmailSuggestion('  ')).toBeNull();
    expect(typedEmailSuggestion('Jane Doe')).toBeNull();
  });
});

describe('captions and selection', () => {
  it("captions 'Click to send!' when valid, 'Keep typing!' when not, 'Done!' when chosen", () => {
    expect(shareSuggestionCaption({ valid: true }, false)).toBe('Click to send!');
    expect(shareSuggestionCaption({ valid: false }, false)).toBe('Keep typing!');
    expect(shareSuggestionCaption({ valid: true }, true)).toBe('Done!');
  });

  it('lets only valid rows be chosen', () => {
    expect(isSelectableSuggestion(user)).toBe(true);
    expect(isSelectableSuggestion({ valid: false })).toBe(false);
  });

  it('keys e-mails case-insensitively and users by id', () => {
    expect(shareSuggestionKey({ type: 'email', id: 'Jane@Example.com' })).toBe(
      'email:jane@example.com',
    );
    expect(shareSuggestionKey({ type: 'user', id: '42' })).toBe('user:42');
    expect(shareSuggestionKey({ type: 'user_share_suggestion', id: '42' })).toBe('user:42');
  });
});

describe('shareSuggestionRows', () => {
  it('puts the typed address first, then the suggestions, without duplicates', () => {
    const rows = shareSuggestionRows(
      'Ann@Example.com',
      [user, { type: 'email', id: 'ann@example.com', title: 'ann@example.com', valid: true }],
      new Set(['user:42']),
    );
    expect(rows.map((row) => [row.key, row.caption, row.selectable])).toEqual([
      ['email:ann@example.com', 'Click to send!', true],
      ['user:42', 'Done!', false],
    ]);
  });

  it('shows Keep typing! for an address in progress', () => {
    const rows = shareSuggestionRows('ann@exa', [], new Set());
    expect(rows).toHaveLength(1);
    expect(rows[0]?.caption).toBe('Keep typing!');
    expect(rows[0]?.selectable).toBe(false);
  });

  it('shows only people for a name with a space', () => {
    expect(shareSuggestionRows('Jane Doe', [user], new Set()).map((row) => row.key)).toEqual([
      'user:42',
    ]);
  });
});
