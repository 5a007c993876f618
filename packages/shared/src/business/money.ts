// Money as integer micro-currency (Pinterest Ads API v5): 1 unit = 1,000,000 micro. business.md
// §5.2 "The budget is multiplied by a micro-currency factor (value not shown) and rounded" — the
// factor is Pinterest's (docs/decisions/102).
export const MICRO_CURRENCY_FACTOR = 1_000_000;

/** business.md §5.2: units × factor, rounded. */
export function toMicroCurrency(units: number): number {
  return Math.round(units * MICRO_CURRENCY_FACTOR);
}

export function fromMicroCurrency(micro: number): number {
  return micro / MICRO_CURRENCY_FACTOR;
}

/** "12.34" for 12,340,000 micro (two decimals, for tables, CSV and invoices). */
export function formatMicroAmount(micro: number): string {
  return (micro / MICRO_CURRENCY_FACTOR).toFixed(2);
}
