// Board and section names (saving.md §5) and the URL slugs made from them. Shared by the create
// forms (messages under the field) and the resources (same rule, same sentence).
import { interpolate } from '../auth/interpolate.ts';

/**
 * Decision (saving.md §5, §9 "Board title limit: not shown"): 50 characters, Pinterest's own
 * board-name limit, so names people bring from it fit unchanged. 50 also fits a picker row (the
 * 60 % pane of a 750-wide pop-up) on at most two lines, and the board card title. Counted in
 * Unicode code points after normalizeName, so an emoji is one character as people see it.
 */
export const BOARD_NAME_MAX_LENGTH = 50;

/**
 * Not in the spec: sections are named like boards and shown in the same picker rows, so they
 * share the board limit.
 */
export const SECTION_NAME_MAX_LENGTH = BOARD_NAME_MAX_LENGTH;

/** Not in the spec: Pinterest's board description limit. */
export const BOARD_DESCRIPTION_MAX_LENGTH = 500;

/**
 * Not in the spec: the longest slug. A 50-character name can grow when folded (ß → ss, æ → ae,
 * ligatures), and a `-N` suffix may follow; 80 leaves room for both, so ordinary names are
 * never cut.
 */
export const SLUG_MAX_LENGTH = 80;

/**
 * Slugs never given to a board or section, because profile and board pages may use them as
 * sub-paths (`/{username}/followers/`, `/{username}/{board}/more-ideas/`). Slugs never contain
 * `_`, so `_saved`-style paths cannot collide and are not listed.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'boards',
  'pins',
  'sections',
  'followers',
  'following',
  'settings',
  'edit',
  'organize',
  'more-ideas',
]);

/** Used when a name has no ASCII letter or digit left after folding (e.g. "料理"). */
export const BOARD_SLUG_FALLBACK = 'board';
export const SECTION_SLUG_FALLBACK = 'section';

export const BOARD_NAME_COPY = {
  /** saving.md §5. */
  required: "Don't forget to name your board!",
  /** saving.md §5; `{{ maxLength }}` is BOARD_NAME_MAX_LENGTH. */
  tooLong: 'Please enter no more than {{ maxLength }} characters.',
} as const;

export const SECTION_NAME_COPY = {
  /** Ours: the spec only disables Add while the name is blank; the server still says why. */
  required: "Don't forget to name your section!",
  /** The board sentence (saving.md §5), with SECTION_NAME_MAX_LENGTH. */
  tooLong: BOARD_NAME_COPY.tooLong,
} as const;

export type NameErrorReason = 'required' | 'too_long';

export interface NameError {
  readonly reason: NameErrorReason;
  /** The finished sentence, placeholders filled. */
  readonly message: string;
  readonly maxLength: number;
}

// C0/C1 control characters: pasted from elsewhere, invisible, and they break one-line rows.
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/**
 * The stored form of a board or section name: control characters removed, every run of
 * whitespace made one space, trimmed. Validate and save this form.
 */
export function normalizeName(raw: string): string {
  return raw.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/gu, ' ').trim();
}

/** Length in code points (see BOARD_NAME_MAX_LENGTH). */
export function nameLength(name: string): number {
  let length = 0;
  for (const _ of name) length += 1;
  return length;
}

function validateName(
  raw: string | null | undefined,
  maxLength: number,
  copy: { readonly required: string; readonly tooLong: string },
): NameError | null {
  const name = normalizeName(raw ?? '');
  if (name.length === 0) return { reason: 'required', message: copy.required, maxLength };
  if (nameLength(name) > maxLength) {
    return { reason: 'too_long', message: interpolate(copy.tooLong, { maxLength }), maxLength };
  }
  return null;
}

/** The first rule a board name breaks (saving.md §5), or null when it is fine. */
export function validateBoardName(raw: string | null | undefined): NameError | null {
  return validateName(raw, BOARD_NAME_MAX_LENGTH, BOARD_NAME_COPY);
}

/** Section name (saving.md §5): trimmed, not empty, within SECTION_NAME_MAX_LENGTH. */
export function validateSectionName(raw: string | null | undefined): NameError | null {
  return validateName(raw, SECTION_NAME_MAX_LENGTH, SECTION_NAME_COPY);
}

export interface CreateBoardFormState {
  readonly name: string;
  /** A create request failed and its message is still shown. */
  readonly hasCreateError: boolean;
  readonly saving: boolean;
}

/**
 * saving.md §5: "Create is disabled while the name is blank, has errors, a create error exists,
 * or a save is in progress."
 */
export function isCreateBoardDisabled(state: CreateBoardFormState): boolean {
  return state.saving || state.hasCreateError || validateBoardName(state.name) !== null;
}

export interface AddSectionFormState {
  readonly name: string;
  /** An error is shown under the field (it clears when the person types). */
  readonly hasError: boolean;
  readonly saving: boolean;
}

/** saving.md §4, §2.7: "disabled while the name is blank, an error is shown, or a save is in progress." */
export function isAddSectionDisabled(state: AddSectionFormState): boolean {
  return state.saving || state.hasError || validateSectionName(state.name) !== null;
}

// Letters NFKD does not decompose but that have a customary ASCII spelling.
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  '&': ' and ',
};
const TRANSLITERATED = new RegExp(`[${Object.keys(TRANSLITERATIONS).join('')}]`, 'gu');

/**
 * A URL slug: lower-case ASCII letters and digits joined by single `-`, accents folded
 * ("Crème brûlée" → `creme-brulee`), `&` read as "and", at most SLUG_MAX_LENGTH (cut at a `-`
 * when possible). A name with nothing left (all non-Latin script, or only symbols) gets
 * `fallback`.
 */
export function slugify(name: string, fallback: string = BOARD_SLUG_FALLBACK): string {
  const slug = name
    .replace(TRANSLITERATED, (char) => TRANSLITERATIONS[char] ?? char)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return truncateSlug(slug, SLUG_MAX_LENGTH) || fallback;
}

function truncateSlug(slug: string, maxLength: number): string {
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const lastDash = cut.lastIndexOf('-');
  // Cut at a word boundary unless that would throw away more than half.
  const head = lastDash > maxLength / 2 ? cut.slice(0, lastDash) : cut;
  return head.replace(/-+$/g, '');
}

/**
 * `base` if it is free, else `base-2`, `base-3`, … (the first free one), each at most
 * SLUG_MAX_LENGTH with the base shortened to make room for the suffix. `taken` holds the slugs
 * already used in the same scope (the owner's boards, or the board's sections); RESERVED_SLUGS
 * are always treated as taken.
 */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (const reserved of RESERVED_SLUGS) used.add(reserved);
  const start = truncateSlug(base, SLUG_MAX_LENGTH);
  if (start.length === 0) throw new RangeError('uniqueSlug needs a non-empty base (see slugify)');
  if (!used.has(start)) return start;
  // At most used.size + 1 candidates can be tried before one is free, so this ends.
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const head = truncateSlug(start, SLUG_MAX_LENGTH - suffix.length);
    const candidate = `${head}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
