// The money rules invoices follow (docs/decisions/173): cents rounded half up, and per-line
// cents that add up to the total exactly.
import { describe, expect, it } from 'vitest';
import {
  allocateMinorUnits,
  billingProfileInputSchema,
  formatMinor,
  invoiceNumber,
  luhnValid,
  minorUnitsOf,
} from './billing.ts';

describe('billing money', () => {
  it('rounds micro-currency to cents half up', () => {
    expect(minorUnitsOf(0)).toBe(0);
    expect(minorUnitsOf(4_999)).toBe(0);
    expect(minorUnitsOf(5_000)).toBe(1);
    expect(minorUnitsOf(19_355_677)).toBe(1936);
    expect(minorUnitsOf(19_354_999)).toBe(1935);
  });

  it('allocates line cents by largest remainder so they add up to the rounded total', () => {
    expect(allocateMinorUnits([12_350_677, 7_005_000])).toEqual([1235, 701]);
    // Three thirds of a cent each: the total (1 cent) goes to the first largest remainder.
    expect(allocateMinorUnits([3_333, 3_333, 3_334])).toEqual([0, 0, 1]);
    for (const lines of [
      [1, 2, 3],
      [9_999, 9_999, 9_999, 9_999],
      [123_456_789, 987_654, 5_000, 4_999],
    ]) {
      const cents = allocateMinorUnits(lines);
      expect(cents.reduce((a, b) => a + b, 0)).toBe(minorUnitsOf(lines.reduce((a, b) => a + b, 0)));
    }
  });

  it('formats cents and invoice numbers', () => {
    expect(formatMinor(1936)).toBe('19.36');
    expect(formatMinor(5)).toBe('0.05');
    expect(invoiceNumber('42', 7)).toBe('CB-42-000007');
  });

  it("checks cards with Luhn's rule", () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });

  it('normalises the billing profile: country upper-cased, blanks as null', () => {
    const parsed = billingProfileInputSchema.parse({
      legal_name: ' Co ',
      billing_email: 'a@b.test',
      address_line1: '1 St',
      address_line2: ' ',
      city: 'X',
      postal_code: '1',
      country: 'gb',
      tax_id: '',
    });
    expect(parsed).toMatchObject({
      legal_name: 'Co',
      country: 'GB',
      address_line2: null,
      region: null,
      tax_id: null,
    });
  });
});
