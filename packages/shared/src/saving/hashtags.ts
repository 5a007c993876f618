// Hashtags in pin descriptions (saving.md §5 "Description hashtags: a # followed by characters
// other than punctuation or spaces"; §9 "hashtag suggestions 5"; docs/decisions/060). One rule
// for the server (parsing on save, the autocomplete query) and the web (links to search, the
// suggestion list while typing).
//
// A tag character is anything but
//   - white space and separators (\s, \p{Z}),
//   - punctuation: every Unicode punctuation character (\p{P}) and the ASCII characters C's
//     ispunct() calls punctuation although Unicode files them as symbols ($ + < = > ^ ` | ~),
//   - control and format characters (\p{C}),
// with two exceptions kept inside tags: '_' (joins words: #mid_century) and the zero-width
// (non-)joiners U+200C/U+200D (they hold emoji sequences and several scripts' words together).
// Letters, marks and digits of every script, and symbols such as emoji, are tag characters; a
// tag does not start with a combining mark (the keycap emoji '#️⃣' is '#' + U+FE0F + U+20E3).
//
// A '#' starts a tag only where a tag cannot continue a word: at the start or after a character
// that is not a tag character ("C#", "page#anchor" and "a#b" carry none). A tag longer than
// HASHTAG_MAX_LENGTH is not a tag at all (it is never cut to a shorter, different one). A '#'
// inside a web address (a run without spaces starting http://, https:// or www.) is the
// address's fragment, not a tag.

/** Not in the spec: the longest tag, in code points (without the '#'). */
export const HASHTAG_MAX_LENGTH = 100;
/** Not in the spec: distinct tags stored per pin, the first ones of the description. */
export const HASHTAGS_PER_PIN_MAX = 30;
/** saving.md §5, §9: "The hashtag suggestion list shows at most 5 items." */
export const HASHTAG_SUGGESTIONS_MAX = 5;
/** Not in the spec: the most suggestions one autocomplete call answers (page_size cap). */
export const HASHTAG_AUTOCOMPLETE_MAX = 10;
/** The longest `q` the autocomplete accepts: a whole tag and its '#'. */
export const HASHTAG_QUERY_MAX_LENGTH = HASHTAG_MAX_LENGTH + 1;

const TAG_CHAR = String.raw`(?:[_\u200C\u200D]|[^\s\p{Z}\p{C}\p{P}$+<=>^\x60|~])`;
/** One tag character (see the file comment). */
export const HASHTAG_CHAR = new RegExp(`^${TAG_CHAR}$`, 'u');
/** '#' and its tag, where a tag may start; group 1 is the tag as written. */
const HASHTAG = new RegExp(String.raw`(?<!${TAG_CHAR})#((?!\p{M})${TAG_CHAR}+)`, 'gu');
const ALL_TAG_CHARS = new RegExp(String.raw`^(?!\p{M})${TAG_CHAR}+$`, 'u');

/** A tag's stored and compared form: NFC, lower case (locale-independent), no '#'. */
export function normalizeHashtag(tag: string): string {
  return tag.normalize('NFC').toLowerCase();
}

function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

export interface HashtagMatch {
  /** As written, with its '#'. */
  readonly text: string;
  /** normalizeHashtag of the tag. */
  readonly tag: string;
  /** Offsets in the text (UTF-16), the '#' included. */
  readonly start: number;
  readonly end: number;
}

const WEB_ADDRESS = /(?:https?:\/\/|www\.)\S+/giu;

/** Every hashtag of `text`, in order, repeats included. */
export function findHashtags(text: string): HashtagMatch[] {
  const addresses = Array.from(text.matchAll(WEB_ADDRESS), (match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
  const inAddress = (offset: number) =>
    addresses.some((address) => offset >= address.start && offset < address.end);
  const matches: HashtagMatch[] = [];
  for (const match of text.matchAll(HASHTAG)) {
    const written = match[1] ?? '';
    if (codePointLength(written) > HASHTAG_MAX_LENGTH || inAddress(match.index)) continue;
    matches.push({
      text: match[0],
      tag: normalizeHashtag(written),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return matches;
}

/**
 * The tags a description carries: normal forms, first appearance first, without repeats, at most
 * HASHTAGS_PER_PIN_MAX.
 */
export function parseHashtags(text: string): string[] {
  const tags: string[] = [];
  for (const match of findHashtags(text)) {
    if (!tags.includes(match.tag)) tags.push(match.tag);
    if (tags.length === HASHTAGS_PER_PIN_MAX) break;
  }
  return tags;
}

/** A run of text; `start` is its offset in the whole text (UTF-16). */
export type HashtagSegment =
  | { readonly kind: 'text'; readonly text: string; readonly start: number }
  | {
      readonly kind: 'hashtag';
      readonly text: string;
      readonly tag: string;
      readonly start: number;
    };

/** `text` cut into plain runs and hashtags, for rendering the tags as links. */
export function splitHashtags(text: string): HashtagSegment[] {
  const segments: HashtagSegment[] = [];
  let last = 0;
  for (const match of findHashtags(text)) {
    if (match.start > last) {
      segments.push({ kind: 'text', text: text.slice(last, match.start), start: last });
    }
    segments.push({ kind: 'hashtag', text: match.text, tag: match.tag, start: match.start });
    last = match.end;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last), start: last });
  return segments;
}

/** The search a hashtag links to (the pin search, which matches the tag's word). */
export function hashtagSearchPath(tag: string): string {
  return `/search/pins/?q=${encodeURIComponent(`#${tag}`)}`;
}

/** The hashtag being typed at a caret: where its '#' is, and what follows it up to the caret. */
export interface HashtagDraft {
  /** Offset of the '#'. */
  readonly start: number;
  /** The caret. */
  readonly end: number;
  /** The characters typed after the '#' (may be empty). */
  readonly fragment: string;
}

/**
 * The hashtag the caret is in the middle or at the end of, when a '#' that may start a tag is
 * followed only by tag characters up to the caret; else null.
 */
export function hashtagAtCaret(text: string, caret: number): HashtagDraft | null {
  const before = text.slice(0, caret);
  const hash = before.lastIndexOf('#');
  if (hash < 0) return null;
  const fragment = before.slice(hash + 1);
  if (fragment !== '' && !ALL_TAG_CHARS.test(fragment)) return null;
  const previous = Array.from(before.slice(0, hash)).at(-1);
  if (previous !== undefined && HASHTAG_CHAR.test(previous)) return null;
  if (codePointLength(fragment) > HASHTAG_MAX_LENGTH) return null;
  return { start: hash, end: caret, fragment };
}

/**
 * The autocomplete's `q` as a tag prefix in normal form: a leading '#' is dropped; null when what
 * is left is empty or holds a character a tag cannot have.
 */
export function hashtagQueryPrefix(q: string): string | null {
  const bare = q.trim().replace(/^#/, '');
  if (bare === '' || !ALL_TAG_CHARS.test(bare)) return null;
  return normalizeHashtag(bare);
}

/**
 * Replaces the draft with the chosen suggestion (`#tag`) and a space; answers the new text and
 * where the caret goes.
 */
export function insertHashtag(
  text: string,
  draft: HashtagDraft,
  suggestion: string,
): { text: string; caret: number } {
  const tag = suggestion.startsWith('#') ? suggestion : `#${suggestion}`;
  const after = text.slice(draft.end);
  // Whatever tag characters follow the caret belong to the word being replaced.
  const rest = after.replace(new RegExp(`^${TAG_CHAR}+`, 'u'), '');
  const spacer = rest.startsWith(' ') ? '' : ' ';
  const next = `${text.slice(0, draft.start)}${tag}${spacer}${rest}`;
  return { text: next, caret: draft.start + tag.length + 1 };
}
