import { describe, expect, it } from 'vitest';
import {
  BIRTHDAY_COPY,
  MAX_AGE,
  MIN_AGE,
  SERVER_BIRTHDAY_UTC_OFFSET_MINUTES,
  ageOn,
  birthdayFromCalendarDate,
  birthdayToIsoDate,
  calendarDateAt,
  calendarDateFromBirthday,
  isValidCalendarDate,
  validateBirthday,
} from './birthday.ts';

const born = (year: number, month: number, day: number) =>
  birthdayFromCalendarDate({ year, month, day });
const at = (iso: string) => new Date(iso);

describe('encoding', () => {
  it('encodes a date as epoch seconds at 00:00 UTC', () => {
    expect(born(1970, 1, 1)).toBe(0);
    expect(born(1970, 1, 2)).toBe(86_400);
    expect(born(1969, 12, 31)).toBe(-86_400);
    expect(born(2000, 2, 29)).toBe(Date.UTC(2000, 1, 29) / 1000);
  });

  it('round-trips dates, including before 1970, leap days and years under 100', () => {
    for (const date of [
      { year: 1950, month: 7, day: 4 },
      { year: 2004, month: 2, day: 29 },
      { year: 1900, month: 12, day: 31 },
      { year: 1, month: 1, day: 1 },
      { year: 99, month: 6, day: 15 },
    ]) {
      expect(calendarDateFromBirthday(birthdayFromCalendarDate(date))).toEqual(date);
    }
  });

  it('reads the UTC date of an instant that is not midnight', () => {
    expect(calendarDateFromBirthday(born(1990, 5, 15) + 86_399)).toEqual({
      year: 1990,
      month: 5,
      day: 15,
    });
    expect(calendarDateFromBirthday(-1)).toEqual({ year: 1969, month: 12, day: 31 });
  });

  it('formats as the database date type', () => {
    expect(birthdayToIsoDate(born(1990, 5, 15))).toBe('1990-05-15');
    expect(birthdayToIsoDate(born(987, 1, 2))).toBe('0987-01-02');
  });
});

describe('isValidCalendarDate', () => {
  it.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2000, 2, 29, true],
    [1900, 2, 29, false],
    [2023, 4, 30, true],
    [2023, 4, 31, false],
    [2023, 12, 31, true],
    [2023, 13, 1, false],
    [2023, 0, 1, false],
    [2023, 1, 0, false],
    [2023, 1.5, 1, false],
  ])('%i-%i-%i is %s', (year, month, day, valid) => {
    expect(isValidCalendarDate({ year, month, day })).toBe(valid);
  });
});

describe('calendarDateAt', () => {
  it('shifts the instant by the offset', () => {
    const now = at('2025-06-14T20:00:00Z');
    expect(calendarDateAt(now, 0)).toEqual({ year: 2025, month: 6, day: 14 });
    expect(calendarDateAt(now, 9 * 60)).toEqual({ year: 2025, month: 6, day: 15 });
    expect(calendarDateAt(at('2025-06-14T02:00:00Z'), -5 * 60)).toEqual({
      year: 2025,
      month: 6,
      day: 13,
    });
  });
});

describe('ageOn', () => {
  it('counts whole years', () => {
    expect(ageOn({ year: 2000, month: 6, day: 15 }, { year: 2018, month: 6, day: 14 })).toBe(17);
    expect(ageOn({ year: 2000, month: 6, day: 15 }, { year: 2018, month: 6, day: 15 })).toBe(18);
    expect(ageOn({ year: 2000, month: 6, day: 15 }, { year: 2018, month: 7, day: 1 })).toBe(18);
    expect(ageOn({ year: 2000, month: 6, day: 15 }, { year: 2019, month: 1, day: 1 })).toBe(18);
  });

  it('gives a 29 February birthday on 1 March in common years', () => {
    const leapling = { year: 2004, month: 2, day: 29 };
    expect(ageOn(leapling, { year: 2022, month: 2, day: 28 })).toBe(17);
    expect(ageOn(leapling, { year: 2022, month: 3, day: 1 })).toBe(18);
    expect(ageOn(leapling, { year: 2024, month: 2, day: 29 })).toBe(20);
  });
});

describe('validateBirthday', () => {
  const now = at('2025-06-15T12:00:00Z');
  const utc = { now, utcOffsetMinutes: 0 };

  it('uses the spec limits', () => {
    expect(MIN_AGE).toBe(18);
    expect(MAX_AGE).toBe(120);
  });

  it.each([null, undefined])('requires a birthday (%j)', (birthday) => {
    expect(validateBirthday(birthday, utc)).toEqual({
      reason: 'required',
      copyKey: 'required',
      message: "You missed a spot. Don't forget to add your birthday.",
    });
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1.5, 1e15])(
    'calls %s an invalid date',
    (birthday) => {
      expect(validateBirthday(birthday, utc)).toEqual({
        reason: 'invalid',
        copyKey: 'invalid',
        message: 'Invalid date',
      });
    },
  );

  it('rejects dates after 1 January of the current year as invalid, not as under age', () => {
    expect(validateBirthday(born(2025, 1, 2), utc)?.reason).toBe('invalid');
    expect(validateBirthday(born(2025, 6, 15), utc)?.reason).toBe('invalid');
    expect(validateBirthday(born(2031, 1, 1), utc)?.reason).toBe('invalid');
    expect(validateBirthday(born(2025, 1, 1), utc)?.reason).toBe('under_age');
    expect(validateBirthday(born(2024, 12, 31), utc)?.reason).toBe('under_age');
  });

  it('accepts someone who turns 18 today and refuses them the day before', () => {
    expect(validateBirthday(born(2007, 6, 15), utc)).toBeNull();
    expect(validateBirthday(born(2007, 6, 16), utc)).toEqual({
      reason: 'under_age',
      copyKey: 'underAge',
      message: "Sorry, you're not eligible to sign up for Corkboard right now.",
    });
  });

  it('handles a 29 February birthday across common years', () => {
    const leapling = born(2004, 2, 29);
    expect(
      validateBirthday(leapling, { now: at('2022-02-28T12:00:00Z'), utcOffsetMinutes: 0 })?.reason,
    ).toBe('under_age');
    expect(
      validateBirthday(leapling, { now: at('2022-03-01T00:00:00Z'), utcOffsetMinutes: 0 }),
    ).toBeNull();
  });

  it('judges "today" in the given offset', () => {
    const evening = at('2025-06-14T20:00:00Z');
    const birthday = born(2007, 6, 15);
    expect(validateBirthday(birthday, { now: evening, utcOffsetMinutes: 0 })?.reason).toBe(
      'under_age',
    );
    expect(validateBirthday(birthday, { now: evening, utcOffsetMinutes: -5 * 60 })?.reason).toBe(
      'under_age',
    );
    expect(validateBirthday(birthday, { now: evening, utcOffsetMinutes: 9 * 60 })).toBeNull();
  });

  it('is never stricter on the server (UTC+14) than in any client offset', () => {
    const evening = at('2025-06-14T09:59:00Z');
    const server = { now: evening, utcOffsetMinutes: SERVER_BIRTHDAY_UTC_OFFSET_MINUTES };
    for (let offset = -12 * 60; offset <= 14 * 60; offset += 30) {
      for (const birthday of [
        born(2007, 6, 14),
        born(2007, 6, 15),
        born(2007, 6, 16),
        born(2025, 1, 1),
      ]) {
        if (validateBirthday(birthday, { now: evening, utcOffsetMinutes: offset }) === null) {
          expect(validateBirthday(birthday, server)).toBeNull();
        }
      }
    }
  });

  it('takes the current year from the offset too', () => {
    const newYearsEve = at('2024-12-31T23:00:00Z');
    const birthday = born(2025, 1, 1);
    expect(validateBirthday(birthday, { now: newYearsEve, utcOffsetMinutes: 0 })?.reason).toBe(
      'invalid',
    );
    expect(validateBirthday(birthday, { now: newYearsEve, utcOffsetMinutes: 120 })?.reason).toBe(
      'under_age',
    );
  });

  it('defaults to UTC when no offset is given', () => {
    expect(validateBirthday(born(2007, 6, 16), { now: at('2025-06-15T23:30:00Z') })?.reason).toBe(
      'under_age',
    );
  });

  it('allows age 120 and refuses 121', () => {
    expect(validateBirthday(born(1905, 6, 15), utc)).toBeNull();
    expect(validateBirthday(born(1904, 6, 16), utc)).toBeNull();
    expect(validateBirthday(born(1904, 6, 15), utc)).toEqual({
      reason: 'over_age',
      copyKey: 'overAge',
      message: 'Oops! Please use a valid age to sign up.',
    });
    expect(validateBirthday(born(1800, 1, 1), utc)?.reason).toBe('over_age');
  });

  it('accepts birthdays before 1970', () => {
    expect(validateBirthday(born(1955, 3, 8), utc)).toBeNull();
  });

  it('honours other age limits when given', () => {
    expect(validateBirthday(born(2010, 1, 1), { ...utc, minAge: 13 })).toBeNull();
    expect(validateBirthday(born(1950, 1, 1), { ...utc, maxAge: 70 })?.reason).toBe('over_age');
  });

  it('keeps the spec copy exact', () => {
    expect(BIRTHDAY_COPY).toEqual({
      required: "You missed a spot. Don't forget to add your birthday.",
      invalid: 'Invalid date',
      underAge: "Sorry, you're not eligible to sign up for Corkboard right now.",
      overAge: 'Oops! Please use a valid age to sign up.',
      missingAge: 'We need to know your age to provide you this service.',
    });
  });
});
