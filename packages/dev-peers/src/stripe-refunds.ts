// Refunds: `POST /v1/refunds` (whole or partial, by PaymentIntent or charge, never more than
// what is left on the charge), retrieve and list.
import type { Call, Handled, StripeLedger, StripeObject, StripeRouter } from './stripe-ledger.ts';
import { now } from './stripe-ledger.ts';
import {
  allowOnly,
  formatMoney,
  int,
  invalid,
  list,
  metadata,
  objectId,
  oneOf,
  paginate,
  str,
} from './stripe-params.ts';

export function registerRefundRoutes(router: StripeRouter, ledger: StripeLedger): void {
  router.on('POST', '/v1/refunds', (call: Call): Handled => {
    const { params } = call;
    allowOnly(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
    const intentId = str(params, 'payment_intent');
    const chargeId = str(params, 'charge');
    if (!intentId && !chargeId) {
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    }
    let charged: StripeObject;
    if (intentId) {
      const intent = ledger.find('payment_intent', 'pi_', intentId, 'payment_intent');
      const latest =
        typeof intent.latest_charge === 'string'
          ? ledger.objects.get(intent.latest_charge)
          : undefined;
      if (intent.status !== 'succeeded' || !latest) {
        throw invalid('This PaymentIntent does not have a successful charge to refund.', {
          param: 'payment_intent',
        });
      }
      charged = latest;
    } else {
      charged = ledger.find('charge', 'ch_', chargeId ?? '', 'charge');
      if (charged.status !== 'succeeded')
        throw invalid(`Charge ${charged.id} has not been captured.`, { param: 'charge' });
    }
    const currency = String(charged.currency);
    const remaining = Number(charged.amount_captured) - Number(charged.amount_refunded);
    if (remaining <= 0) {
      throw invalid(`Charge ${charged.id} has already been refunded.`, {
        code: 'charge_already_refunded',
        charge: charged.id,
      });
    }
    const amount = int(params, 'amount') ?? remaining;
    if (amount < 1)
      throw invalid('This value must be greater than or equal to 1.', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    if (amount > remaining) {
      throw invalid(
        `Refund amount (${formatMoney(amount, currency)}) is greater than unrefunded amount on charge (${formatMoney(remaining, currency)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const refund = ledger.store<StripeObject>({
      id: objectId('re'),
      object: 'refund',
      amount,
      balance_transaction: objectId('txn'),
      charge: charged.id,
      created: now(),
      currency,
      destination_details: {
        card: {
          reference_status: 'pending',
          reference_type: 'acquirer_reference_number',
          type: 'refund',
        },
        type: 'card',
      },
      metadata: metadata(params),
      payment_intent: charged.payment_intent,
      reason:
        oneOf(params, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ??
        null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    });
    charged.amount_refunded = Number(charged.amount_refunded) + amount;
    charged.refunded = charged.amount_refunded === charged.amount_captured;
    ledger.emit('refund.created', refund, call);
    ledger.emit('charge.refunded', charged, call);
    return { body: ledger.expand(refund, list(params, 'expand') ?? []) };
  });

  router.on('GET', '/v1/refunds/:id', ({ path }: Call): Handled => ({
    body: ledger.find('refund', 're_', path.id ?? ''),
  }));
  router.on('GET', '/v1/refunds', ({ params, url }: Call): Handled => {
    allowOnly(params, [
      'payment_intent',
      'charge',
      'limit',
      'starting_after',
      'ending_before',
      'expand',
    ]);
    const intent = str(params, 'payment_intent');
    const chargeId = str(params, 'charge');
    return {
      body: paginate(
        ledger.newest(
          'refund',
          (r) => (!intent || r.payment_intent === intent) && (!chargeId || r.charge === chargeId),
        ),
        params,
        url.pathname,
      ),
    };
  });
}
