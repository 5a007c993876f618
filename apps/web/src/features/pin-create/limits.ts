// Limits the create page shares with the API (packages/shared/src/saving/schemas.ts), restated
// because that module builds its zod schemas on import and the page must not ship zod;
// limits.test.ts holds them equal.

/** PIN_DESCRIPTION_MAX_LENGTH. */
export const PIN_DESCRIPTION_MAX_LENGTH = 500;
/** PIN_URL_MAX_LENGTH. */
export const PIN_URL_MAX_LENGTH = 2048;
