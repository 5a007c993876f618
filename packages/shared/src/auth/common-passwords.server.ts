// Server-only: the common-password list behind 'Please make a stronger password.' (auth.md §5).
// The list (49 233 lower-case passwords from @zxcvbn-ts/language-common, ~380 kB of JS) must
// never reach the browser bundle, so nothing the web imports may import this file. It is loaded
// synchronously on first use (not at import) so that the predicate stays synchronous for the
// shared zod schemas, and so that processes that never check a password do not pay for it.
import { createRequire } from 'node:module';

interface LanguageCommonPackage {
  readonly dictionary: { readonly 'passwords-common': readonly string[] };
}

/**
 * Corkboard's own name and the product it is modelled on: the first guesses against an account
 * here, and absent from generic leak lists.
 */
export const PRODUCT_COMMON_PASSWORDS: readonly string[] = [
  'corkboard',
  'corkboard1',
  'corkboard12',
  'corkboard123',
  'corkboard1234',
  'corkboard!',
  'mycorkboard',
  'pinterest',
  'pinterest1',
  'pinterest123',
];

let commonPasswords: ReadonlySet<string> | undefined;

function load(): ReadonlySet<string> {
  if (commonPasswords) return commonPasswords;
  // createRequire: the package ships CommonJS, and require() keeps the first check synchronous.
  const require = createRequire(import.meta.url);
  const { dictionary } = require('@zxcvbn-ts/language-common') as LanguageCommonPackage;
  commonPasswords = new Set([...dictionary['passwords-common'], ...PRODUCT_COMMON_PASSWORDS]);
  return commonPasswords;
}

/**
 * True when `password`, lower-cased, is on the list. The list is lower case (as zxcvbn matches
 * it), so `Password` and `PASSWORD` count as `password`.
 */
export function isCommonPassword(password: string): boolean {
  return load().has(password.toLowerCase());
}

/** Loads the list now, e.g. at server start, so the first signup does not wait for it. */
export function preloadCommonPasswords(): number {
  return load().size;
}
