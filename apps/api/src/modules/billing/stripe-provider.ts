// The payment provider with Stripe's HTTP API (https://docs.stripe.com/api): form-encoded bodies
// with bracketed keys, `Authorization: Bearer <secret key>`, a pinned `Stripe-Version`, and
// `Idempotency-Key` on charges. Customers (`/v1/customers`), card PaymentMethods
// (`/v1/payment_methods`), SetupIntents confirmed for off-session use (`/v1/setup_intents`) and
// off-session PaymentIntents (`/v1/payment_intents`). The configured URL is trusted (Stripe's,
// or @corkboard/dev-peers' stand-in on loopback), so plain fetch with a timeout. Secret keys and
// card numbers are never logged or put in an error message.
import type { CardInput } from '@corkboard/shared/business/billing';
import type { StripeProviderConfig } from '../../config/providers.ts';
import {
  PaymentProviderError,
  type ChargeOutcome,
  type PaymentProvider,
  type SavedCard,
} from './payment-provider.ts';

/** The API version this adapter is written against. */
export const STRIPE_API_VERSION = '2024-06-20';
/** A provider call that hangs fails (the job retries; a console request answers 503). */
export const STRIPE_TIMEOUT_MS = 15_000;

/** Stripe card_error codes that mean the details were mistyped rather than declined. */
const INVALID_CARD_CODES = new Set([
  'incorrect_number',
  'invalid_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_cvc',
  'incorrect_cvc',
  'expired_card',
]);

interface StripeErrorBody {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  payment_intent?: { id?: string };
}

interface StripeAnswer {
  status: number;
  body: Record<string, unknown> & { error?: StripeErrorBody };
}

/** `{ a: { b: 1 } }` → `a[b]=1`, as Stripe's form encoding wants. */
export function stripeForm(params: Record<string, unknown>, prefix = ''): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => add(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value)) add(`${key}[${inner}]`, innerValue);
    } else if (
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    ) {
      form.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(params)) add(prefix ? `${prefix}[${key}]` : key, value);
  return form;
}

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

function cardOf(pm: Record<string, unknown>): SavedCard {
  const card = (pm.card ?? {}) as Record<string, unknown>;
  return {
    paymentMethodId: text(pm.id, ''),
    brand: text(card.brand, 'card'),
    last4: text(card.last4, ''),
    expMonth: Number(card.exp_month ?? 0),
    expYear: Number(card.exp_year ?? 0),
  };
}

export function createStripeProvider(
  config: StripeProviderConfig,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown> = {},
    idempotencyKey?: string,
  ): Promise<StripeAnswer> {
    const form = stripeForm(params).toString();
    let response: Response;
    try {
      response = await fetchImpl(
        method === 'GET' && form ? `${config.apiUrl}${path}?${form}` : `${config.apiUrl}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${config.secretKey}`,
            'stripe-version': STRIPE_API_VERSION,
            accept: 'application/json',
            ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          ...(method === 'POST' ? { body: form } : {}),
          signal: AbortSignal.timeout(STRIPE_TIMEOUT_MS),
        },
      );
    } catch (error) {
      throw new PaymentProviderError(
        'unavailable',
        `payment provider unreachable: ${error instanceof Error ? error.name : 'error'}`,
      );
    }
    const body = (await response.json().catch(() => ({}))) as StripeAnswer['body'];
    return { status: response.status, body };
  }

  /** Throws the PaymentProviderError a refused card-setup call means. */
  function refusal(answer: StripeAnswer, what: string): PaymentProviderError {
    const error = answer.body.error ?? {};
    if (error.type === 'card_error') {
      const code = error.code ?? 'card_declined';
      return INVALID_CARD_CODES.has(code)
        ? new PaymentProviderError('invalid', error.message ?? 'invalid card', code)
        : new PaymentProviderError(
            'declined',
            error.message ?? 'declined',
            error.decline_code ?? code,
          );
    }
    if (answer.status === 400 && error.code?.startsWith('parameter_invalid')) {
      return new PaymentProviderError('invalid', error.message ?? 'invalid card', error.code);
    }
    return new PaymentProviderError(
      'unavailable',
      `payment provider refused ${what} (${answer.status}${error.code ? `, ${error.code}` : ''})`,
    );
  }

  async function setUpPaymentMethod(customerId: string, paymentMethodId: string) {
    const answer = await call('POST', '/v1/setup_intents', {
      customer: customerId,
      payment_method: paymentMethodId,
      payment_method_types: ['card'],
      usage: 'off_session',
      confirm: true,
      expand: ['payment_method'],
    });
    if (answer.status !== 200) throw refusal(answer, 'the card set-up');
    if (answer.body.status !== 'succeeded') {
      // 3-D Secure on set-up needs the cardholder in a browser flow this form does not run.
      throw new PaymentProviderError(
        'declined',
        'This card needs authentication the console cannot do.',
        'authentication_required',
      );
    }
    const pm = answer.body.payment_method;
    if (typeof pm === 'object' && pm !== null) return cardOf(pm as Record<string, unknown>);
    // Stripe expands it as asked; otherwise read the one the SetupIntent names.
    const setUpId = typeof pm === 'string' ? pm : paymentMethodId;
    const fetched = await call('GET', `/v1/payment_methods/${encodeURIComponent(setUpId)}`);
    if (fetched.status !== 200) throw refusal(fetched, 'the payment method');
    return cardOf(fetched.body);
  }

  return {
    kind: 'stripe',
    cardEntry: config.publishableKey
      ? { apiUrl: config.apiUrl, publishableKey: config.publishableKey }
      : null,

    async saveCustomer(details, existingId) {
      const params = {
        name: details.name,
        email: details.email,
        metadata: { advertiser_id: details.advertiserId },
      };
      const answer = existingId
        ? await call('POST', `/v1/customers/${encodeURIComponent(existingId)}`, params)
        : await call('POST', '/v1/customers', params, `customer-${details.advertiserId}`);
      if (answer.status !== 200 || typeof answer.body.id !== 'string') {
        throw refusal(answer, 'the customer');
      }
      return answer.body.id;
    },

    async setUpCard(customerId, card: CardInput) {
      const created = await call('POST', '/v1/payment_methods', {
        type: 'card',
        card: {
          number: card.number,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          cvc: card.cvc,
        },
      });
      if (created.status !== 200 || typeof created.body.id !== 'string') {
        throw refusal(created, 'the card');
      }
      return setUpPaymentMethod(customerId, created.body.id);
    },

    setUpPaymentMethod,

    async detach(paymentMethodId) {
      const answer = await call(
        'POST',
        `/v1/payment_methods/${encodeURIComponent(paymentMethodId)}/detach`,
      );
      if (answer.status !== 200) throw refusal(answer, 'the detach');
    },

    async charge(request): Promise<ChargeOutcome> {
      const answer = await call(
        'POST',
        '/v1/payment_intents',
        {
          amount: request.amountMinor,
          currency: request.currency.toLowerCase(),
          customer: request.customerId,
          payment_method: request.paymentMethodId,
          payment_method_types: ['card'],
          off_session: true,
          confirm: true,
          description: request.description,
          metadata: request.metadata,
        },
        request.idempotencyKey,
      );
      if (answer.status === 200 && answer.body.status === 'succeeded') {
        return { status: 'SUCCEEDED', providerPaymentId: String(answer.body.id) };
      }
      const error = answer.body.error;
      if (answer.status === 402 && error) {
        return {
          status: 'FAILED',
          providerPaymentId: error.payment_intent?.id ?? null,
          failureCode: error.decline_code ?? error.code ?? 'card_declined',
          failureMessage: error.message ?? 'Your card was declined.',
        };
      }
      if (answer.status === 200) {
        // requires_action and the like: the cardholder must act; recorded as a failed charge.
        return {
          status: 'FAILED',
          providerPaymentId: typeof answer.body.id === 'string' ? answer.body.id : null,
          failureCode: text(answer.body.status, 'incomplete'),
          failureMessage: 'The payment needs the cardholder to confirm it.',
        };
      }
      throw refusal(answer, 'the charge');
    },
  };
}
