// Formatting the console's figures (docs/decisions/151): money arrives as integer
// micro-currency and is shown in the ad account's currency; CTR as a percentage; counts grouped.
import { fromMicroCurrency } from '@corkboard/shared/business/money';
import { isMoneyColumn, type ReportColumn } from '@corkboard/shared/business/reporting';
import { useTranslation } from 'react-i18next';

export type Formatter = (value: number | null) => string;

const DASH = '–';

export function useMoney(currency: string): (micro: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
  return (micro: number) => format.format(fromMicroCurrency(micro));
}

/** CTR as a percentage with up to two decimals; a dash before the first impression. */
export function useRate(): Formatter {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 2,
  });
  return (ctr: number | null) => (ctr === null ? DASH : format.format(ctr));
}

/** One formatter per report column. */
export function useColumnFormat(currency: string): (column: ReportColumn) => Formatter {
  const { i18n } = useTranslation();
  const money = useMoney(currency);
  const rate = useRate();
  const count = new Intl.NumberFormat(i18n.language);
  return (column) => {
    if (isMoneyColumn(column)) return (value) => (value === null ? DASH : money(value));
    if (column === 'ctr') return rate;
    return (value) => (value === null ? DASH : count.format(value));
  };
}

/** A UTC day 'YYYY-MM-DD' as a medium date in the reader's language. */
export function useDayFormat(): (day: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}
