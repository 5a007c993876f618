// Keyword extraction from a pin's text, shared by the board-title suggestions and the "relevant"
// pick of the board picker's shortlist. Deterministic and dictionary-free on purpose: the same
// pin always gives the same words, on the server and in the browser.
import { foldText } from './fold.ts';

/** Words shorter than this (folded) carry too little meaning to name or match a board. */
export const KEYWORD_MIN_LENGTH = 3;

/**
 * English function words plus words that are everywhere on the web and in pin text but never a
 * good board name ("click here", "best", URL fragments, file types, our own name). Folded form.
 */
export const STOP_WORDS: ReadonlySet<string> = wordSet(`
  a about above after again against all also am an and any are as at be because been before
  being below between both but by can could did do does doing down during each even ever every
  few for from further had has have having he her here hers him his how i if in into is it its
  just let like me more most much must my no nor not now of off on once one only or other our
  ours out over own same she should so some such than that the their theirs them then there
  these they this those through to too under until up upon us very was we were what when where
  which while who whom why will with within without would you your yours yourself get got make
  made way ways thing things really still ll re ve don doesn didn isn aren won
  best top new free easy simple great good amazing awesome ideas idea tips guide click read see
  view visit check via amp http https www com net org html htm php aspx jpg jpeg png gif webp
  pin pins pinterest corkboard post blog article page site website home index today
`);

/** Host labels that name the service, not the content: `www.`, `m.`, public suffix parts. */
const HOST_NOISE: ReadonlySet<string> = wordSet(`
  www m mobile amp blog shop store com net org co uk io de fr es it nl au ca jp br info biz us eu
  app dev
`);

function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(/\s+/u).filter((word) => word.length > 0));
}

/** What a pin says about itself: the text board suggestions are derived from. */
export interface PinText {
  readonly title?: string | null;
  readonly description?: string | null;
  readonly link?: string | null;
}

export interface Keyword {
  /** The folded form, used to compare. */
  readonly key: string;
  /** The word as written at its first occurrence, used to display. */
  readonly surface: string;
}

// Letters and digits, with inner apostrophes ("mom's") and hyphens ("mid-century") kept.
const WORD = /[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu;

/** True when a folded word is worth keeping as a keyword. */
export function isKeyword(key: string): boolean {
  if (key.length < KEYWORD_MIN_LENGTH) return false;
  // Contractions count as their stem: "don't", "it's", "you're" are stop words too.
  if (STOP_WORDS.has(key) || STOP_WORDS.has(key.split(/['\u2019]/u)[0] ?? '')) return false;
  // Bare numbers ("2024", "10") are years, counts and sizes, never a topic.
  return !/^[\p{N}'\u2019-]+$/u.test(key);
}

/** Every word of `text` in order, stop words included, each with its folded key. */
export function splitWords(text: string): Keyword[] {
  const words: Keyword[] = [];
  for (const match of text.matchAll(WORD)) {
    words.push({ key: foldText(match[0]), surface: match[0] });
  }
  return words;
}

/** The keywords of `text` in order of appearance, duplicates kept. */
export function extractKeywords(text: string): Keyword[] {
  return splitWords(text).filter((word) => isKeyword(word.key));
}

/**
 * Keywords from a link's host: the labels left after dropping `www.`-style prefixes and public
 * suffix parts, split on hyphens (`home-decor-ideas.com` → home, decor). Empty for a link that is
 * not an absolute http(s) URL.
 */
export function hostKeywords(link: string | null | undefined): Keyword[] {
  if (!link) return [];
  let host: string;
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
    host = url.hostname;
  } catch {
    return [];
  }
  const labels = host.split('.').filter((label) => label.length > 0 && !HOST_NOISE.has(label));
  return extractKeywords(labels.join(' ').replace(/-/g, ' '));
}

/**
 * True when two folded keywords name the same thing: equal, or one is a prefix of the other and
 * the shorter has at least 4 letters (recipe/recipes, garden/gardening, cookie/cookies) — a
 * cheap stand-in for stemming that does not need a dictionary.
 */
export function keywordsRelated(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length >= 4 && longer.startsWith(shorter);
}
