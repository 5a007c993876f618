// Billing (business.md §2.1 /billing/; issue 11; docs/decisions/171–173) on the local test
// processor: every permission × endpoint, bad input → 400 with its code, the monthly job's
// invoices (totals = recorded spend, numbers sequential per ad account, the PDF parses and
// prints the total), a failed charge recorded and shown, paying again with a new card, and
// the console history's billing rows.
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import {
  formatMinor,
  type BillingCharge,
  type BillingOverview,
  type Invoice,
  type OrderLine,
} from '@corkboard/shared/business/billing';
import type { HistoryEntry, QuickPromoteResult } from '@corkboard/shared/business/campaigns';
import type { BusinessPermission } from '@corkboard/shared/business/permissions';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { answer, csrfHeaders, type Answer, type Who } from '../../test/api-client.ts';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { as } from '../../test/test-viewer.ts';
import { BILLING_MONTHLY_JOB } from './billing.jobs.ts';
import { INVOICE_CARRIED_IN_LINE } from './invoice-pdf.ts';
import { BILLING_PAYMENT_RATE_LIMIT_MAX } from './billing.routes.ts';
import { TEST_CARD_CHARGE_DECLINED, TEST_CARD_DECLINED } from './local-processor.ts';

const CODES = ERROR_CODES;
const NEXT_YEAR = new Date().getUTCFullYear() + 2;

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let owner: UserFixture;
let stranger: UserFixture;
let advertiserId: string;
let created: QuickPromoteResult;
let secondCampaign: QuickPromoteResult;
let members: Map<BusinessPermission, UserFixture>;

function url(path: string, id = advertiserId): string {
  return `/v3/ads/advertisers/${id}${path}`;
}

const PROFILE = {
  legal_name: 'Report Co Ltd',
  billing_email: 'billing@reportco.test',
  address_line1: '1 Market Street',
  address_line2: '',
  city: 'Springfield',
  region: 'IL',
  postal_code: '62701',
  country: 'us',
  tax_id: 'US-12 345',
};

let address = 0;

/**
 * A write from its own client address, so the payment routes' rate limit
 * (BILLING_PAYMENT_RATE_LIMIT_MAX per address per minute) is not what these tests measure.
 */
async function write<T = unknown>(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  who: Who,
): Promise<Answer<T>> {
  address += 1;
  return answer<T>(
    await test.app.inject({
      method,
      url: path,
      payload: JSON.stringify(body),
      remoteAddress: `10.1.${address >> 8}.${address & 255}`,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...csrfHeaders(),
        ...as(who),
      },
    }),
  );
}

function card(number: string) {
  return { card: { number, exp_month: 12, exp_year: NEXT_YEAR, cvc: '123' } };
}

async function spend(result: QuickPromoteResult, day: string, micro: number): Promise<void> {
  await handle.db
    .insertInto('ad_daily_rollups')
    .values({
      ad_id: result.ad_id,
      ad_group_id: result.ad_group_id,
      campaign_id: result.campaign_id,
      ad_account_id: advertiserId,
      day,
      spend_micro: micro,
      paid_impressions: 100,
    })
    .execute();
}

async function runMonth(month: string): Promise<void> {
  await test.app.jobs.send(BILLING_MONTHLY_JOB, { month });
  expect(await test.app.jobs.workDue(BILLING_MONTHLY_JOB)).toBe(1);
}

async function documents(): Promise<Invoice[]> {
  return (await test.client.get<Invoice[]>(url('/billing/documents/'), owner)).data;
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  test = await buildTestApp(handle.db);
  const advertiser = await f.advertiser(test.client, { prefix: 'bill', businessName: 'Report Co' });
  ({ owner, stranger, advertiserId, members } = advertiser);
  created = await advertiser.promote('Lemon tart');
  secondCampaign = await advertiser.promote('Plum cake');
});

afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('billing profile and payment method', () => {
  it('starts empty: no profile, no card, no billing for quick promote', async () => {
    const overview = await test.client.get<BillingOverview>(url('/billing/'), owner);
    expect(overview.status).toBe(200);
    expect(overview.data).toMatchObject({
      advertiser_id: advertiserId,
      currency: 'USD',
      profile: null,
      payment_method: null,
      has_billing: false,
      processor: 'test',
    });
    const status = await test.client.get(url('/billing/status/'), owner);
    expect(status.data).toEqual({ has_billing: false });
  });

  it('refuses a card before the billing profile (BILLING_PROFILE_REQUIRED)', async () => {
    const answer = await write(
      'PUT',
      url('/billing/payment_method/'),
      card('4242424242424242'),
      owner,
    );
    expect(answer.status).toBe(400);
    expect(answer.code).toBe(CODES.BILLING_PROFILE_REQUIRED.code);
  });

  it('refuses bad profile input with 400 VALIDATION_FAILED naming the fields', async () => {
    for (const [body, field] of [
      [{ ...PROFILE, legal_name: '   ' }, 'legal_name'],
      [{ ...PROFILE, billing_email: 'not-an-email' }, 'billing_email'],
      [{ ...PROFILE, country: 'USA' }, 'country'],
      [{ ...PROFILE, tax_id: '<script>' }, 'tax_id'],
      [{ ...PROFILE, postal_code: 'x'.repeat(21) }, 'postal_code'],
    ] as const) {
      const answer = await test.client.send<unknown>('PUT', url('/billing/profile/'), body, owner);
      expect(answer.status, field).toBe(400);
      expect(answer.code, field).toBe(CODES.VALIDATION_FAILED.code);
      expect(JSON.stringify(answer), field).toContain(field);
    }
  });

  it('saves the profile (country upper-cased, blanks as null)', async () => {
    const answer = await test.client.send<BillingOverview>(
      'PUT',
      url('/billing/profile/'),
      PROFILE,
      owner,
    );
    expect(answer.status).toBe(200);
    expect(answer.data.profile).toMatchObject({
      legal_name: 'Report Co Ltd',
      country: 'US',
      address_line2: null,
      tax_id: 'US-12 345',
      currency: 'USD',
    });
    expect(answer.data.has_billing).toBe(false);
  });

  it('refuses malformed cards with 400 and a declined one with 402 BILLING_CARD_DECLINED', async () => {
    for (const body of [
      { card: { number: 'abcd', exp_month: 12, exp_year: NEXT_YEAR, cvc: '123' } },
      { card: { number: '4242424242424242', exp_month: 13, exp_year: NEXT_YEAR, cvc: '123' } },
      { card: { number: '4242424242424242', exp_month: 12, exp_year: NEXT_YEAR, cvc: '12' } },
      { ...card('4242424242424242'), payment_method_id: 'pm_x' },
      {},
    ]) {
      const answer = await write('PUT', url('/billing/payment_method/'), body, owner);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.code).toBe(CODES.VALIDATION_FAILED.code);
    }
    const luhn = await write(
      'PUT',
      url('/billing/payment_method/'),
      card('4242424242424241'),
      owner,
    );
    expect(luhn.status).toBe(400);
    expect(luhn.code).toBe(CODES.BILLING_CARD_INVALID.code);
    const declined = await write(
      'PUT',
      url('/billing/payment_method/'),
      card(TEST_CARD_DECLINED),
      owner,
    );
    expect(declined.status).toBe(402);
    expect(declined.code).toBe(CODES.BILLING_CARD_DECLINED.code);
    const overview = await test.client.get<BillingOverview>(url('/billing/'), owner);
    expect(overview.data.payment_method).toBeNull();
  });

  it('sets up a card: brand, last four and expiry kept; billing complete for quick promote', async () => {
    const answer = await write<BillingOverview>(
      'PUT',
      url('/billing/payment_method/'),
      card('4242 4242 4242 4242'),
      members.get('FINANCE_MANAGER') ?? null,
    );
    expect(answer.status).toBe(200);
    expect(answer.data.payment_method).toEqual({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: NEXT_YEAR,
    });
    expect(answer.data.has_billing).toBe(true);
    const status = await test.client.get(
      url('/billing/status/'),
      members.get('CAMPAIGN_MANAGER') ?? null,
    );
    expect(status.data).toEqual({ has_billing: true });
    // The number itself is stored nowhere.
    const row = await handle.db
      .selectFrom('ad_billing_profiles')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });
});

describe('monthly invoices', () => {
  it('invoices last month from the recorded spend: total = spend, lines add up, numbered 1', async () => {
    // 12.345678 + 0.004999 (campaign 1) and 7.005 (campaign 2) in October; November's spend waits.
    await spend(created, '2026-10-03', 12_345_678);
    await spend(created, '2026-10-30', 4_999);
    await spend(secondCampaign, '2026-10-15', 7_005_000);
    await spend(created, '2026-11-02', 1_000_000);
    await runMonth('2026-10');
    const [invoice, ...rest] = await documents();
    expect(rest).toHaveLength(0);
    expect(invoice).toMatchObject({
      number: `CB-${advertiserId}-000001`,
      month: '2026-10',
      currency: 'USD',
      amount_in_micro_currency: 12_345_678 + 4_999 + 7_005_000,
      // 19.355677 → 19.36
      amount_due_minor: 1936,
      status: 'PAID',
      failure_message: null,
    });
    const lines = await handle.db
      .selectFrom('ad_invoice_lines')
      .select(['campaign_id', 'amount_micro'])
      .orderBy('campaign_id')
      .execute();
    expect(lines.map((line) => [line.campaign_id, Number(line.amount_micro)])).toEqual([
      [created.campaign_id, 12_350_677],
      [secondCampaign.campaign_id, 7_005_000],
    ]);
    // Running the month again issues nothing more and charges nothing more.
    await runMonth('2026-10');
    expect(await documents()).toHaveLength(1);
    const history = await test.client.get<BillingCharge[]>(url('/billing/history/'), owner);
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({
      status: 'SUCCEEDED',
      amount_minor: 1936,
      card_last4: '4242',
      invoice_number: `CB-${advertiserId}-000001`,
    });
  });

  it('serves the invoice as a PDF that parses and prints the number, lines and total', async () => {
    const [invoice] = await documents();
    const response = await test.app.inject({
      method: 'GET',
      url: url(`/billing/documents/${invoice?.id ?? ''}/pdf/`),
      headers: as(members.get('FINANCE_MANAGER') ?? null),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="CB-${advertiserId}-000001.pdf"`,
    );
    const bytes = response.rawPayload;
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Invoice CB-${advertiserId}-000001`);
    expect(pdf.getSubject()).toBe('Advertising 2026-10: 19.36 USD');
    const text = pdfText(bytes);
    expect(text).toContain('19.36 USD');
    // Largest remainder: 12.350677 → 12.35, 7.005 → 7.01; 12.35 + 7.01 = 19.36.
    expect(text).toContain('12.35');
    expect(text).toContain('7.01');
    expect(text).toContain('Report Co Ltd');
    expect(formatMinor(1235 + 701)).toBe('19.36');
  });

  it("an unknown or another account's invoice is BILLING_INVOICE_NOT_FOUND", async () => {
    const answer = await test.client.get(url('/billing/documents/999999/pdf/'), owner);
    expect(answer.status).toBe(404);
    expect(answer.code).toBe(CODES.BILLING_INVOICE_NOT_FOUND.code);
  });

  it('records a declined charge, shows it, and pays it after the card is replaced', async () => {
    await write('PUT', url('/billing/payment_method/'), card(TEST_CARD_CHARGE_DECLINED), owner);
    await spend(secondCampaign, '2026-09-20', 2_500_000);
    await runMonth('2026-09');
    const invoices = await documents();
    const september = invoices.find((invoice) => invoice.month === '2026-09');
    expect(september).toMatchObject({
      // Numbers follow issue order per ad account.
      number: `CB-${advertiserId}-000002`,
      amount_due_minor: 250,
      status: 'PAYMENT_FAILED',
      failure_message: 'Your card was declined.',
    });
    const history = await test.client.get<BillingCharge[]>(url('/billing/history/'), owner);
    expect(history.data[0]).toMatchObject({
      status: 'FAILED',
      failure_code: 'generic_decline',
      card_last4: '0341',
      invoice_number: `CB-${advertiserId}-000002`,
    });
    await write('PUT', url('/billing/payment_method/'), card('5555555555554444'), owner);
    const paid = await write<Invoice>(
      'POST',
      url(`/billing/documents/${september?.id ?? ''}/pay/`),
      {},
      members.get('FINANCE_MANAGER') ?? null,
    );
    expect(paid.status).toBe(200);
    expect(paid.data.status).toBe('PAID');
    const again = await write(
      'POST',
      url(`/billing/documents/${september?.id ?? ''}/pay/`),
      {},
      owner,
    );
    expect(again.status).toBe(409);
    expect(again.code).toBe(CODES.BILLING_INVOICE_NOT_PAYABLE.code);
    const after = await test.client.get<BillingCharge[]>(url('/billing/history/'), owner);
    expect(after.data.map((charge) => [charge.status, charge.card_last4])).toEqual([
      ['SUCCEEDED', '4444'],
      ['FAILED', '0341'],
      ['SUCCEEDED', '4242'],
    ]);
  });

  it('an account without a card gets NO_PAYMENT_METHOD and pay says BILLING_PAYMENT_METHOD_REQUIRED', async () => {
    const otherAdvertiser = await f.advertiser(test.client, {
      prefix: 'bill_other',
      businessName: 'Other Co',
    });
    const other = otherAdvertiser.owner;
    const otherId = otherAdvertiser.advertiserId;
    const promoted = await otherAdvertiser.promote('Thing', 'https://maras.test/thing');
    await handle.db
      .insertInto('ad_daily_rollups')
      .values({
        ad_id: promoted.ad_id,
        ad_group_id: promoted.ad_group_id,
        campaign_id: promoted.campaign_id,
        ad_account_id: otherId,
        day: '2026-08-10',
        spend_micro: 3_000_000,
      })
      .execute();
    await runMonth('2026-08');
    const [invoice] = (await test.client.get<Invoice[]>(url('/billing/documents/', otherId), other))
      .data;
    expect(invoice).toMatchObject({ number: `CB-${otherId}-000001`, status: 'NO_PAYMENT_METHOD' });
    const pay = await write(
      'POST',
      url(`/billing/documents/${invoice?.id ?? ''}/pay/`, otherId),
      {},
      other,
    );
    expect(pay.status).toBe(409);
    expect(pay.code).toBe(CODES.BILLING_PAYMENT_METHOD_REQUIRED.code);
    // Another account's invoice is not found through this one.
    const cross = await test.client.get(url(`/billing/documents/${invoice?.id ?? ''}/pdf/`), owner);
    expect(cross.code).toBe(CODES.BILLING_INVOICE_NOT_FOUND.code);
  });

  it('carries an invoice under the minimum charge into the next one until the sum is charged', async () => {
    const small = await f.advertiser(test.client, {
      prefix: 'bill_small',
      businessName: 'Small Co',
    });
    const id = small.advertiserId;
    const who = small.owner;
    expect((await write('PUT', url('/billing/profile/', id), PROFILE, who)).status).toBe(200);
    expect(
      (await write('PUT', url('/billing/payment_method/', id), card('4242424242424242'), who))
        .status,
    ).toBe(200);
    const promoted = await small.promote('Tiny', 'https://maras.test/tiny');
    const spendOn = (day: string, micro: number) =>
      handle.db
        .insertInto('ad_daily_rollups')
        .values({
          ad_id: promoted.ad_id,
          ad_group_id: promoted.ad_group_id,
          campaign_id: promoted.campaign_id,
          ad_account_id: id,
          day,
          spend_micro: micro,
        })
        .execute();
    const invoices = async () =>
      (await test.client.get<Invoice[]>(url('/billing/documents/', id), who)).data;
    const charges = async () =>
      (await test.client.get<BillingCharge[]>(url('/billing/history/', id), who)).data;

    await spendOn('2026-05-10', 300_000);
    await runMonth('2026-05');
    const [may] = await invoices();
    expect(may).toMatchObject({
      amount_due_minor: 30,
      status: 'ISSUED',
      carried_into_number: null,
    });
    expect(await charges()).toHaveLength(0);

    // 0.30 + 0.15 is still under 0.50: carried on again, nothing charged.
    await spendOn('2026-06-10', 150_000);
    await runMonth('2026-06');
    const [june, mayAfter] = await invoices();
    expect(june).toMatchObject({
      amount_in_micro_currency: 450_000,
      carried_in_micro_currency: 300_000,
      status: 'ISSUED',
    });
    expect(mayAfter?.carried_into_number).toBe(june?.number);
    expect(await charges()).toHaveLength(0);

    await spendOn('2026-07-10', 1_000_000);
    await runMonth('2026-07');
    const [july, juneAfter] = await invoices();
    expect(july).toMatchObject({
      amount_in_micro_currency: 1_450_000,
      carried_in_micro_currency: 450_000,
      amount_due_minor: 145,
      status: 'PAID',
    });
    expect(juneAfter?.carried_into_number).toBe(july?.number);
    expect((await charges()).map((charge) => [charge.status, charge.amount_minor])).toEqual([
      ['SUCCEEDED', 145],
    ]);
    // The carried balance is a line of the PDF, and the lines add up to the total.
    const pdf = await test.app.inject({
      method: 'GET',
      url: url(`/billing/documents/${july?.id ?? ''}/pdf/`, id),
      headers: as(who),
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(INVOICE_CARRIED_IN_LINE);
    expect(text).toContain('1.45 USD');
    // A carried invoice is not payable on its own.
    const payMay = await write(
      'POST',
      url(`/billing/documents/${may?.id ?? ''}/pay/`, id),
      {},
      who,
    );
    expect(payMay.code).toBe(CODES.BILLING_INVOICE_NOT_PAYABLE.code);
  });
});

describe('order lines', () => {
  it('answers spend per campaign per day from the rollups, newest first, paged', async () => {
    const first = await test.client.get<OrderLine[]>(
      url('/billing/order_lines/?start_date=2026-10-01&end_date=2026-10-31&page_size=2'),
      owner,
    );
    expect(
      first.data.map((line) => [line.day, line.campaign_id, line.spend_in_micro_currency]),
    ).toEqual([
      ['2026-10-30', created.campaign_id, 4_999],
      ['2026-10-15', secondCampaign.campaign_id, 7_005_000],
    ]);
    expect(first.data.every((line) => line.campaign_name.length > 0)).toBe(true);
    expect(first.bookmark).toBeDefined();
    const second = await test.client.get<OrderLine[]>(
      url(
        `/billing/order_lines/?start_date=2026-10-01&end_date=2026-10-31&page_size=2&bookmark=${first.bookmark ?? ''}`,
      ),
      owner,
    );
    expect(second.data.map((line) => line.day)).toEqual(['2026-10-03']);
    expect(second.bookmark).toBeUndefined();
  });

  it('refuses a backwards range (REPORT_RANGE_INVALID) and a bad cursor (INVALID_BOOKMARK)', async () => {
    const backwards = await test.client.get(
      url('/billing/order_lines/?start_date=2026-10-31&end_date=2026-10-01'),
      owner,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.code).toBe(CODES.REPORT_RANGE_INVALID.code);
    const cursor = await test.client.get(url('/billing/order_lines/?bookmark=%%%'), owner);
    expect(cursor.status).toBe(400);
    expect(cursor.code).toBe(CODES.INVALID_BOOKMARK.code);
  });
});

describe('permissions', () => {
  type Expect = 'ok' | 'denied';
  const READERS: readonly BusinessPermission[] = ['OWNER', 'ADMIN', 'FINANCE_MANAGER'];
  const MANAGERS: readonly BusinessPermission[] = ['OWNER', 'FINANCE_MANAGER'];
  const STATUS: readonly BusinessPermission[] = [
    'OWNER',
    'ADMIN',
    'CAMPAIGN_MANAGER',
    'FINANCE_MANAGER',
  ];
  const ALL: readonly BusinessPermission[] = [
    'OWNER',
    'ADMIN',
    'CAMPAIGN_MANAGER',
    'ANALYST',
    'FINANCE_MANAGER',
    'AUDIENCE_MANAGER',
  ];

  function who(permission: BusinessPermission): UserFixture {
    const user = permission === 'OWNER' ? owner : members.get(permission);
    if (!user) throw new Error(permission);
    return user;
  }

  interface Endpoint {
    name: string;
    allowed: readonly BusinessPermission[];
    /** The status an allowed caller gets (writes are made to fail after the check, harmlessly). */
    okStatus: number;
    call(user: UserFixture | null): Promise<{ status: number; code: number }>;
  }

  const paidInvoiceId = async () =>
    (await documents()).find((invoice) => invoice.status === 'PAID')?.id ?? '0';
  const endpoints: Endpoint[] = [
    {
      name: 'GET billing',
      allowed: READERS,
      okStatus: 200,
      call: (u) => test.client.get(url('/billing/'), u),
    },
    {
      name: 'GET status',
      allowed: STATUS,
      okStatus: 200,
      call: (u) => test.client.get(url('/billing/status/'), u),
    },
    {
      name: 'GET history',
      allowed: READERS,
      okStatus: 200,
      call: (u) => test.client.get(url('/billing/history/'), u),
    },
    {
      name: 'GET order_lines',
      allowed: READERS,
      okStatus: 200,
      call: (u) => test.client.get(url('/billing/order_lines/'), u),
    },
    {
      name: 'GET documents',
      allowed: READERS,
      okStatus: 200,
      call: (u) => test.client.get(url('/billing/documents/'), u),
    },
    {
      name: 'GET document pdf',
      allowed: READERS,
      okStatus: 200,
      call: async (u) => {
        const response = await test.app.inject({
          method: 'GET',
          url: url(`/billing/documents/${await paidInvoiceId()}/pdf/`),
          headers: as(u),
        });
        return {
          status: response.statusCode,
          code:
            response.statusCode === 200
              ? 0
              : response.json<{ resource_response: { code: number } }>().resource_response.code,
        };
      },
    },
    {
      name: 'PUT profile',
      allowed: MANAGERS,
      okStatus: 200,
      call: (u) => test.client.send('PUT', url('/billing/profile/'), PROFILE, u),
    },
    // Declined at the processor: proves the permission check passed without changing the card.
    {
      name: 'PUT payment_method',
      allowed: MANAGERS,
      okStatus: 402,
      call: (u) => write('PUT', url('/billing/payment_method/'), card(TEST_CARD_DECLINED), u),
    },
    // Already paid: proves the check passed without charging.
    {
      name: 'POST pay',
      allowed: MANAGERS,
      okStatus: 409,
      call: async (u) =>
        write('POST', url(`/billing/documents/${await paidInvoiceId()}/pay/`), {}, u),
    },
  ];

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: ${endpoint.allowed.join(', ')} only; strangers see no ad account`, async () => {
      const table: Record<string, Expect | number> = {};
      const expected: Record<string, Expect | number> = {};
      for (const permission of ALL) {
        const answer = await endpoint.call(who(permission));
        const allowed = endpoint.allowed.includes(permission);
        table[permission] =
          answer.status === endpoint.okStatus
            ? 'ok'
            : answer.code === CODES.BUSINESS_PERMISSION_DENIED.code && answer.status === 403
              ? 'denied'
              : answer.status;
        expected[permission] = allowed ? 'ok' : 'denied';
      }
      expect(table).toEqual(expected);
      const outsider = await endpoint.call(stranger);
      expect(outsider.status).toBe(404);
      expect(outsider.code).toBe(CODES.ADVERTISER_NOT_FOUND.code);
      const anonymous = await endpoint.call(null);
      expect(anonymous.status).toBe(401);
    });
  }
});

describe('rate limit', () => {
  it('limits card set-ups per client address (card testing)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= BILLING_PAYMENT_RATE_LIMIT_MAX; i += 1) {
      const response = await test.app.inject({
        method: 'PUT',
        url: url('/billing/payment_method/'),
        payload: JSON.stringify(card(TEST_CARD_DECLINED)),
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/json', ...csrfHeaders(), ...as(owner) },
      });
      statuses.push(response.statusCode);
    }
    expect(
      statuses.slice(0, BILLING_PAYMENT_RATE_LIMIT_MAX).every((status) => status === 402),
    ).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('console history', () => {
  it('records billing changes with their actor, field names only', async () => {
    const answer = await test.client.get<HistoryEntry[]>(
      url('/history/?page_size=50'),
      members.get('ANALYST') ?? null,
    );
    const billing = answer.data.filter((entry) => entry.entity_type === 'BILLING');
    const actions = billing.map((entry) => entry.action);
    expect(actions).toContain('billing_profile_create');
    expect(actions).toContain('payment_method_add');
    expect(actions).toContain('payment_method_replace');
    expect(actions).toContain('charge_failed');
    expect(actions).toContain('charge_succeeded');
    const created = billing.find((entry) => entry.action === 'billing_profile_create');
    expect(created?.actor?.username).toBe('bill_owner');
    expect(JSON.stringify(created?.changes)).not.toContain('billing@reportco.test');
    const filtered = await test.client.get<HistoryEntry[]>(
      url('/history/?entity_type=BILLING'),
      owner,
    );
    expect(filtered.status).toBe(200);
    expect(filtered.data.every((entry) => entry.entity_type === 'BILLING')).toBe(true);
  });
});

/** The text shown by a pdf-lib document: its (inflated) content streams' hex strings, decoded. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      out.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return out.join('\n');
}
