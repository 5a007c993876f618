// Birthday rules for signup (auth.md §5, §8, §9). A birthday is a calendar date, carried in the
// API as epoch seconds at 00:00 UTC of that date (ADR 005); "today" depends on where the person
// is, so it is derived from an injected instant and a UTC offset rather than the machine clock.

/** auth.md §9: minimum age to sign up. */
export const MIN_AGE = 18;
/** auth.md §5, §9: above this age the birthday is treated as made up. */
export const MAX_AGE = 120;
/**
 * The UTC offset the server judges ages in: UTC+14 (Line Islands), where the date changes first.
 * The server's "today" is then never earlier than the client's, so anything the form accepted
 * (computed in the visitor's own offset) is accepted again on the server (ADR 005).
 */
export const SERVER_BIRTHDAY_UTC_OFFSET_MINUTES = 14 * 60;

export const BIRTHDAY_COPY = {
  /** auth.md §5. */
  required: "You missed a spot. Don't forget to add your birthday.",
  /** auth.md §5: a date after the start of the current year, or no date at all. */
  invalid: 'Invalid date',
  /** auth.md §5, §8: under MIN_AGE. */
  underAge: "Sorry, you're not eligible to sign up for Corkboard right now.",
  /** auth.md §8: over MAX_AGE. */
  overAge: 'Oops! Please use a valid age to sign up.',
  /** auth.md §8: the server needs an age (EU) and none was given. */
  missingAge: 'We need to know your age to provide you this service.',
} as const;

export type BirthdayCopyKey = keyof typeof BIRTHDAY_COPY;

export type BirthdayFailureReason = 'required' | 'invalid' | 'under_age' | 'over_age';

export interface BirthdayFailure {
  readonly reason: BirthdayFailureReason;
  readonly copyKey: BirthdayCopyKey;
  readonly message: string;
}

/** A date without a time or zone. `month` is 1–12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const SECONDS_PER_DAY = 86_400;

/** False for dates that do not exist, such as 30 February or 29 February 2023. */
export function isValidCalendarDate(date: CalendarDate): boolean {
  if (![date.year, date.month, date.day].every(Number.isInteger)) return false;
  if (date.month < 1 || date.month > 12 || date.day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  const instant = new Date(0);
  instant.setUTCFullYear(date.year, date.month, 0);
  return date.day <= instant.getUTCDate();
}

/**
 * Epoch seconds for 00:00 UTC of `date`: how clients must encode a birthday. Check the date
 * with isValidCalendarDate first; an impossible date rolls over (30 February → 2 March).
 */
export function birthdayFromCalendarDate(date: CalendarDate): number {
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  const instant = new Date(Date.UTC(2000, date.month - 1, date.day));
  instant.setUTCFullYear(date.year);
  return Math.floor(instant.getTime() / 1000);
}

/** The calendar date a birthday in epoch seconds stands for (its UTC date). */
export function calendarDateFromBirthday(epochSeconds: number): CalendarDate {
  const instant = new Date(Math.floor(epochSeconds / SECONDS_PER_DAY) * SECONDS_PER_DAY * 1000);
  return {
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
  };
}

/** `YYYY-MM-DD` for a birthday in epoch seconds, as the database's `date` type stores it. */
export function birthdayToIsoDate(epochSeconds: number): string {
  const { year, month, day } = calendarDateFromBirthday(epochSeconds);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The calendar date at instant `now` for someone whose clock is `utcOffsetMinutes` ahead of UTC.
 * In a browser pass `-now.getTimezoneOffset()`.
 */
export function calendarDateAt(now: Date, utcOffsetMinutes: number): CalendarDate {
  const shifted = new Date(now.getTime() + utcOffsetMinutes * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Whole years from `birth` to `today`. Someone born on 29 February has their birthday on
 * 1 March in common years (they are not a year older on 28 February): the stricter reading,
 * which never lets anyone sign up a day early.
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const years = today.year - birth.year;
  const birthdayReached =
    today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return birthdayReached ? years : years - 1;
}

export interface BirthdayRules {
  /** The current instant (injected so tests and the server's request time decide). */
  readonly now: Date;
  /** The clock offset "today" is judged in; SERVER_BIRTHDAY_UTC_OFFSET_MINUTES on the server. */
  readonly utcOffsetMinutes?: number;
  readonly minAge?: number;
  readonly maxAge?: number;
}

function failure(reason: BirthdayFailureReason, copyKey: BirthdayCopyKey): BirthdayFailure {
  return { reason, copyKey, message: BIRTHDAY_COPY[copyKey] };
}

/**
 * The first rule `birthday` (epoch seconds) breaks, or null. Order: required; a real instant,
 * in whole seconds, not after 1 January of the current year ('Invalid date'); at least MIN_AGE;
 * at most MAX_AGE.
 */
export function validateBirthday(
  birthday: number | null | undefined,
  rules: BirthdayRules,
): BirthdayFailure | null {
  if (birthday === null || birthday === undefined) return failure('required', 'required');
  if (!Number.isInteger(birthday) || Number.isNaN(new Date(birthday * 1000).getTime())) {
    return failure('invalid', 'invalid');
  }
  const today = calendarDateAt(rules.now, rules.utcOffsetMinutes ?? 0);
  const birth = calendarDateFromBirthday(birthday);
  // auth.md §5: "may not be later than the start of the current year" — 1 January itself passes.
  if (compareDates(birth, { year: today.year, month: 1, day: 1 }) > 0)
    return failure('invalid', 'invalid');
  const age = ageOn(birth, today);
  if (age < (rules.minAge ?? MIN_AGE)) return failure('under_age', 'underAge');
  if (age > (rules.maxAge ?? MAX_AGE)) return failure('over_age', 'overAge');
  return null;
}
