// Last month's advertising of a demo business, written into a journey server's data dir before
// the server starts (useJourneyServer's `prepare`). A monthly invoice is only ever issued for a
// month that has ended (docs/decisions/173), and a journey's own ad delivery happens today: so
// the billing journey needs a month of delivery behind it. The rows are the ones delivery would
// have left (a campaign, its ad group and ad, a day's rollup with its spend); the invoice is then
// issued and charged by billing's own month-end run (runMonthlyInvoicing) on the local test
// processor, exactly as the scheduled job does it — nothing about the invoice is made up here.
import { pino } from 'pino';
import {
  previousMonthStart,
  runMonthlyInvoicing,
} from '@corkboard/api/modules/billing/billing.service';
import { createLocalProcessor } from '@corkboard/api/modules/billing/local-processor';
import { createDb } from '@corkboard/db/create-db';
import type { BusinessPermission } from '@corkboard/shared/business/permissions';

/** The demo person whose account is a business with a month of advertising behind it. */
export const BILLED_BUSINESS = {
  owner: 'ben_woodworks',
  name: "Ben's Woodworks",
  legalName: "Ben's Woodworks LLC",
  email: 'accounts@bens-woodworks.test',
  campaign: 'Walnut boards',
  /** Recorded spend of last month: 12.34 USD, one campaign, one day. */
  spendMicro: 12_340_000,
  spendText: '$12.34',
  card: { number: '4242424242424242', exp_month: 12, cvc: '123' },
} as const;

/** Demo people with access to the business, and what they hold (docs/decisions/100). */
export const BILLED_BUSINESS_MEMBERS: Readonly<Record<string, BusinessPermission>> = {
  gus_grows: 'FINANCE_MANAGER',
  tomas_travels: 'ANALYST',
};

export interface BilledBusiness {
  advertiserId: string;
  /** 'YYYY-MM' of the invoiced month. */
  month: string;
}

async function userId(
  db: Awaited<ReturnType<typeof createDb>>['db'],
  username: string,
): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes BILLED_BUSINESS.owner a business account (a profile and a USD ad account, as
 * /business/convert/ leaves them) with the members above, a billing profile and a card at the
 * test processor, last month's delivery of one paused campaign (never served again, never in
 * the review queue), and last month's invoice, issued and paid.
 */
export async function prepareBilledBusiness(dataDir: string): Promise<BilledBusiness> {
  const handle = await createDb({ dataDir });
  try {
    const { db } = handle;
    const ownerId = await userId(db, BILLED_BUSINESS.owner);
    await db
      .updateTable('users')
      .set({ account_type: 'business' })
      .where('id', '=', ownerId)
      .execute();
    await db
      .insertInto('business_profiles')
      .values({
        user_id: ownerId,
        business_name: BILLED_BUSINESS.name,
        website_url: null,
        country: 'US',
        language: 'en',
        advertising_intent: 'products',
        created_by_id: ownerId,
      })
      .execute();
    const { id: advertiserId } = await db
      .insertInto('ad_accounts')
      .values({ profile_id: ownerId, name: BILLED_BUSINESS.name, country: 'US', currency: 'USD' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [username, permission] of Object.entries(BILLED_BUSINESS_MEMBERS)) {
      await db
        .insertInto('business_members')
        .values({
          profile_id: ownerId,
          user_id: await userId(db, username),
          permissions: [permission],
          invited_by_id: ownerId,
        })
        .execute();
    }

    const processor = createLocalProcessor();
    const customerId = await processor.saveCustomer(
      { advertiserId, name: BILLED_BUSINESS.legalName, email: BILLED_BUSINESS.email },
      null,
    );
    const card = await processor.setUpCard(customerId, {
      ...BILLED_BUSINESS.card,
      exp_year: new Date().getUTCFullYear() + 2,
    });
    await db
      .insertInto('ad_billing_profiles')
      .values({
        ad_account_id: advertiserId,
        legal_name: BILLED_BUSINESS.legalName,
        billing_email: BILLED_BUSINESS.email,
        address_line1: '12 Mill Lane',
        address_line2: null,
        city: 'Portland',
        region: 'OR',
        postal_code: '97201',
        country: 'US',
        tax_id: null,
        provider_customer_id: customerId,
        payment_method_id: card.paymentMethodId,
        card_brand: card.brand,
        card_last4: card.last4,
        card_exp_month: card.expMonth,
        card_exp_year: card.expYear,
      })
      .execute();

    const monthStart = previousMonthStart(new Date());
    const day = `${monthStart.slice(0, 8)}10`;
    const pin = await db
      .selectFrom('pins')
      .select('id')
      .where('pinner_id', '=', ownerId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const campaign = await db
      .insertInto('ad_campaigns')
      .values({
        ad_account_id: advertiserId,
        name: BILLED_BUSINESS.campaign,
        objective_type: 'CONSIDERATION',
        status: 'PAUSED',
        ads_client_type: 'console',
        created_by_id: ownerId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await db
      .insertInto('ad_groups')
      .values({
        campaign_id: campaign.id,
        ad_account_id: advertiserId,
        name: 'Makers in the US',
        budget_type: 'DAILY',
        budget_in_micro_currency: 20_000_000,
        bid_in_micro_currency: 500_000,
        billable_event: 'CLICKTHROUGH',
        targeting_spec: JSON.stringify({
          LOCATION: ['US'],
          AGE_BUCKET: [],
          GENDER: [],
          INTEREST: [],
          KEYWORD: [],
          AUDIENCE_EXCLUDE: [],
        }),
        start_time: new Date(`${monthStart}T00:00:00Z`),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ad = await db
      .insertInto('ads')
      .values({
        ad_group_id: group.id,
        campaign_id: campaign.id,
        ad_account_id: advertiserId,
        pin_id: pin.id,
        name: BILLED_BUSINESS.campaign,
        destination_url: 'https://bens-woodworks.test/boards',
        review_status: 'APPROVED',
        reviewed_at: new Date(`${monthStart}T00:00:00Z`),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('ad_daily_rollups')
      .values({
        ad_id: ad.id,
        ad_group_id: group.id,
        campaign_id: campaign.id,
        ad_account_id: advertiserId,
        day,
        spend_micro: BILLED_BUSINESS.spendMicro,
        paid_impressions: 400,
        paid_outbound_clicks: 25,
      })
      .execute();

    const run = await runMonthlyInvoicing(
      { db, now: () => new Date(), log: pino({ level: 'silent' }) },
      processor,
      monthStart,
    );
    if (run.issued !== 1 || run.charged !== 1) {
      throw new Error(`last month's invoicing issued ${run.issued}, charged ${run.charged}`);
    }
    return { advertiserId, month: monthStart.slice(0, 7) };
  } finally {
    await handle.close();
  }
}
