// When the browser-extension upsell may show (saving.md §2.8 "the nag limits allow it", §9 "a
// stored last-nag time and a count under the key 'extensionNagCount'; not shown when the count
// is 0; shown if the count reached a maximum (value not shown) or the last nag is older than a
// set number of days (value not shown)"; docs/decisions/062).
//
// The count is the number of saves through the create page since the last upsell (or ever).
// It is read before this save adds to it, so the very first save never shows the upsell.

/** saving.md §9 names the key. Stores `{ count, lastNagAt }` (lastNagAt: epoch ms or null). */
export const EXTENSION_NAG_KEY = 'extensionNagCount';
/** Not shown in the spec (one of the "other nag constants seen: 4, 3"): saves between nags. */
export const EXTENSION_NAG_MAX_COUNT = 4;
/** Not shown in the spec (the other of "4, 3"): days after which a save may nag again. */
export const EXTENSION_NAG_INTERVAL_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface NagState {
  readonly count: number;
  readonly lastNagAt: number | null;
}

export const NO_NAGS: NagState = { count: 0, lastNagAt: null };

/** Whether this save may show the upsell. */
export function nagAllows(state: NagState, now: number): boolean {
  if (state.count <= 0) return false;
  if (state.count >= EXTENSION_NAG_MAX_COUNT) return true;
  return state.lastNagAt === null || now - state.lastNagAt >= EXTENSION_NAG_INTERVAL_DAYS * DAY_MS;
}

/** The state after a save: the upsell shown (count starts over) or not (one more save). */
export function afterSave(state: NagState, shown: boolean, now: number): NagState {
  return shown
    ? { count: 0, lastNagAt: now }
    : { count: state.count + 1, lastNagAt: state.lastNagAt };
}

export function parseNagState(raw: string | null): NagState {
  if (!raw) return NO_NAGS;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return NO_NAGS;
    const { count, lastNagAt } = value as Record<string, unknown>;
    return {
      count: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 0,
      lastNagAt: typeof lastNagAt === 'number' && Number.isFinite(lastNagAt) ? lastNagAt : null,
    };
  } catch {
    return NO_NAGS;
  }
}

export function readNagState(storage: Storage | null): NagState {
  try {
    return parseNagState(storage?.getItem(EXTENSION_NAG_KEY) ?? null);
  } catch {
    return NO_NAGS;
  }
}

export function writeNagState(storage: Storage | null, state: NagState): void {
  try {
    storage?.setItem(EXTENSION_NAG_KEY, JSON.stringify(state));
  } catch {
    // Storage refused: the upsell then counts from nothing next time, never more often.
  }
}

/** Desktop Chromium-family browsers and Firefox can run the extension. */
export function extensionSupported(navigatorLike: {
  readonly userAgent: string;
  readonly userAgentData?: { readonly mobile: boolean } | undefined;
}): boolean {
  const ua = navigatorLike.userAgent;
  if (navigatorLike.userAgentData?.mobile === true || /Mobi|Android/i.test(ua)) return false;
  return /\b(?:Chrome|Chromium|Firefox)\//.test(ua);
}
