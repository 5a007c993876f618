// Stripe's test cards and what each does: succeed, decline with a code at attach or at charge,
// or require authentication (3-D Secure). Numbers and outcomes follow Stripe's testing guide.

export interface CardDecline {
  readonly code: string;
  readonly decline_code: string;
  readonly message: string;
}

export interface TestCard {
  readonly brand: string;
  readonly funding: 'credit' | 'debit' | 'prepaid';
  readonly country: string;
  /** Declines when charged (and when attached or set up, unless `chargeOnly`). */
  readonly decline?: CardDecline;
  /** Attaching and setting up succeed; only charges decline (Stripe's 4000000000000341). */
  readonly chargeOnly?: boolean;
  /** Needs 3-D Secure on session; off session it declines unless set up beforehand. */
  readonly requiresAuthentication?: boolean;
}

const GENERIC_DECLINE: CardDecline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

/** By number. Any other Luhn-valid number succeeds with the brand its prefix names. */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', funding: 'credit', country: 'US' },
  '4000056655665556': { brand: 'visa', funding: 'debit', country: 'US' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit', country: 'US' },
  '378282246310005': { brand: 'amex', funding: 'credit', country: 'US' },
  '3566002020360505': { brand: 'jcb', funding: 'credit', country: 'JP' },
  '4000000000000002': { brand: 'visa', funding: 'credit', country: 'US', decline: GENERIC_DECLINE },
  '4000000000009995': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  '4000000000009987': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    decline: {
      code: 'card_declined',
      decline_code: 'lost_card',
      message: 'Your card was declined.',
    },
  },
  '4000000000000069': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    decline: {
      code: 'expired_card',
      decline_code: 'expired_card',
      message: 'Your card has expired.',
    },
  },
  '4000000000000127': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    decline: {
      code: 'incorrect_cvc',
      decline_code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    },
  },
  '4000000000000119': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    decline: {
      code: 'processing_error',
      decline_code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  '4000000000000341': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    decline: GENERIC_DECLINE,
    chargeOnly: true,
  },
  '4000002500003155': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    requiresAuthentication: true,
  },
};

/** Stripe's test PaymentMethod ids, usable wherever a PaymentMethod id is. */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_jcb: '3566002020360505',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequiredSetupForOffSession: '4000002500003155',
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardFor(number: string): TestCard {
  const known = TEST_CARDS[number];
  if (known) return known;
  const brand = /^4/.test(number)
    ? 'visa'
    : /^(5[1-5]|2[2-7])/.test(number)
      ? 'mastercard'
      : /^3[47]/.test(number)
        ? 'amex'
        : /^35/.test(number)
          ? 'jcb'
          : /^6(011|5)/.test(number)
            ? 'discover'
            : 'unknown';
  return { brand, funding: 'credit', country: 'US' };
}
