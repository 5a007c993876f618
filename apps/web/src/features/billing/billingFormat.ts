// Money on the billing pages: micro-currency (spend) and minor units (charges) in the ad
// account's currency, in the reader's language.
import { MICRO_CURRENCY_FACTOR } from '@corkboard/shared/business/money';
import { useTranslation } from 'react-i18next';

export function formatMoney(language: string, currency: string, units: number): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(units);
  } catch {
    return `${units.toFixed(2)} ${currency}`;
  }
}

export function useBillingMoney(currency: string) {
  const { i18n } = useTranslation();
  return {
    micro: (micro: number) => formatMoney(i18n.language, currency, micro / MICRO_CURRENCY_FACTOR),
    minor: (minor: number) => formatMoney(i18n.language, currency, minor / 100),
  };
}
