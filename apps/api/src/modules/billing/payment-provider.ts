// The payment provider behind billing (docs/decisions/172): a customer per ad account, a card
// payment method set up for charges made later without the cardholder (off session), and
// charges. Two implementations: Stripe's HTTP API (`stripe-provider.ts`, configured by
// STRIPE_SECRET_KEY; the dev peer on loopback in tests and `npm run dev`) and the local test
// processor (`local-processor.ts`) when no provider is configured; `provider-factory.ts` picks.
import type { CardInput } from '@corkboard/shared/business/billing';

/** A card the provider accepted and set up for later charges. */
export interface SavedCard {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeRequest {
  customerId: string;
  paymentMethodId: string;
  /** Minor units (cents). */
  amountMinor: number;
  /** ISO 4217, any case. */
  currency: string;
  description: string;
  /** The same key for a retry of the same attempt: the provider charges once. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export type ChargeOutcome =
  | { status: 'SUCCEEDED'; providerPaymentId: string }
  | {
      status: 'FAILED';
      providerPaymentId: string | null;
      failureCode: string;
      failureMessage: string;
    };

/**
 * Why the provider refused a card: `declined` (the bank said no), `invalid` (number, expiry or
 * CVC wrong), `unavailable` (the provider could not be reached or failed).
 */
export class PaymentProviderError extends Error {
  readonly kind: 'declined' | 'invalid' | 'unavailable';
  readonly declineCode: string | null;
  constructor(kind: 'declined' | 'invalid' | 'unavailable', message: string, declineCode?: string) {
    super(message);
    this.name = 'PaymentProviderError';
    this.kind = kind;
    this.declineCode = declineCode ?? null;
  }
}

export interface CustomerDetails {
  advertiserId: string;
  name: string;
  email: string;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'test';
  /**
   * Where browsers create payment methods themselves (Stripe's publishable-key endpoint), or
   * null when cards come through our API (the local test processor only).
   */
  readonly cardEntry: { apiUrl: string; publishableKey: string } | null;
  /** Creates the ad account's customer, or updates it when `existingId` is given. */
  saveCustomer(details: CustomerDetails, existingId: string | null): Promise<string>;
  /** Sets up a card (typed in the console) for off-session charges on the customer. */
  setUpCard(customerId: string, card: CardInput): Promise<SavedCard>;
  /** Sets up a payment method the browser created at the provider (Stripe.js). */
  setUpPaymentMethod(customerId: string, paymentMethodId: string): Promise<SavedCard>;
  /** Detaches a replaced payment method (best effort: failures are the caller's to log). */
  detach(paymentMethodId: string): Promise<void>;
  /** Charges off session; a decline is an outcome, not an error (unavailable throws). */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
}
