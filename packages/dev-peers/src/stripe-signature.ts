// Webhook signatures as Stripe makes and checks them: `Stripe-Signature: t=<unix time>,v1=<hex
// HMAC-SHA256 of "<t>.<payload>" with the endpoint secret>`.
import { createHmac } from 'node:crypto';

/** How far a `Stripe-Signature` timestamp may be from now for `verifyStripeSignature` (Stripe's default). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** `Stripe-Signature: t=…,v1=…` for a payload, as Stripe signs webhook deliveries. */
export function stripeSignatureHeader(
  secret: string,
  payload: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Checks a `Stripe-Signature` header the way Stripe's libraries do (any v1 matching, fresh timestamp). */
export function verifyStripeSignature(
  secret: string,
  payload: string,
  header: string,
  toleranceSeconds = STRIPE_SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds)
    return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return parts.some(([key, value]) => key === 'v1' && value === expected);
}
