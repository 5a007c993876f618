// Text PostgreSQL cannot store (docs/decisions/090): a NUL (U+0000; `text` cannot hold it) or a
// lone UTF-16 surrogate (not valid UTF-8, and JSONB refuses its escape). The one input parser
// (core/http/input.ts) refuses both before any schema runs; the few raw routes use this too.

/** Where a string holds text we cannot store, as a path into `input`; null when there is none. */
export function findUnstorableText(input: unknown): (string | number)[] | null {
  // A stack, not recursion: a 1 MiB body can nest arrays far deeper than the call stack allows.
  // Each entry links to its parent, so a path is built only for the one bad field (copying paths
  // at every level would be quadratic in the depth). Children go on in reverse so the first bad
  // field in document order is the one named.
  type Entry = { value: unknown; key: string | number | null; parent: Entry | null };
  const pathOf = (entry: Entry | null): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let at = entry; at !== null && at.key !== null; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const pending: Entry[] = [{ value: input, key: null, parent: null }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value } = next;
    if (typeof value === 'string') {
      if (isUnstorable(value)) return pathOf(next);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const children: Entry[] = [];
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) =>
        children.push({ value: item, key: index, parent: next }),
      );
    } else {
      for (const [key, item] of Object.entries(value)) {
        if (isUnstorable(key)) return [...pathOf(next), key];
        children.push({ value: item, key, parent: next });
      }
    }
    for (let index = children.length - 1; index >= 0; index--)
      pending.push(children[index] as Entry);
  }
  return null;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A NUL (PostgreSQL text cannot hold it) or a lone surrogate (not valid UTF-8 or JSONB). */
export function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}
