// Card entry straight to the payment processor (docs/decisions/172): with Stripe the browser
// creates the payment method itself — `POST {api_url}/v1/payment_methods` with the publishable
// key, the call Stripe.js makes — and our API receives only the `pm_…` id, so no card number
// passes through (or could be logged by) our servers. The local test processor has no such
// endpoint and takes its test cards through our API.
import type { BillingOverview, CardInput } from '@corkboard/shared/business/billing';

export type CardEntry = NonNullable<BillingOverview['card_entry']>;

/** The card fields a processor error can name (Stripe's `param`, also `card[number]`). */
const CARD_FIELDS = ['number', 'exp_month', 'exp_year', 'cvc'] as const;
type CardField = (typeof CARD_FIELDS)[number];

/** The processor refused the card: a field to mark, or its own message for the person. */
export class ProcessorCardError extends Error {
  readonly field: CardField | null;
  /** Stripe's card_error messages are written for cardholders; other failures carry none. */
  readonly processorMessage: string | null;

  constructor(field: CardField | null, processorMessage: string | null) {
    super(processorMessage ?? 'the payment processor refused the card');
    this.name = 'ProcessorCardError';
    this.field = field;
    this.processorMessage = processorMessage;
  }
}

function fieldOf(param: unknown): CardField | null {
  if (typeof param !== 'string') return null;
  const name = /^card\[(\w+)\]$/.exec(param)?.[1] ?? param;
  return (CARD_FIELDS as readonly string[]).includes(name) ? (name as CardField) : null;
}

export async function createProcessorPaymentMethod(
  entry: CardEntry,
  card: CardInput,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const form = new URLSearchParams({
    type: 'card',
    'card[number]': card.number,
    'card[exp_month]': String(card.exp_month),
    'card[exp_year]': String(card.exp_year),
    'card[cvc]': card.cvc,
  });
  let response: Response;
  try {
    response = await fetchImpl(`${entry.api_url}/v1/payment_methods`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${entry.publishable_key}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
      // The processor is another origin: no cookies, no referrer path.
      credentials: 'omit',
      referrerPolicy: 'origin',
    });
  } catch {
    throw new ProcessorCardError(null, null);
  }
  const body = (await response.json().catch(() => null)) as {
    id?: unknown;
    error?: { type?: unknown; param?: unknown; message?: unknown };
  } | null;
  if (response.ok && typeof body?.id === 'string') return body.id;
  const error = body?.error;
  const field = fieldOf(error?.param);
  const message =
    error?.type === 'card_error' && typeof error.message === 'string' ? error.message : null;
  throw new ProcessorCardError(field, field ? null : message);
}
