// The 'Did you mean {email}?' hint under the email field (auth.md §5). A hint, never a block:
// a real but uncommon domain that happens to sit near a popular one still signs up.
import { interpolate } from './interpolate.ts';
import { normalizeEmail, splitEmail } from './email.ts';

/** auth.md §9: the hint is offered only for addresses under this many characters. */
export const EMAIL_TYPO_HINT_MAX_LENGTH = 60;
/** auth.md §5: a domain within edit distance 1 or 2 of a common one gets the hint. */
export const EMAIL_TYPO_MAX_DISTANCE = 2;
/** The domain a gmail-like domain is corrected to (the spec's {host}). */
export const GMAIL_DOMAIN = 'gmail.com';

export const EMAIL_TYPO_COPY = {
  /** i18next form of auth.md §5 'Did you mean {email}?'. */
  hint: 'Did you mean {{email}}?',
} as const;

/**
 * The mail domains the hint corrects towards, most used first: when a typo is equally close
 * to two of them, the earlier one wins. Exact matches are never hinted, so providers whose
 * names sit one key apart (ymail/gmail, mail.com/gmail.com, me.com/mac.com) are all listed
 * so their users are not nagged.
 */
export const COMMON_EMAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'live.com',
  'msn.com',
  'me.com',
  'mac.com',
  'comcast.net',
  'googlemail.com',
  'ymail.com',
  'rocketmail.com',
  'protonmail.com',
  'proton.me',
  'mail.com',
  'email.com',
  'gmx.com',
  'gmx.net',
  'att.net',
  'sbcglobal.net',
  'verizon.net',
  'bellsouth.net',
  'charter.net',
  'cox.net',
  'yahoo.co.uk',
  'hotmail.co.uk',
  'btinternet.com',
  'yahoo.fr',
  'hotmail.fr',
  'orange.fr',
  'free.fr',
  'hotmail.it',
  'libero.it',
  'yahoo.es',
  'gmx.de',
  'web.de',
  't-online.de',
  'yandex.ru',
  'mail.ru',
  'naver.com',
  'hanmail.net',
  'qq.com',
  '163.com',
  'yahoo.co.jp',
] as const;

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions, each substring
 * edited once). Transpositions count 1 because swapped letters (`gamil`) are the commonest typo.
 * Stops early and returns `limit + 1` once the answer is known to exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rolling rows: OSA looks two rows back for a transposition.
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (twoBack[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    twoBack = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Gmail-like: the part before the first dot is `gmail` with at most one slip and still starts
 * with `g` (`gmial`, `gmai`, `gnail`), or starts with `gmail` (`gmailcom`, `gmaill`). Catches
 * what edit distance over the whole domain misses, such as `gmail.com.br` or `gmail.co.uk`;
 * the `g` keeps other providers (`email.com`, `ymail.com`) out.
 */
export function isGmailLike(domain: string): boolean {
  const label = domain.split('.')[0] ?? '';
  if (label.startsWith('gmail')) return true;
  return label.startsWith('g') && editDistance(label, 'gmail', 1) <= 1;
}

/**
 * The corrected address to offer, or null when there is nothing to suggest: the address is
 * 60 characters or longer, has no single `@`, already uses a common domain exactly, or is not
 * close to one. The local part is kept as typed; the domain is suggested in lower case.
 */
export function suggestEmail(email: string): string | null {
  const trimmed = normalizeEmail(email);
  if (trimmed.length >= EMAIL_TYPO_HINT_MAX_LENGTH) return null;
  const parts = splitEmail(trimmed);
  if (!parts || parts.local.length === 0 || parts.domain.length === 0) return null;
  const domain = parts.domain.toLowerCase();
  const common: readonly string[] = COMMON_EMAIL_DOMAINS;
  if (common.includes(domain)) return null;
  if (isGmailLike(domain)) return `${parts.local}@${GMAIL_DOMAIN}`;

  let best: string | null = null;
  let bestDistance = EMAIL_TYPO_MAX_DISTANCE + 1;
  for (const candidate of common) {
    // A strictly smaller distance is needed to replace a candidate, so ties keep list order.
    const distance = editDistance(domain, candidate, bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best === null ? null : `${parts.local}@${best}`;
}

/** The finished hint sentence for a suggestion from suggestEmail. */
export function emailTypoHint(suggestion: string): string {
  return interpolate(EMAIL_TYPO_COPY.hint, { email: suggestion });
}
