// Where to go after logging in or signing up (`?next=`). Only our own site-relative paths are
// followed; anything that could leave the site (an absolute URL, a protocol-relative `//host`,
// a backslash that browsers read as a slash, a `javascript:` URL, or any of those hidden behind
// percent-encoding or control characters) is refused, so a crafted login link can never bounce
// a freshly signed-in person to a look-alike site (open redirect).

/** Longer `next` values are refused: no legitimate page path comes close. */
export const NEXT_PATH_MAX_LENGTH = 2048;

/** How many rounds of percent-decoding are inspected for a hidden `//`, `\` or scheme. */
const MAX_DECODE_ROUNDS = 3;

// Control characters browsers strip from URLs before parsing (so `/\t/evil` becomes `//evil`).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

function decodeOnce(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * True when `candidate` (`next` itself, or one decoding of it) could take a browser off the site.
 * A literal space is refused only in the raw value (browsers trim it); decoded, `%20` in a query
 * string is ordinary.
 */
function leavesSite(candidate: string, raw: boolean): boolean {
  if (CONTROL.test(candidate) || (raw && candidate.includes(' '))) return true;
  if (!candidate.startsWith('/')) return true;
  // `//host` and `/\host` are protocol-relative to browsers (which treat `\` as `/`).
  const second = candidate.charAt(1);
  if (second === '/' || second === '\\') return true;
  return candidate.includes('\\');
}

/**
 * `next` when it is a path on this site (`/pin/1/?x=y#z`), else null. The answer is the original
 * string, unchanged, so query strings keep their encoding.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > NEXT_PATH_MAX_LENGTH) {
    return null;
  }
  let candidate = next;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    if (leavesSite(candidate, round === 0)) return null;
    const decoded = decodeOnce(candidate);
    // Undecodable escapes (`%E0%A4%A`) are refused: browsers and servers disagree about them.
    if (decoded === null) return null;
    if (decoded === candidate) break;
    candidate = decoded;
    if (round === MAX_DECODE_ROUNDS) return null;
  }
  // Last line of defence: resolved against a placeholder origin, the path must stay on it.
  const base = 'https://corkboard.invalid';
  let resolved: URL;
  try {
    resolved = new URL(next, base);
  } catch {
    return null;
  }
  return resolved.origin === base ? next : null;
}
