// The Stripe-shaped payment peer from Node: auth, customers, card PaymentMethods and test cards,
// PaymentIntents (success, declines, off session, 3-D Secure), SetupIntents, refunds,
// idempotency, Stripe's error shape, and signed webhooks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_STRIPE } from './credentials.ts';
import { HttpBrowser, parseForms } from './login-driver.ts';
import { verifyStripeSignature } from './stripe-signature.ts';
import { startStripePeer, type StripePeer } from './stripe.ts';

let peer: StripePeer;
let receiver: Server;
const received: { signature: string; payload: string }[] = [];
const WEBHOOK_SECRET = 'whsec_test_receiver';
const FUTURE_YEAR = String(new Date().getFullYear() + 3);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let payload = '';
    req.on('data', (chunk: Buffer) => (payload += chunk.toString()));
    req.on('end', () => {
      received.push({ signature: String(req.headers['stripe-signature']), payload });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  peer = await startStripePeer({
    secretKeys: [DEV_STRIPE.secretKey],
    publishableKeys: [DEV_STRIPE.publishableKey],
    webhookEndpoints: [
      {
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stripe/webhook`,
        secret: WEBHOOK_SECRET,
        enabledEvents: [
          'payment_intent.succeeded',
          'payment_intent.payment_failed',
          'charge.refunded',
        ],
      },
    ],
  });
});

afterAll(async () => {
  await peer.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: Record<string, unknown>; id?: string; status?: string };
}

async function stripe(
  method: string,
  path: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = { authorization: `Bearer ${DEV_STRIPE.secretKey}` },
): Promise<Answer> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(
    `${peer.url}${path}${method === 'GET' && query ? `?${query}` : ''}`,
    {
      method,
      headers: {
        ...headers,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(method === 'POST' ? { body: query } : {}),
    },
  );
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Answer['body'],
  };
}

async function card(number: string): Promise<string> {
  const created = await stripe('POST', '/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': String(new Date().getFullYear() + 2),
    'card[cvc]': '123',
  });
  expect(created.status).toBe(200);
  return created.body.id ?? '';
}

async function customerWith(number: string): Promise<{ customer: string; pm: string }> {
  const customer =
    (await stripe('POST', '/v1/customers', { email: 'buyer@example.com' })).body.id ?? '';
  const pm = await card(number);
  const attached = await stripe('POST', `/v1/payment_methods/${pm}/attach`, { customer });
  expect(attached.status).toBe(200);
  return { customer, pm };
}

describe('authentication and errors', () => {
  test('401 without a key, with an unknown key; publishable keys only create PaymentMethods', async () => {
    const none = await stripe('GET', '/v1/customers', {}, {});
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ type: 'invalid_request_error' });
    expect(String(none.body.error?.message)).toMatch(/^You did not provide an API key/);
    const wrong = await stripe(
      'GET',
      '/v1/customers',
      {},
      { authorization: 'Bearer sk_test_0000000000000000wxyz' },
    );
    expect(wrong.body.error?.message).toBe(
      'Invalid API Key provided: sk_test_****************wxyz',
    );
    const publishable = { authorization: `Bearer ${DEV_STRIPE.publishableKey}` };
    expect((await stripe('GET', '/v1/customers', {}, publishable)).status).toBe(401);
    const pm = await stripe(
      'POST',
      '/v1/payment_methods',
      {
        type: 'card',
        'card[number]': '4242424242424242',
        'card[exp_month]': '1',
        'card[exp_year]': FUTURE_YEAR,
      },
      publishable,
    );
    expect(pm.status).toBe(200);
    expect(pm.headers.get('request-id')).toMatch(/^req_/);
  });

  test('answers a browser: the CORS preflight, and allow-origin on answers and errors', async () => {
    const preflight = await fetch(`${peer.url}/v1/payment_methods`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
    const refused = await stripe('GET', '/v1/customers', {}, {});
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('unknown URL, unknown parameter, missing parameter, unknown object', async () => {
    const url = await stripe('GET', '/v1/nothing');
    expect(url).toMatchObject({
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: 'Unrecognized request URL (GET: /v1/nothing).',
        },
      },
    });
    const unknown = await stripe('POST', '/v1/customers', { emial: 'x@example.com' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      message: 'Received unknown parameter: emial',
      param: 'emial',
    });
    const missingAmount = await stripe('POST', '/v1/payment_intents', { currency: 'usd' });
    expect(missingAmount.body.error).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: 'Missing required param: amount.',
      param: 'amount',
    });
    const noCustomer = await stripe('GET', '/v1/customers/cus_nope');
    expect(noCustomer.status).toBe(404);
    expect(noCustomer.body.error).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such customer: 'cus_nope'",
      param: 'id',
    });
  });
});

describe('customers and payment methods', () => {
  test('creates, reads, updates and lists customers', async () => {
    const created = await stripe('POST', '/v1/customers', {
      email: 'ada@example.com',
      name: 'Ada',
      'metadata[corkboard_user]': 'u1',
    });
    expect(created.body).toMatchObject({
      object: 'customer',
      email: 'ada@example.com',
      name: 'Ada',
      metadata: { corkboard_user: 'u1' },
      livemode: false,
      invoice_settings: { default_payment_method: null },
    });
    expect(created.body.id).toMatch(/^cus_\w{14}$/);
    const pm = await card('4242424242424242');
    await stripe('POST', `/v1/payment_methods/${pm}/attach`, { customer: created.body.id ?? '' });
    const updated = await stripe('POST', `/v1/customers/${created.body.id ?? ''}`, {
      'invoice_settings[default_payment_method]': pm,
      'metadata[corkboard_user]': '',
    });
    expect(updated.body).toMatchObject({
      invoice_settings: { default_payment_method: pm },
      metadata: {},
    });
    const found = await stripe('GET', '/v1/customers', { email: 'ada@example.com' });
    expect(found.body).toMatchObject({ object: 'list', has_more: false, url: '/v1/customers' });
    expect((found.body.data as { id: string }[]).map((c) => c.id)).toEqual([created.body.id]);
    const listed = await stripe('GET', `/v1/customers/${created.body.id ?? ''}/payment_methods`, {
      type: 'card',
    });
    expect((listed.body.data as { id: string }[]).map((p) => p.id)).toEqual([pm]);
  });

  test('a card PaymentMethod from a test number; bad numbers and dates are card errors', async () => {
    const pm = await stripe('GET', `/v1/payment_methods/${await card('5555555555554444')}`);
    expect(pm.body).toMatchObject({
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: { brand: 'mastercard', last4: '4444', exp_month: 12, funding: 'credit', country: 'US' },
    });
    const luhn = await stripe('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424241',
      'card[exp_month]': '1',
      'card[exp_year]': FUTURE_YEAR,
    });
    expect(luhn).toMatchObject({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'incorrect_number',
          message: 'Your card number is incorrect.',
        },
      },
    });
    const month = await stripe('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '13',
      'card[exp_year]': FUTURE_YEAR,
    });
    expect(month.body.error).toMatchObject({ code: 'invalid_expiry_month' });
    const past = await stripe('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '1',
      'card[exp_year]': '2001',
    });
    expect(past.body.error).toMatchObject({ code: 'invalid_expiry_year' });
  });

  test('4000000000000002 declines when attached (card_declined / generic_decline)', async () => {
    const customer = (await stripe('POST', '/v1/customers', {})).body.id ?? '';
    const pm = await card('4000000000000002');
    const attached = await stripe('POST', `/v1/payment_methods/${pm}/attach`, { customer });
    expect(attached.status).toBe(402);
    expect(attached.body.error).toEqual({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect((await stripe('GET', `/v1/payment_methods/${pm}`)).body.customer).toBeNull();
  });
});

describe('payment intents', () => {
  test('off-session charge of a saved card succeeds with a charge', async () => {
    const { customer, pm } = await customerWith('4242424242424242');
    const paid = await stripe('POST', '/v1/payment_intents', {
      amount: '1999',
      currency: 'usd',
      customer,
      payment_method: pm,
      confirm: 'true',
      off_session: 'true',
      'expand[]': 'latest_charge',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      object: 'payment_intent',
      amount: 1999,
      amount_received: 1999,
      currency: 'usd',
      customer,
      payment_method: pm,
      status: 'succeeded',
      last_payment_error: null,
      latest_charge: {
        object: 'charge',
        amount: 1999,
        paid: true,
        status: 'succeeded',
        payment_method: pm,
        outcome: { type: 'authorized' },
      },
    });
    expect(String(paid.body.client_secret)).toMatch(new RegExp(`^${String(paid.body.id)}_secret_`));
    const fetched = await stripe('GET', `/v1/payment_intents/${paid.body.id ?? ''}`);
    expect(fetched.body).toMatchObject({
      status: 'succeeded',
      latest_charge: expect.stringMatching(/^ch_/) as unknown,
    });
  });

  test('a card that attaches but declines: 402 with the intent, which keeps last_payment_error', async () => {
    const { customer, pm } = await customerWith('4000000000000341');
    const declined = await stripe('POST', '/v1/payment_intents', {
      amount: '500',
      currency: 'usd',
      customer,
      payment_method: pm,
      confirm: 'true',
      off_session: 'true',
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      charge: expect.stringMatching(/^ch_/) as unknown,
      payment_intent: {
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined' },
      },
    });
    const intentId = (declined.body.error?.payment_intent as { id: string }).id;
    const fetched = await stripe('GET', `/v1/payment_intents/${intentId}`);
    expect(fetched.body).toMatchObject({
      status: 'requires_payment_method',
      amount_received: 0,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_method: { id: pm },
      },
    });
    const failedCharge = await stripe('GET', `/v1/charges/${String(fetched.body.latest_charge)}`);
    expect(failedCharge.body).toMatchObject({
      status: 'failed',
      paid: false,
      failure_code: 'card_declined',
      outcome: { type: 'issuer_declined', reason: 'generic_decline' },
    });
  });

  test.each([
    ['pm_card_chargeDeclinedInsufficientFunds', 'card_declined', 'insufficient_funds'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'expired_card'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', 'incorrect_cvc'],
  ])('test PaymentMethod %s declines with %s', async (pm, code, declineCode) => {
    const declined = await stripe('POST', '/v1/payment_intents', {
      amount: '700',
      currency: 'eur',
      payment_method: pm,
      confirm: 'true',
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: 'card_error',
      code,
      decline_code: declineCode,
    });
  });

  test('amount and currency validation', async () => {
    const small = await stripe('POST', '/v1/payment_intents', { amount: '49', currency: 'usd' });
    expect(small.body.error).toEqual({
      type: 'invalid_request_error',
      code: 'amount_too_small',
      message: 'Amount must be at least $0.50 usd',
      param: 'amount',
    });
    const yen = await stripe('POST', '/v1/payment_intents', { amount: '49', currency: 'jpy' });
    expect(yen.body.error?.message).toBe('Amount must be at least ¥50 jpy');
    const currency = await stripe('POST', '/v1/payment_intents', {
      amount: '100',
      currency: 'xyz',
    });
    expect(currency.body.error).toMatchObject({
      message: 'Invalid currency: xyz.',
      param: 'currency',
    });
    const integer = await stripe('POST', '/v1/payment_intents', {
      amount: '10.5',
      currency: 'usd',
    });
    expect(integer.body.error).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'amount',
    });
  });

  test('unconfirmed intent: requires_confirmation, then confirm, then cannot confirm or cancel again', async () => {
    const created = await stripe('POST', '/v1/payment_intents', {
      amount: '1000',
      currency: 'usd',
      payment_method: 'pm_card_visa',
    });
    expect(created.body.status).toBe('requires_confirmation');
    const confirmed = await stripe(
      'POST',
      `/v1/payment_intents/${created.body.id ?? ''}/confirm`,
      {},
    );
    expect(confirmed.body.status).toBe('succeeded');
    const again = await stripe('POST', `/v1/payment_intents/${created.body.id ?? ''}/confirm`, {});
    expect(again.body.error).toMatchObject({ code: 'payment_intent_unexpected_state' });
    const cancel = await stripe('POST', `/v1/payment_intents/${created.body.id ?? ''}/cancel`, {});
    expect(cancel.body.error).toMatchObject({ code: 'payment_intent_unexpected_state' });
    const open = await stripe('POST', '/v1/payment_intents', { amount: '1000', currency: 'usd' });
    const canceled = await stripe('POST', `/v1/payment_intents/${open.body.id ?? ''}/cancel`, {
      cancellation_reason: 'abandoned',
    });
    expect(canceled.body).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
  });
});

describe('idempotency', () => {
  test('the same key and parameters replay the first answer; other parameters are refused', async () => {
    const key = `idem-${Math.random()}`;
    const headers = { authorization: `Bearer ${DEV_STRIPE.secretKey}`, 'idempotency-key': key };
    const params = {
      amount: '1500',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
    };
    const first = await stripe('POST', '/v1/payment_intents', params, headers);
    const second = await stripe('POST', '/v1/payment_intents', params, headers);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const charges = await stripe('GET', '/v1/charges', { payment_intent: first.body.id ?? '' });
    expect(charges.body.data).toHaveLength(1);
    const conflict = await stripe(
      'POST',
      '/v1/payment_intents',
      { ...params, amount: '1600' },
      headers,
    );
    expect(conflict.status).toBe(400);
    expect(conflict.body.error).toEqual({
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  });

  test('a decline is replayed too, without charging again', async () => {
    const headers = {
      authorization: `Bearer ${DEV_STRIPE.secretKey}`,
      'idempotency-key': `idem-decline-${Math.random()}`,
    };
    const params = {
      amount: '800',
      currency: 'usd',
      payment_method: 'pm_card_chargeDeclined',
      confirm: 'true',
    };
    const first = await stripe('POST', '/v1/payment_intents', params, headers);
    const second = await stripe('POST', '/v1/payment_intents', params, headers);
    expect(first.status).toBe(402);
    expect(second).toMatchObject({ status: 402, body: first.body });
    const intent = (first.body.error?.payment_intent as { id: string }).id;
    expect((await stripe('GET', '/v1/charges', { payment_intent: intent })).body.data).toHaveLength(
      1,
    );
  });
});

describe('refunds', () => {
  test('partial, then the rest, then nothing left; amounts beyond the charge are refused', async () => {
    const paid = await stripe('POST', '/v1/payment_intents', {
      amount: '1000',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
    });
    const intent = paid.body.id ?? '';
    const partial = await stripe('POST', '/v1/refunds', {
      payment_intent: intent,
      amount: '400',
      reason: 'requested_by_customer',
    });
    expect(partial.body).toMatchObject({
      object: 'refund',
      amount: 400,
      status: 'succeeded',
      payment_intent: intent,
      reason: 'requested_by_customer',
      currency: 'usd',
    });
    const tooMuch = await stripe('POST', '/v1/refunds', { payment_intent: intent, amount: '700' });
    expect(tooMuch.body.error).toEqual({
      type: 'invalid_request_error',
      code: 'amount_too_large',
      message: 'Refund amount ($7.00) is greater than unrefunded amount on charge ($6.00)',
      param: 'amount',
    });
    const rest = await stripe('POST', '/v1/refunds', { payment_intent: intent });
    expect(rest.body.amount).toBe(600);
    const charge = await stripe('GET', `/v1/charges/${String(rest.body.charge)}`);
    expect(charge.body).toMatchObject({ amount_refunded: 1000, refunded: true });
    const none = await stripe('POST', '/v1/refunds', { payment_intent: intent });
    expect(none.body.error).toMatchObject({ code: 'charge_already_refunded' });
    const unpaid = await stripe('POST', '/v1/payment_intents', { amount: '1000', currency: 'usd' });
    const refused = await stripe('POST', '/v1/refunds', { payment_intent: unpaid.body.id ?? '' });
    expect(refused.body.error?.message).toBe(
      'This PaymentIntent does not have a successful charge to refund.',
    );
    const neither = await stripe('POST', '/v1/refunds', {});
    expect(neither.body.error).toMatchObject({ code: 'parameter_missing' });
  });
});

describe('3-D Secure', () => {
  test('on session: requires_action, the test page completes it and returns to return_url', async () => {
    const returnUrl = 'http://127.0.0.1:1/billing/return';
    const created = await stripe('POST', '/v1/payment_intents', {
      amount: '2500',
      currency: 'usd',
      payment_method: 'pm_card_authenticationRequiredSetupForOffSession',
      confirm: 'true',
      return_url: returnUrl,
    });
    expect(created.body).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl } },
    });
    const page = (created.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url
      .url;
    const browser = new HttpBrowser();
    const shown = await browser.request(page);
    expect(shown.text).toContain('$25.00');
    const [form] = parseForms(shown);
    const back = await browser.request(
      form?.action ?? '',
      { form: { result: 'complete' } },
      { stopAt: (url) => url.pathname === '/billing/return' },
    );
    expect(back.url.searchParams.get('payment_intent')).toBe(created.body.id);
    expect(back.url.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await stripe('GET', `/v1/payment_intents/${created.body.id ?? ''}`)).body.status).toBe(
      'succeeded',
    );
  });

  test('failing authentication leaves requires_payment_method with the failure', async () => {
    const created = await stripe('POST', '/v1/payment_intents', {
      amount: '2500',
      currency: 'usd',
      payment_method: 'pm_card_authenticationRequiredSetupForOffSession',
      confirm: 'true',
      return_url: 'http://127.0.0.1:1/r',
    });
    const page = (created.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url
      .url;
    const back = await new HttpBrowser().request(
      page,
      { form: { result: 'fail' } },
      { stopAt: (url) => url.pathname === '/r' },
    );
    expect(back.url.searchParams.get('redirect_status')).toBe('failed');
    const intent = await stripe('GET', `/v1/payment_intents/${created.body.id ?? ''}`);
    expect(intent.body).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });
  });

  test('off session it declines with authentication_required, until a SetupIntent authenticated it', async () => {
    const customer = (await stripe('POST', '/v1/customers', {})).body.id ?? '';
    const pm = await card('4000002500003155');
    await stripe('POST', `/v1/payment_methods/${pm}/attach`, { customer });
    const offSession = {
      amount: '900',
      currency: 'usd',
      customer,
      payment_method: pm,
      confirm: 'true',
      off_session: 'true',
    };
    const before = await stripe('POST', '/v1/payment_intents', offSession);
    expect(before.body.error).toMatchObject({
      code: 'authentication_required',
      decline_code: 'authentication_required',
    });

    const setup = await stripe('POST', '/v1/setup_intents', {
      customer,
      payment_method: pm,
      confirm: 'true',
      usage: 'off_session',
      return_url: 'http://127.0.0.1:1/s',
    });
    expect(setup.body).toMatchObject({ object: 'setup_intent', status: 'requires_action' });
    const page = (setup.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url
      .url;
    await new HttpBrowser().request(
      page,
      { form: { result: 'complete' } },
      { stopAt: (url) => url.pathname === '/s' },
    );
    expect((await stripe('GET', `/v1/setup_intents/${setup.body.id ?? ''}`)).body.status).toBe(
      'succeeded',
    );
    const after = await stripe('POST', '/v1/payment_intents', offSession);
    expect(after.body.status).toBe('succeeded');
  });

  test('a SetupIntent with a declining card fails like the attach would', async () => {
    const setup = await stripe('POST', '/v1/setup_intents', {
      payment_method: 'pm_card_chargeDeclined',
      confirm: 'true',
    });
    expect(setup.status).toBe(402);
    expect(setup.body.error).toMatchObject({
      code: 'card_declined',
      setup_intent: { status: 'requires_payment_method' },
    });
  });
});

describe('webhooks', () => {
  test('subscribed events are delivered with a valid Stripe-Signature; events are listed', async () => {
    const paid = await stripe('POST', '/v1/payment_intents', {
      amount: '3000',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
    });
    await stripe('POST', '/v1/refunds', { payment_intent: paid.body.id ?? '' });
    await peer.webhooksSettled();
    const mine = received
      .map((delivery) => ({
        ...delivery,
        event: JSON.parse(delivery.payload) as {
          type: string;
          data: { object: { id: string; payment_intent?: string } };
        },
      }))
      .filter(
        ({ event }) =>
          event.data.object.id === paid.body.id ||
          event.data.object.payment_intent === paid.body.id,
      );
    expect(mine.map(({ event }) => event.type)).toEqual([
      'payment_intent.succeeded',
      'charge.refunded',
    ]);
    for (const delivery of mine) {
      expect(verifyStripeSignature(WEBHOOK_SECRET, delivery.payload, delivery.signature)).toBe(
        true,
      );
      expect(verifyStripeSignature('whsec_other', delivery.payload, delivery.signature)).toBe(
        false,
      );
    }
    const listed = await stripe('GET', '/v1/events', {
      type: 'payment_intent.succeeded',
      limit: '100',
    });
    expect(
      (listed.body.data as { data: { object: { id: string } } }[]).some(
        (e) => e.data.object.id === paid.body.id,
      ),
    ).toBe(true);
  });

  test('webhook endpoints can be registered over the API, on this machine only', async () => {
    const offMachine = await stripe('POST', '/v1/webhook_endpoints', {
      url: 'https://example.com/hook',
      'enabled_events[]': '*',
    });
    expect(offMachine.status).toBe(400);
    const created = await stripe('POST', '/v1/webhook_endpoints', {
      url: 'http://127.0.0.1:9/hook',
      'enabled_events[0]': 'charge.succeeded',
    });
    expect(created.body).toMatchObject({
      object: 'webhook_endpoint',
      enabled_events: ['charge.succeeded'],
      status: 'enabled',
    });
    expect(String(created.body.secret)).toMatch(/^whsec_/);
    const removed = await stripe('DELETE', `/v1/webhook_endpoints/${created.body.id ?? ''}`);
    expect(removed.body).toEqual({
      id: created.body.id,
      object: 'webhook_endpoint',
      deleted: true,
    });
  });
});
