// Card PaymentMethods: made from a test card number (or one of Stripe's test ids), attached to a
// customer after the card check Stripe runs, and the card_error a decline answers.
import { createHash } from 'node:crypto';
import { cardFor, TEST_PAYMENT_METHODS, type CardDecline } from './stripe-cards.ts';
import { now, type Call, type StripeLedger, type StripeObject } from './stripe-ledger.ts';
import { invalid, objectId, str, StripeError, type Params } from './stripe-params.ts';

export function cardError(decline: CardDecline, extra: Record<string, unknown> = {}): StripeError {
  return new StripeError(402, {
    type: 'card_error',
    code: decline.code,
    decline_code: decline.decline_code,
    message: decline.message,
    ...extra,
  });
}

export function createCardPaymentMethod(
  ledger: StripeLedger,
  number: string,
  expMonth: number,
  expYear: number,
  cvc: string | undefined,
  billing: Params | undefined,
  meta: Record<string, string>,
): StripeObject {
  const card = cardFor(number);
  const pm = ledger.store<StripeObject>({
    id: objectId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      email: billing ? (str(billing, 'email') ?? null) : null,
      name: billing ? (str(billing, 'name') ?? null) : null,
      phone: billing ? (str(billing, 'phone') ?? null) : null,
    },
    card: {
      brand: card.brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: cvc ? 'unchecked' : null,
      },
      country: card.country,
      display_brand: card.brand,
      exp_month: expMonth,
      exp_year: expYear,
      fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
      funding: card.funding,
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: now(),
    customer: null,
    livemode: false,
    metadata: meta,
    type: 'card',
  });
  ledger.cards.set(pm.id, { number, setUpForOffSession: false });
  return pm;
}

/** A PaymentMethod id, or one of Stripe's test ids (`pm_card_visa`, …) made into a new one. */
export function resolvePaymentMethod(
  ledger: StripeLedger,
  id: string,
  param: string,
): StripeObject {
  const testNumber = TEST_PAYMENT_METHODS[id];
  if (testNumber) {
    const nextYear = new Date().getUTCFullYear() + 1;
    return createCardPaymentMethod(ledger, testNumber, 12, nextYear, undefined, undefined, {});
  }
  return ledger.find('payment_method', 'pm_', id, param);
}

export function attach(
  ledger: StripeLedger,
  pm: StripeObject,
  customer: StripeObject,
  call: Call | null,
): void {
  if (pm.customer && pm.customer !== customer.id) {
    throw invalid('The payment method you provided has already been attached to a customer.', {
      code: 'payment_method_unexpected_state',
      param: 'payment_method',
    });
  }
  const card = cardFor(ledger.cards.get(pm.id)?.number ?? '');
  // Attaching runs a card check: cards that decline outright fail here.
  if (card.decline && !card.chargeOnly) throw cardError(card.decline);
  if (pm.customer === customer.id) return;
  pm.customer = customer.id;
  ledger.emit('payment_method.attached', pm, call);
}
