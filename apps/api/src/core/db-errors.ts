// Database rules the write services share: recognising a unique-constraint violation, the one
// database error saving answers on purpose (a name taken by a concurrent request; both drivers,
// pg and PGlite, report SQLSTATE 23505 with the constraint's name), and LIKE patterns for names
// and slugs.

/** The violated unique constraint (or index) name, or null when `error` is something else. */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code: unknown = (error as { code?: unknown }).code;
  if (code !== '23505') return null;
  const constraint: unknown = (error as { constraint?: unknown }).constraint;
  if (typeof constraint === 'string') return constraint;
  const message = error instanceof Error ? error.message : '';
  return /"([^"]+)"/.exec(message)?.[1] ?? '';
}

/** Attempts for a write that may lose a slug race to a concurrent one and must pick again. */
export const SLUG_RACE_ATTEMPTS = 3;

/** SQL LIKE pattern text: `%`, `_` and `\` taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Leading characters of a slug base shared by every candidate uniqueSlug may try: it shortens a
 * long base to make room for `-N`, but never below half of SLUG_MAX_LENGTH (40).
 */
export const SLUG_PREFIX_LENGTH = 30;

/** The LIKE pattern matching every slug `uniqueSlug(base, …)` could pick. */
export function slugCandidatesPattern(base: string): string {
  return `${escapeLike(base.slice(0, SLUG_PREFIX_LENGTH))}%`;
}
