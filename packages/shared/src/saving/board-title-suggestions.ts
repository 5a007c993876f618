// Board title suggestions for a pin (saving.md §2.4 "Suggested board names come from a
// board-title-suggestion call", §7 GET /v3/pins/{id}/board_title_suggestions/). Derived from the
// pin's own text, deterministically: the same pin always gets the same titles, in the same
// order, with no model and no network.
import { BOARD_NAME_MAX_LENGTH, nameLength, normalizeName } from './board-name.ts';
import { foldText } from './fold.ts';
import {
  hostKeywords,
  isKeyword,
  keywordsRelated,
  splitWords,
  type Keyword,
  type PinText,
} from './keywords.ts';

/** Not in the spec: how many titles the call answers; a picker shows about this many chips. */
export const BOARD_TITLE_SUGGESTIONS_MAX = 5;

/** The most words a suggested phrase has. */
export const BOARD_TITLE_PHRASE_MAX_WORDS = 3;

/** How much a keyword counts for, by where it appears (the title names the pin best). */
export const BOARD_TITLE_WEIGHTS = {
  title: 3,
  hashtag: 2,
  description: 1,
  host: 1,
} as const;

export interface BoardTitleSuggestion {
  readonly title: string;
}

export interface SuggestBoardTitlesOptions {
  readonly max?: number;
  /** The viewer's board names: a suggestion equal to one (ignoring accents and case) is dropped. */
  readonly existingBoardNames?: readonly string[];
}

interface Candidate {
  readonly words: readonly Keyword[];
  readonly score: number;
  /** Where it first appeared (title, then description, then host), for stable ties. */
  readonly position: number;
}

// Title clauses: "Chocolate Cookies | Baking Blog" must not give the phrase "Cookies Baking".
const CLAUSE_BREAK = /[,:;|/\\()[\]{}!?.\u2013\u2014\u00b7\u2022]+|\s-\s/u;
// saving.md §5: a hashtag is "# followed by characters other than punctuation or spaces".
const HASHTAG = /#([^\s\p{P}]+)/gu;

/** Splits `#SummerRecipes` / `#summer_recipes` into its words. */
function hashtagWords(tag: string): Keyword[] {
  return splitWords(tag.replace(/_/g, ' ').replace(/(?<=\p{Ll})(?=\p{Lu})/gu, ' '));
}

/**
 * Title Case for display: an all-lower-case word gets a capital; a shouted word (all capitals,
 * 5 letters or more) is tamed; anything else keeps its writing (DIY, iPhone, McDonald's).
 */
export function titleCaseWord(word: string): string {
  const lower = word.toLowerCase();
  const upper = word.toUpperCase();
  const shouted = word === upper && word !== lower && nameLength(word) >= 5;
  if (word === lower || shouted) {
    const [first = '', ...rest] = lower;
    return first.toUpperCase() + rest.join('');
  }
  return word;
}

/** True for text written all in capitals ("CHOCOLATE CAKE"), which is shouting, not acronyms. */
function isShouted(text: string): boolean {
  return /\p{L}/u.test(text) && text === text.toUpperCase() && text !== text.toLowerCase();
}

/**
 * The phrase a run of keywords suggests: up to BOARD_TITLE_PHRASE_MAX_WORDS words ending at the
 * run's head, the best-scored word (the last of equals: English noun phrases end in their
 * noun). "Chewy Chocolate Chip Cookies Recipe", where cookies also fills the description, gives
 * "Chocolate Chip Cookies"; "Modern Farmhouse Living Room" gives "Farmhouse Living Room". A head
 * too near the start takes the words after it instead.
 */
function runPhrase(run: readonly Keyword[], score: (word: Keyword) => number): Keyword[] {
  let head = 0;
  run.forEach((word, index) => {
    if (score(word) >= score(run[head] ?? word)) head = index;
  });
  const length = Math.min(BOARD_TITLE_PHRASE_MAX_WORDS, run.length);
  const start = Math.max(0, head - length + 1);
  return run.slice(start, start + length);
}

/** Runs of consecutive keywords in `text`; stop words and punctuation end a run. */
function keywordRuns(text: string): Keyword[][] {
  const runs: Keyword[][] = [];
  for (const clause of text.split(CLAUSE_BREAK)) {
    let run: Keyword[] = [];
    for (const word of splitWords(clause)) {
      if (isKeyword(word.key)) {
        run.push(word);
      } else {
        if (run.length > 0) runs.push(run);
        run = [];
      }
    }
    if (run.length > 0) runs.push(run);
  }
  return runs;
}

/**
 * Up to `max` board titles for a pin, best first:
 *
 * 1. Every keyword (not a stop word, ≥ 3 letters, not a bare number) is scored by where it
 *    appears: BOARD_TITLE_WEIGHTS per occurrence in the title, as a hashtag, in the description
 *    and in the link's host name.
 * 2. Candidates are one phrase per run of 2+ consecutive title keywords within a clause (see
 *    runPhrase), the same for multi-word hashtags, and every single keyword. A candidate scores
 *    the sum of its words' scores.
 * 3. Highest score first; ties by first appearance, then longer first. Duplicates (ignoring
 *    accents and case), single words related to an already chosen single word
 *    (keywordsRelated: cookie/cookies), names over BOARD_NAME_MAX_LENGTH and names of existing
 *    boards are skipped.
 */
export function suggestBoardTitles(
  pin: PinText,
  options: SuggestBoardTitlesOptions = {},
): BoardTitleSuggestion[] {
  const max = options.max ?? BOARD_TITLE_SUGGESTIONS_MAX;
  // Shouted text is read in lower case so it is title-cased like any other.
  const calm = (text: string) => (isShouted(text) ? text.toLowerCase() : text);
  const title = calm(pin.title ?? '');
  const description = calm(pin.description ?? '');

  const scores = new Map<string, number>();
  const firstSeen = new Map<string, { surface: string; position: number }>();
  let position = 0;
  const count = (words: readonly Keyword[], weight: number) => {
    for (const word of words) {
      if (!isKeyword(word.key)) continue;
      scores.set(word.key, (scores.get(word.key) ?? 0) + weight);
      if (!firstSeen.has(word.key)) firstSeen.set(word.key, { surface: word.surface, position });
      position += 1;
    }
  };
  const hashtags = [...description.matchAll(HASHTAG)].map((match) => hashtagWords(match[1] ?? ''));
  count(splitWords(title), BOARD_TITLE_WEIGHTS.title);
  for (const words of hashtags) count(words, BOARD_TITLE_WEIGHTS.hashtag);
  count(splitWords(description.replace(HASHTAG, ' ')), BOARD_TITLE_WEIGHTS.description);
  count(hostKeywords(pin.link), BOARD_TITLE_WEIGHTS.host);

  const candidate = (words: readonly Keyword[]): Candidate => ({
    words,
    score: words.reduce((sum, word) => sum + (scores.get(word.key) ?? 0), 0),
    position: Math.min(...words.map((word) => firstSeen.get(word.key)?.position ?? Infinity)),
  });
  const candidates: Candidate[] = [];
  const wordScore = (word: Keyword) => scores.get(word.key) ?? 0;
  for (const run of keywordRuns(title)) {
    if (run.length >= 2) candidates.push(candidate(runPhrase(run, wordScore)));
  }
  for (const words of hashtags) {
    const keywords = words.filter((word) => isKeyword(word.key));
    if (keywords.length >= 2) candidates.push(candidate(runPhrase(keywords, wordScore)));
  }
  for (const [key, seen] of firstSeen) {
    candidates.push(candidate([{ key, surface: seen.surface }]));
  }
  candidates.sort(
    (a, b) => b.score - a.score || a.position - b.position || b.words.length - a.words.length,
  );

  const existing = new Set(
    (options.existingBoardNames ?? []).map((name) => foldText(normalizeName(name))),
  );
  const chosenKeys = new Set<string>();
  const chosenSingles: string[] = [];
  const suggestions: BoardTitleSuggestion[] = [];
  for (const { words } of candidates) {
    if (suggestions.length >= max) break;
    const name = normalizeName(words.map((word) => titleCaseWord(word.surface)).join(' '));
    const key = foldText(name);
    if (chosenKeys.has(key) || existing.has(key) || nameLength(name) > BOARD_NAME_MAX_LENGTH) {
      continue;
    }
    const single = words.length === 1 ? words[0]?.key : undefined;
    if (single !== undefined && chosenSingles.some((other) => keywordsRelated(other, single))) {
      continue;
    }
    if (single !== undefined) chosenSingles.push(single);
    chosenKeys.add(key);
    suggestions.push({ title: name });
  }
  return suggestions;
}
