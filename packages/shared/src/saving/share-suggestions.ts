// The collaborator search of the create-board form (saving.md §2.6, §3 "Share suggestion
// items", §5): rows are users or typed e-mails, captioned 'Click to send!' when valid, 'Keep
// typing!' when not, and 'Done!' when chosen. Only valid rows can be chosen.
import { normalizeEmail, validateEmail } from '../auth/email.ts';

/** saving.md §2.6, exact copy. */
export const SHARE_SUGGESTION_COPY = {
  valid: 'Click to send!',
  invalid: 'Keep typing!',
  chosen: 'Done!',
  /** saving.md §2.6: the field label and placeholder. */
  label: 'Add collaborators (optional)',
  placeholder: 'Search by name or email',
} as const;

/** saving.md §3: "type (user_share_suggestion, user, email)". */
export const SHARE_SUGGESTION_TYPES = ['user_share_suggestion', 'user', 'email'] as const;
export type ShareSuggestionType = (typeof SHARE_SUGGESTION_TYPES)[number];

/** saving.md §3 "Share suggestion items". For `email` rows, id and title are the address. */
export interface ShareSuggestionItem {
  readonly type: ShareSuggestionType;
  readonly id: string;
  readonly full_name?: string;
  readonly username?: string;
  readonly title?: string;
  readonly image_medium_url?: string | null;
  readonly image_large_url?: string | null;
  readonly valid: boolean;
}

/**
 * What a typed query is:
 * - `empty`: nothing but spaces;
 * - `email`: it contains `@`, so the person is typing an address; `valid` says whether it passes
 *   the e-mail check (auth/email.ts, the rule signup uses, so an invite reaches a mailbox that
 *   could sign up);
 * - `name`: anything else, searched among people.
 */
export type CollaboratorQuery =
  | { readonly kind: 'empty' }
  | { readonly kind: 'email'; readonly email: string; readonly valid: boolean }
  | { readonly kind: 'name'; readonly text: string };

export function classifyCollaboratorQuery(query: string): CollaboratorQuery {
  const text = normalizeEmail(query);
  if (text.length === 0) return { kind: 'empty' };
  if (text.includes('@'))
    return { kind: 'email', email: text, valid: validateEmail(text) === null };
  return { kind: 'name', text };
}

/**
 * The typed-e-mail row for a query, or null. A query with a space cannot become an address, so
 * it gets no row; any other non-empty query does — before the `@` too, so "jane.doe" already
 * shows 'Keep typing!' and people see that an address is accepted.
 */
export function typedEmailSuggestion(query: string): ShareSuggestionItem | null {
  const text = normalizeEmail(query);
  if (text.length === 0 || /\s/u.test(text)) return null;
  const valid = text.includes('@') && validateEmail(text) === null;
  return { type: 'email', id: text, title: text, valid };
}

/** Identity of a row: users by id, e-mails case-insensitively by address. */
export function shareSuggestionKey(item: Pick<ShareSuggestionItem, 'type' | 'id'>): string {
  return item.type === 'email' ? `email:${item.id.toLowerCase()}` : `user:${item.id}`;
}

/** saving.md §5: only valid rows (users, and e-mails that pass the check) can be chosen. */
export function isSelectableSuggestion(item: Pick<ShareSuggestionItem, 'valid'>): boolean {
  return item.valid;
}

/** The caption under a row (saving.md §2.6). */
export function shareSuggestionCaption(
  item: Pick<ShareSuggestionItem, 'valid'>,
  chosen: boolean,
): string {
  if (chosen) return SHARE_SUGGESTION_COPY.chosen;
  return item.valid ? SHARE_SUGGESTION_COPY.valid : SHARE_SUGGESTION_COPY.invalid;
}

export interface ShareSuggestionRow {
  readonly key: string;
  readonly item: ShareSuggestionItem;
  readonly caption: string;
  readonly chosen: boolean;
  readonly selectable: boolean;
}

/**
 * The rows to show for `query`: the typed-e-mail row first (it is exactly what was typed), then
 * the suggestions the server returned, without duplicates. `chosenKeys` holds the
 * shareSuggestionKey of every row already picked.
 */
export function shareSuggestionRows(
  query: string,
  suggestions: readonly ShareSuggestionItem[],
  chosenKeys: ReadonlySet<string>,
): ShareSuggestionRow[] {
  const typed = typedEmailSuggestion(query);
  const rows: ShareSuggestionRow[] = [];
  const seen = new Set<string>();
  for (const item of typed ? [typed, ...suggestions] : suggestions) {
    const key = shareSuggestionKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    const chosen = chosenKeys.has(key);
    rows.push({
      key,
      item,
      chosen,
      caption: shareSuggestionCaption(item, chosen),
      selectable: !chosen && isSelectableSuggestion(item),
    });
  }
  return rows;
}
