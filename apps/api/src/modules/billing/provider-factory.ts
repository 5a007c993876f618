// Picks the payment provider at start (docs/decisions/172): Stripe's HTTP API when
// STRIPE_SECRET_KEY is configured, else the local test processor.
import type { StripeProviderConfig } from '../../config/providers.ts';
import { createLocalProcessor } from './local-processor.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

export function createPaymentProvider(
  stripe: StripeProviderConfig | undefined,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  return stripe ? createStripeProvider(stripe, fetchImpl) : createLocalProcessor();
}
