// Organise copy the pin page shows before anything is edited. Kept apart from organise.ts, whose
// zod schemas would otherwise come with it into the pin page's first download (~25 kB gzip;
// docs/decisions/146-first-visit-javascript-budget.md).

/** saving.md copy for a visitor's pin edit or delete. */
export const PIN_EDIT_LOGIN_MESSAGE = 'Log in to edit this Pin';
