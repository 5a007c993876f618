// The local test processor (docs/decisions/172): the payment provider when STRIPE_SECRET_KEY is
// not set, so `npm start` on a fresh machine has working billing without an account anywhere.
// It charges nothing real, and the console says so ("Test payment processor"). It follows
// Stripe's test-card conventions so the same cards behave alike here and against Stripe's test
// mode: Luhn-valid numbers succeed; 4000000000000002 is declined when added; 4000000000000341 is
// added but every charge is declined. It keeps no state of its own: what a card will do is in
// the payment method id it hands out (`tpm_ok_…` / `tpm_decline_…`), which billing stores.
import { randomBytes } from 'node:crypto';
import { luhnValid } from '@corkboard/shared/business/billing';
import {
  PaymentProviderError,
  type ChargeOutcome,
  type PaymentProvider,
} from './payment-provider.ts';

/** Stripe's test card declined when it is set up ("generic_decline"). */
export const TEST_CARD_DECLINED = '4000000000000002';
/** Stripe's test card that is set up but whose charges are declined. */
export const TEST_CARD_CHARGE_DECLINED = '4000000000000341';

const id = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;

export function cardBrandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^35/.test(number)) return 'jcb';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}

export function createLocalProcessor(now: () => Date = () => new Date()): PaymentProvider {
  return {
    kind: 'test',
    cardEntry: null,

    saveCustomer(_details, existingId) {
      return Promise.resolve(existingId ?? id('tcus'));
    },

    setUpCard(_customerId, card) {
      if (!luhnValid(card.number)) {
        return Promise.reject(
          new PaymentProviderError('invalid', 'Your card number is incorrect.', 'incorrect_number'),
        );
      }
      const today = now();
      const year = today.getUTCFullYear();
      if (
        card.exp_year < year ||
        (card.exp_year === year && card.exp_month < today.getUTCMonth() + 1)
      ) {
        return Promise.reject(
          new PaymentProviderError('invalid', 'Your card has expired.', 'expired_card'),
        );
      }
      if (card.number === TEST_CARD_DECLINED) {
        return Promise.reject(
          new PaymentProviderError('declined', 'Your card was declined.', 'generic_decline'),
        );
      }
      const outcome = card.number === TEST_CARD_CHARGE_DECLINED ? 'decline' : 'ok';
      return Promise.resolve({
        paymentMethodId: id(`tpm_${outcome}`),
        brand: cardBrandOf(card.number),
        last4: card.number.slice(-4),
        expMonth: card.exp_month,
        expYear: card.exp_year,
      });
    },

    setUpPaymentMethod() {
      // Ids made by a browser at a provider mean nothing to the test processor.
      return Promise.reject(
        new PaymentProviderError('invalid', 'Enter the card details.', 'parameter_invalid'),
      );
    },

    detach() {
      return Promise.resolve();
    },

    charge(request): Promise<ChargeOutcome> {
      if (request.paymentMethodId.startsWith('tpm_decline_')) {
        return Promise.resolve({
          status: 'FAILED',
          providerPaymentId: id('tpi'),
          failureCode: 'generic_decline',
          failureMessage: 'Your card was declined.',
        });
      }
      return Promise.resolve({ status: 'SUCCEEDED', providerPaymentId: id('tpi') });
    },
  };
}
