// The payment-provider adapter against the loopback Stripe stand-in (@corkboard/dev-peers/stripe,
// Stripe's HTTP API shape): the customer is created with the ad account's billing name, the card
// is set up off session (SetupIntent), the monthly charge is an off-session PaymentIntent with an
// idempotency key, a decline is recorded as a failed charge, and refused cards answer our codes.
// Cards go to Stripe from the browser with the publishable key (as Stripe.js does); our API takes
// only the payment method id and refuses a card number unread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripePeer, type StripePeer } from '@corkboard/dev-peers/stripe';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type { BusinessCreated } from '@corkboard/shared/business/api';
import type { BillingCharge, BillingOverview, Invoice } from '@corkboard/shared/business/billing';
import type { QuickPromoteResult } from '@corkboard/shared/business/campaigns';
import {
  defaultQuickPromoteValues,
  quickPromotePayload,
} from '@corkboard/shared/business/quick-promote';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, testConfig, type TestApp } from '../../test/test-app.ts';
import { BILLING_MONTHLY_JOB } from './billing.jobs.ts';

const SECRET = 'sk_test_billing_adapter';
const PUBLISHABLE = 'pk_test_billing_adapter';
const NEXT_YEAR = new Date().getUTCFullYear() + 2;

let peer: StripePeer;
let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let advertiserId: string;
let promoted: QuickPromoteResult;

const url = (path: string) => `/v3/ads/advertisers/${advertiserId}${path}`;
const card = (number: string) => ({
  card: { number, exp_month: 12, exp_year: NEXT_YEAR, cvc: '123' },
});

/** What the console's card form does with Stripe (web features/billing/cardEntry.ts). */
async function browserCreatesPaymentMethod(
  number: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${peer.url}/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${PUBLISHABLE}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String(NEXT_YEAR),
      'card[cvc]': '123',
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function browserCard(number: string): Promise<{ payment_method_id: string }> {
  const created = await browserCreatesPaymentMethod(number);
  expect(created.status).toBe(200);
  return { payment_method_id: String(created.body.id) };
}

async function stripeGet(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${peer.url}${path}`, {
    headers: { authorization: `Bearer ${SECRET}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

async function runMonth(month: string, day: string, micro: number): Promise<void> {
  await handle.db
    .insertInto('ad_daily_rollups')
    .values({
      ad_id: promoted.ad_id,
      ad_group_id: promoted.ad_group_id,
      campaign_id: promoted.campaign_id,
      ad_account_id: advertiserId,
      day,
      spend_micro: micro,
    })
    .execute();
  await test.app.jobs.send(BILLING_MONTHLY_JOB, { month });
  expect(await test.app.jobs.workDue(BILLING_MONTHLY_JOB)).toBe(1);
}

beforeAll(async () => {
  peer = await startStripePeer({
    secretKeys: [SECRET],
    publishableKeys: [PUBLISHABLE],
    env: { NODE_ENV: 'test' },
  });
  handle = await createTestDb();
  f = createFixtures(handle.db);
  const base = testConfig();
  test = await buildTestApp(handle.db, {
    config: {
      providers: {
        ...base.providers,
        stripe: {
          apiUrl: peer.url,
          secretKey: SECRET,
          publishableKey: PUBLISHABLE,
          webhookSecret: undefined,
        },
      },
    },
  });
  owner = await f.user({ username: 'stripe_owner' });
  const business = await test.client.send<BusinessCreated>(
    'POST',
    '/v3/business/create/',
    { business_name: 'Stripe Co', country: 'US', language: 'en', advertising_intent: 'products' },
    owner,
  );
  advertiserId = business.data.advertiser_id;
  const board = await f.board(owner, { name: 'Cakes' });
  const pin = await f.pin({ board, title: 'Cake', link: 'https://maras.test/cake' });
  const values = defaultQuickPromoteValues({
    advertiserId,
    country: 'US',
    pinTitle: 'Cake',
    pinLink: 'https://maras.test/cake',
  });
  promoted = (
    await test.client.send<QuickPromoteResult>(
      'POST',
      `/ads/v4/advertisers/${advertiserId}/pins/${pin.id}/quick_promote/`,
      quickPromotePayload(values, pin.id, 'US'),
      owner,
    )
  ).data;
  const profile = await test.client.send(
    'PUT',
    url('/billing/profile/'),
    {
      legal_name: 'Stripe Co Inc',
      billing_email: 'ap@stripeco.test',
      address_line1: '2 Pier Road',
      city: 'Portland',
      postal_code: '97201',
      country: 'US',
    },
    owner,
  );
  expect(profile.status).toBe(200);
});

afterAll(async () => {
  await test.close();
  await handle.close();
  await peer.stop();
});

describe('Stripe adapter against the loopback peer', () => {
  it('refuses a card number unread: it must go to Stripe from the browser', async () => {
    const refused = await test.client.send(
      'PUT',
      url('/billing/payment_method/'),
      card('4242424242424242'),
      owner,
    );
    expect(refused.status).toBe(400);
    expect(refused.code).toBe(ERROR_CODES.BILLING_CARD_DETAILS_REFUSED.code);
    // Refused before the provider is asked anything: no customer was created for it.
    expect(peer.events().map((event) => event.type)).not.toContain('customer.created');
    const overview = await test.client.get<BillingOverview>(url('/billing/'), owner);
    expect(overview.data.card_entry).toEqual({ api_url: peer.url, publishable_key: PUBLISHABLE });
    // The page may call Stripe's API (and only for calls: no script, no frame).
    const page = await test.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${new URL(peer.url).origin}`);
    expect(csp).toContain("script-src 'self';");
  });

  it('Stripe refuses an incorrect number to the browser; a decline at set-up answers 402', async () => {
    const invalid = await browserCreatesPaymentMethod('4242424242424241');
    expect(invalid.status).toBe(402);
    expect(invalid.body.error).toMatchObject({ type: 'card_error', param: 'number' });
    const declined = await test.client.send<unknown>(
      'PUT',
      url('/billing/payment_method/'),
      await browserCard('4000000000009995'),
      owner,
    );
    expect(declined.status).toBe(402);
    expect(declined.code).toBe(ERROR_CODES.BILLING_CARD_DECLINED.code);
    expect(JSON.stringify(declined)).toContain('insufficient_funds');
  });

  it('creates the customer and sets up the card for off-session charges', async () => {
    const answer = await test.client.send<BillingOverview>(
      'PUT',
      url('/billing/payment_method/'),
      await browserCard('4242424242424242'),
      owner,
    );
    expect(answer.status).toBe(200);
    expect(answer.data.processor).toBe('stripe');
    expect(answer.data.payment_method).toMatchObject({ brand: 'visa', last4: '4242' });
    const row = await handle.db
      .selectFrom('ad_billing_profiles')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.provider_customer_id).toMatch(/^cus_/);
    expect(row.payment_method_id).toMatch(/^pm_/);
    const customer = await stripeGet(`/v1/customers/${row.provider_customer_id ?? ''}`);
    expect(customer).toMatchObject({
      name: 'Stripe Co Inc',
      email: 'ap@stripeco.test',
      metadata: { advertiser_id: advertiserId },
    });
    const types = peer.events().map((event) => event.type);
    expect(types).toContain('setup_intent.succeeded');
    expect(types).toContain('payment_method.attached');
  });

  it('accepts a payment method the browser created at Stripe (pm_… id)', async () => {
    const answer = await test.client.send<BillingOverview>(
      'PUT',
      url('/billing/payment_method/'),
      { payment_method_id: 'pm_card_mastercard' },
      owner,
    );
    expect(answer.status).toBe(200);
    expect(answer.data.payment_method).toMatchObject({ brand: 'mastercard', last4: '4444' });
  });

  it('charges the month off session: a succeeded PaymentIntent for the invoice amount', async () => {
    await runMonth('2026-10', '2026-10-05', 42_424_242);
    const [invoice] = (await test.client.get<Invoice[]>(url('/billing/documents/'), owner)).data;
    expect(invoice).toMatchObject({ status: 'PAID', amount_due_minor: 4242 });
    const row = await handle.db
      .selectFrom('ad_billing_profiles')
      .selectAll()
      .executeTakeFirstOrThrow();
    const charges = (await stripeGet(`/v1/charges?customer=${row.provider_customer_id ?? ''}`)) as {
      data: {
        amount: number;
        currency: string;
        status: string;
        metadata: Record<string, string>;
      }[];
    };
    expect(charges.data).toHaveLength(1);
    expect(charges.data[0]).toMatchObject({
      amount: 4242,
      currency: 'usd',
      status: 'succeeded',
      metadata: { invoice_number: invoice?.number, ad_account_id: advertiserId },
    });
  });

  it('records a decline at charge time as a failed charge with the decline code', async () => {
    const set = await test.client.send(
      'PUT',
      url('/billing/payment_method/'),
      { payment_method_id: 'pm_card_chargeCustomerFail' },
      owner,
    );
    expect(set.status).toBe(200);
    await runMonth('2026-09', '2026-09-05', 1_000_000);
    const invoices = (await test.client.get<Invoice[]>(url('/billing/documents/'), owner)).data;
    expect(invoices.find((invoice) => invoice.month === '2026-09')).toMatchObject({
      status: 'PAYMENT_FAILED',
      failure_message: 'Your card was declined.',
    });
    const [latest] = (await test.client.get<BillingCharge[]>(url('/billing/history/'), owner)).data;
    expect(latest).toMatchObject({
      status: 'FAILED',
      failure_code: 'generic_decline',
      amount_minor: 100,
    });
    expect(peer.events().map((event) => event.type)).toContain('payment_intent.payment_failed');
  });
});
