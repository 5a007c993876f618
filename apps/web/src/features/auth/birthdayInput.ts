// The birthday step's native date input gives `YYYY-MM-DD` (or '' while incomplete). ADR 007:
// a native <input type="date"> instead of gestalt-datepicker: accessible, localised by the
// browser, and no bundle cost.
import {
  birthdayFromCalendarDate,
  isValidCalendarDate,
  validateBirthday,
  type BirthdayFailure,
  type CalendarDate,
} from '@corkboard/shared/auth/birthday';

export function calendarDateFromInput(value: string): CalendarDate | null {
  const match = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidCalendarDate(date) ? date : null;
}

export type BirthdayCheck =
  | { ok: true; birthday: number }
  | { ok: false; failure: Pick<BirthdayFailure, 'reason' | 'copyKey'> };

/**
 * The form's check before signing up: the shared rules judged on the visitor's own calendar
 * (the server judges in UTC+14, so it never refuses what this accepted — ADR 005). A value the
 * browser could not turn into a date is 'Invalid date'.
 */
export function checkBirthdayInput(value: string, now: Date): BirthdayCheck {
  if (value === '') return { ok: false, failure: { reason: 'required', copyKey: 'required' } };
  const date = calendarDateFromInput(value);
  if (!date) return { ok: false, failure: { reason: 'invalid', copyKey: 'invalid' } };
  const birthday = birthdayFromCalendarDate(date);
  const failure = validateBirthday(birthday, { now, utcOffsetMinutes: -now.getTimezoneOffset() });
  return failure ? { ok: false, failure } : { ok: true, birthday };
}

/** `max` for the date input: auth.md §5, not later than the start of the current year. */
export function latestBirthdayInput(now: Date): string {
  return `${String(now.getFullYear()).padStart(4, '0')}-01-01`;
}

/** The date input's value for a birthday in epoch seconds of 00:00 UTC (a provider's birthday). */
export function inputFromBirthday(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}
