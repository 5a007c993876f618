// Customers and card PaymentMethods: `/v1/customers` (create, retrieve, update, delete, list by
// e-mail) and `/v1/payment_methods` (create from card details, retrieve, attach, detach, list).
import { randomToken } from './http.ts';
import { luhnValid } from './stripe-cards.ts';
import {
  now,
  type Call,
  type Handled,
  type StripeLedger,
  type StripeObject,
  type StripeRouter,
} from './stripe-ledger.ts';
import {
  allowOnly,
  hash,
  int,
  invalid,
  list,
  metadata,
  missing,
  objectId,
  paginate,
  str,
  StripeError,
  type Params,
} from './stripe-params.ts';
import { attach, createCardPaymentMethod, resolvePaymentMethod } from './stripe-payment-methods.ts';

export function registerCustomerRoutes(router: StripeRouter, ledger: StripeLedger): void {
  // ---- customers ---------------------------------------------------------------------------

  const CUSTOMER_PARAMS = [
    'email',
    'name',
    'description',
    'phone',
    'metadata',
    'payment_method',
    'invoice_settings',
    'preferred_locales',
    'expand',
  ];

  function applyCustomer(customer: StripeObject, params: Params): void {
    for (const field of ['email', 'name', 'description', 'phone'] as const) {
      if (field in params)
        customer[field] = str(params, field, { max: field === 'email' ? 512 : 350 }) ?? null;
    }
    if (typeof customer.email === 'string' && !/^[^\s@]+@[^\s@]+$/.test(customer.email)) {
      throw invalid(`Invalid email address: ${customer.email}`, {
        code: 'email_invalid',
        param: 'email',
      });
    }
    customer.metadata = metadata(params, customer.metadata as Record<string, string>);
    const settings = hash(params, 'invoice_settings');
    if (settings) {
      allowOnly(settings, ['default_payment_method']);
      const pmId = str(settings, 'default_payment_method');
      if (pmId) {
        const pm = ledger.find(
          'payment_method',
          'pm_',
          pmId,
          'invoice_settings[default_payment_method]',
        );
        if (pm.customer !== customer.id) {
          throw invalid(
            `No such PaymentMethod: '${pmId}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
            { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' },
          );
        }
      }
      customer.invoice_settings = {
        ...(customer.invoice_settings as object),
        default_payment_method: pmId ?? null,
      };
    }
  }

  router.on(
    'POST',
    '/v1/customers',
    ({ params, requestId, idempotencyKey, url }: Call): Handled => {
      allowOnly(params, CUSTOMER_PARAMS);
      const customer: StripeObject = {
        id: objectId('cus', 14),
        object: 'customer',
        address: null,
        balance: 0,
        created: now(),
        currency: null,
        default_source: null,
        delinquent: false,
        description: null,
        email: null,
        invoice_prefix: randomToken(8, 'ABCDEF0123456789'),
        invoice_settings: {
          custom_fields: null,
          default_payment_method: null,
          footer: null,
          rendering_options: null,
        },
        livemode: false,
        metadata: {},
        name: null,
        phone: null,
        preferred_locales: list(params, 'preferred_locales') ?? [],
        shipping: null,
        tax_exempt: 'none',
        test_clock: null,
      };
      const pmId = str(params, 'payment_method');
      const { payment_method: _pm, invoice_settings: settings, ...rest } = params;
      applyCustomer(customer, rest);
      if (pmId)
        attach(ledger, resolvePaymentMethod(ledger, pmId, 'payment_method'), customer, null);
      // The default payment method may name the one just attached.
      if (settings !== undefined) applyCustomer(customer, { invoice_settings: settings });
      ledger.store(customer);
      ledger.emit('customer.created', customer, {
        params,
        path: {},
        url,
        requestId,
        idempotencyKey,
      });
      return { body: customer };
    },
  );

  router.on('GET', '/v1/customers/:id', ({ path }: Call): Handled => ({
    body: ledger.find('customer', 'cus_', path.id ?? ''),
  }));

  router.on('POST', '/v1/customers/:id', (call: Call): Handled => {
    allowOnly(
      call.params,
      CUSTOMER_PARAMS.filter((p) => p !== 'payment_method'),
    );
    const customer = ledger.find('customer', 'cus_', call.path.id ?? '');
    applyCustomer(customer, call.params);
    ledger.emit('customer.updated', customer, call);
    return { body: customer };
  });

  router.on('DELETE', '/v1/customers/:id', (call: Call): Handled => {
    const customer = ledger.find('customer', 'cus_', call.path.id ?? '');
    customer.deleted = true;
    ledger.emit('customer.deleted', customer, call);
    return { body: { id: customer.id, object: 'customer', deleted: true } };
  });

  router.on('GET', '/v1/customers', ({ params, url }: Call): Handled => {
    allowOnly(params, ['email', 'limit', 'starting_after', 'ending_before', 'expand']);
    const email = str(params, 'email');
    return {
      body: paginate(
        ledger.newest('customer', (c) => !email || c.email === email),
        params,
        url.pathname,
      ),
    };
  });

  router.on('POST', '/v1/payment_methods', ({ params }: Call): Handled => {
    allowOnly(params, ['type', 'card', 'billing_details', 'metadata', 'expand']);
    const type = str(params, 'type', { required: true });
    if (type !== 'card') {
      throw invalid(`Invalid type: ${String(type)}; this development peer supports card only`, {
        param: 'type',
      });
    }
    const card = hash(params, 'card');
    if (!card) throw missing('card');
    allowOnly(card, ['number', 'exp_month', 'exp_year', 'cvc']);
    const number = (str(card, 'number') ?? '').replace(/\s+/g, '');
    if (!number) throw missing('card[number]');
    if (!luhnValid(number)) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    }
    const expMonth = int(card, 'exp_month', { required: true }) ?? 0;
    let expYear = int(card, 'exp_year', { required: true }) ?? 0;
    if (expYear < 100) expYear += 2000;
    if (expMonth < 1 || expMonth > 12) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: 'exp_month',
      });
    }
    const today = new Date();
    if (
      expYear < today.getUTCFullYear() ||
      (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1) ||
      expYear > today.getUTCFullYear() + 50
    ) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is invalid.",
        param: 'exp_year',
      });
    }
    const cvc = str(card, 'cvc');
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
      throw new StripeError(402, {
        type: 'card_error',
        code: 'invalid_cvc',
        message: "Your card's security code is invalid.",
        param: 'cvc',
      });
    }
    const billing = hash(params, 'billing_details');
    if (billing) allowOnly(billing, ['name', 'email', 'phone', 'address']);
    return {
      body: createCardPaymentMethod(
        ledger,
        number,
        expMonth,
        expYear,
        cvc,
        billing,
        metadata(params),
      ),
    };
  });

  router.on('GET', '/v1/payment_methods/:id', ({ path }: Call): Handled => ({
    body: ledger.find('payment_method', 'pm_', path.id ?? ''),
  }));

  router.on('POST', '/v1/payment_methods/:id/attach', (call: Call): Handled => {
    allowOnly(call.params, ['customer', 'expand']);
    const customerId = str(call.params, 'customer', { required: true }) ?? '';
    const pm = ledger.find('payment_method', 'pm_', call.path.id ?? '');
    attach(ledger, pm, ledger.find('customer', 'cus_', customerId, 'customer'), call);
    return { body: pm };
  });

  router.on('POST', '/v1/payment_methods/:id/detach', (call: Call): Handled => {
    allowOnly(call.params, ['expand']);
    const pm = ledger.find('payment_method', 'pm_', call.path.id ?? '');
    if (!pm.customer) {
      throw invalid(
        `The payment method you provided is not attached to a customer so detachment is impossible.`,
        {
          code: 'payment_method_unexpected_state',
        },
      );
    }
    pm.customer = null;
    ledger.emit('payment_method.detached', pm, call);
    return { body: pm };
  });

  const listPaymentMethods = (customerId: string, params: Params, url: URL): Handled => {
    ledger.find('customer', 'cus_', customerId, 'customer');
    const type = str(params, 'type');
    if (type && type !== 'card')
      return { body: { object: 'list', data: [], has_more: false, url: url.pathname } };
    return {
      body: paginate(
        ledger.newest('payment_method', (pm) => pm.customer === customerId),
        params,
        url.pathname,
      ),
    };
  };
  router.on('GET', '/v1/payment_methods', ({ params, url }: Call): Handled => {
    allowOnly(params, ['customer', 'type', 'limit', 'starting_after', 'ending_before', 'expand']);
    return listPaymentMethods(str(params, 'customer', { required: true }) ?? '', params, url);
  });
  router.on('GET', '/v1/customers/:id/payment_methods', ({ params, path, url }: Call): Handled => {
    allowOnly(params, ['type', 'limit', 'starting_after', 'ending_before', 'expand']);
    return listPaymentMethods(path.id ?? '', params, url);
  });
}
