// All SQL of ad delivery (docs/decisions/104): which ads may be served to a viewer now (one
// query), whether an event is new within its dedupe window, charging an ad group's budget under a
// row lock, and the per-day rollups reporting reads.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PREPARED_STATEMENT_MARKER } from '@corkboard/db/prepared';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import { AGE_BUCKETS } from '@corkboard/shared/business/targeting';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';

/** Run as a named prepared statement on PostgreSQL: planned once per connection (ADR 197). */
const PREPARED = sql.raw(PREPARED_STATEMENT_MARKER);

/** What one billable event costs, in SQL (the same rule as costPerEventMicro). */
const COST_SQL = sql<string>`(CASE g.billable_event WHEN 'CLICKTHROUGH' THEN g.bid_in_micro_currency
  ELSE greatest(1, round(g.bid_in_micro_currency / 1000.0))::bigint END)`;

export interface ServableAdRow {
  ad_id: string;
  ad_group_id: string;
  campaign_id: string;
  ad_account_id: string;
  pin_id: string;
  profile_id: string;
  profile_username: string;
  business_name: string;
  profile_avatar_variants: StoredVariants | null;
}

/** Who the viewer is for targeting (ADR 106); keywords only where the placement is a search. */
export interface ViewerTargeting {
  country: string;
  ageBucket: string | null;
  gender: string;
  interests: readonly string[];
  /**
   * The search as ' word word ' (lower-cased words, space-padded); null outside search, where
   * keywords narrow nothing.
   */
  searchPhrase: string | null;
  /**
   * SHA-256 of the viewer's normalised e-mail when it is verified (customer-list exclusions,
   * ADR 183); null otherwise, and then no customer list matches them.
   */
  emailSha256: string | null;
}

interface DeliveryRules {
  viewerId: string;
  now: Date;
  targeting: ViewerTargeting;
}

/** The number of age buckets: an ad group listing them all does not narrow by age. */
const ALL_AGE_BUCKETS = AGE_BUCKETS.length;

/**
 * The ad group's targeting spec against the viewer (ADR 106). An empty list narrows nothing;
 * every age bucket listed is the same as none (so people of unknown age see it); interests narrow
 * only without auto-targeting; keywords narrow search placements only.
 */
function targetingRules(t: ViewerTargeting): RawBuilder<boolean> {
  const spec = sql`g.targeting_spec`;
  const has = (key: string, value: string) =>
    sql`(${spec}->${key}) @> jsonb_build_array(${value}::text)`;
  const empty = (key: string) => sql`jsonb_array_length(${spec}->${key}) = 0`;
  const ages =
    t.ageBucket === null
      ? sql`(${empty('AGE_BUCKET')} OR jsonb_array_length(${spec}->'AGE_BUCKET') >= ${ALL_AGE_BUCKETS})`
      : sql`(${empty('AGE_BUCKET')} OR ${has('AGE_BUCKET', t.ageBucket)})`;
  const keywords =
    t.searchPhrase === null
      ? sql`true`
      : sql`(${empty('KEYWORD')} OR EXISTS (
          SELECT 1 FROM jsonb_array_elements_text(${spec}->'KEYWORD') k(word)
          WHERE position(' ' || lower(k.word) || ' ' IN ${t.searchPhrase}::text) > 0))`;
  return sql<boolean>`(${empty('LOCATION')} OR ${has('LOCATION', t.country)})
    AND ${ages}
    AND (${empty('GENDER')} OR ${has('GENDER', t.gender)})
    AND (g.auto_targeting_enabled OR ${empty('INTEREST')} OR EXISTS (
      SELECT 1 FROM jsonb_array_elements_text(${spec}->'INTEREST') i(id)
      WHERE ${JSON.stringify(t.interests)}::jsonb @> jsonb_build_array(i.id)))
    AND ${keywords}`;
}

export interface ViewerProfileRow {
  country: string | null;
  email: string | null;
  email_verified: boolean;
  birthday: string | null;
  gender: string | null;
  /** Names and descriptions of the viewer's latest boards, lower-cased, space-joined. */
  board_text: string | null;
}

/** Not in the spec: how many of a viewer's boards (latest first) their interests are read from. */
export const INTEREST_BOARDS_MAX = 100;

export async function findViewerProfile(
  db: Kysely<Database>,
  viewerId: string,
): Promise<ViewerProfileRow | undefined> {
  const result = await sql<ViewerProfileRow>`${PREPARED}
    SELECT u.country, u.email, u.email_verified, u.birthday::text AS birthday, u.gender,
      (SELECT string_agg(lower(b.name || ' ' || coalesce(b.description, '')), ' ')
         FROM (SELECT name, description FROM boards WHERE owner_id = u.id
               ORDER BY created_at DESC LIMIT ${INTEREST_BOARDS_MAX}) b) AS board_text
    FROM users u WHERE u.id = ${viewerId}`.execute(db);
  return result.rows[0];
}

/**
 * The rules every served ad meets: approved; ad, ad group, campaign and ad account active; within
 * the ad group's schedule; the pin on a public board; not the viewer's own business (its profile
 * or a member of it); not hidden by the viewer; the viewer within the ad group's targeting.
 */
function servableRules({ viewerId, now, targeting }: DeliveryRules): RawBuilder<boolean> {
  return sql<boolean>`a.review_status = 'APPROVED' AND a.status = 'ACTIVE'
    AND g.status = 'ACTIVE' AND c.status = 'ACTIVE' AND acc.status = 'ACTIVE'
    AND g.start_time <= ${now} AND (g.end_time IS NULL OR g.end_time > ${now})
    AND b.privacy = 'public'
    AND acc.profile_id <> ${viewerId}
    AND NOT EXISTS (SELECT 1 FROM business_members m
                    WHERE m.profile_id = acc.profile_id AND m.user_id = ${viewerId})
    AND NOT EXISTS (SELECT 1 FROM ad_hides h WHERE h.user_id = ${viewerId} AND h.ad_id = a.id)
    AND ${targetingRules(targeting)}
    AND NOT ${excludedRule(viewerId, targeting.emailSha256)}`;
}

/**
 * Whether the viewer is in one of the ad group's excluded audiences (targeting_spec
 * AUDIENCE_EXCLUDE, ADR 183): a customer list holding the hash of their verified e-mail, or an
 * engagement audience when they saved one of the business's pins. Only the ad account's own
 * audiences count (an id of another account's audience excludes nobody). "The business's pins"
 * are the business profile's own and every pin one of its ads promotes.
 */
function excludedRule(viewerId: string, emailSha256: string | null): RawBuilder<boolean> {
  const listMatch =
    emailSha256 === null
      ? sql`false`
      : sql`EXISTS (SELECT 1 FROM ad_audience_members am
                    WHERE am.audience_id = au.id AND am.email_sha256 = ${emailSha256})`;
  return sql<boolean>`EXISTS (
    SELECT 1 FROM jsonb_array_elements_text(coalesce(g.targeting_spec->'AUDIENCE_EXCLUDE', '[]'::jsonb)) x(id)
    JOIN ad_audiences au ON au.id = x.id::bigint AND au.ad_account_id = acc.id
    WHERE (au.audience_type = 'CUSTOMER_LIST' AND ${listMatch})
       OR (au.audience_type = 'ENGAGEMENT' AND EXISTS (
             SELECT 1 FROM pins vp JOIN pins src ON src.id = vp.repin_of_id
             WHERE vp.pinner_id = ${viewerId}
               AND (src.pinner_id = acc.profile_id
                    OR EXISTS (SELECT 1 FROM ads pa
                               WHERE pa.pin_id = src.id AND pa.ad_account_id = acc.id)))))`;
}

/**
 * Of these ads, those whose ad group excludes the viewer through one of its audiences
 * (excludedRule): the live-ad set's serving path asks only for ads that name excluded audiences
 * and pass every other rule (ADR 203).
 */
export async function findExcludedAdIds(
  db: Kysely<Database>,
  viewerId: string,
  emailSha256: string | null,
  adIds: readonly string[],
): Promise<string[]> {
  if (adIds.length === 0) return [];
  const result = await sql<{ ad_id: string }>`
    SELECT a.id::text AS ad_id
    FROM ads a
    JOIN ad_groups g ON g.id = a.ad_group_id
    JOIN ad_accounts acc ON acc.id = a.ad_account_id
    WHERE a.id = any(${sql.val([...adIds])}::bigint[])
      AND ${excludedRule(viewerId, emailSha256)}`.execute(db);
  return result.rows.map((row) => row.ad_id);
}

const SERVABLE_COLUMNS = sql`a.id AS ad_id, a.ad_group_id, a.campaign_id, a.ad_account_id, a.pin_id,
  acc.profile_id, pu.username AS profile_username, bp.business_name,
  pa.variants AS profile_avatar_variants`;

const SERVABLE_FROM = sql`ads a
  JOIN ad_groups g ON g.id = a.ad_group_id
  JOIN ad_campaigns c ON c.id = a.campaign_id
  JOIN ad_accounts acc ON acc.id = a.ad_account_id
  JOIN business_profiles bp ON bp.user_id = acc.profile_id
  JOIN users pu ON pu.id = acc.profile_id
  LEFT JOIN images pa ON pa.id = pu.avatar_image_id
  JOIN pins p ON p.id = a.pin_id
  JOIN boards b ON b.id = p.board_id`;

export interface PacingInput {
  /** How far through its UTC day `now` is, 0–1. */
  dayFraction: number;
  /** How far ahead of the even line an ad group may spend, as a fraction of its budget. */
  leadFraction: number;
}

/**
 * Even pacing (docs/decisions/108): an ad group is served only while its spend plus one more
 * event stays on or under the even line — the budget times the share of the day (DAILY) or of the
 * schedule (LIFETIME with an end) gone by, plus the lead — or while it has spent nothing yet in
 * that period (the pace never holds back the first event). ACCELERATED groups are not paced, and
 * a LIFETIME budget without an end has no line to follow: only the cap applies. Charging is not
 * paced (an event of an ad already shown is charged up to the cap); serving is.
 */
function pacingRule({
  dayFraction,
  leadFraction,
  now,
}: PacingInput & { now: Date }): RawBuilder<boolean> {
  return sql<boolean>`(CASE
      WHEN g.pacing_delivery_type = 'ACCELERATED' THEN true
      WHEN g.budget_type = 'DAILY' THEN
        coalesce(sd.spent_micro, 0) = 0
        OR coalesce(sd.spent_micro, 0) + ${COST_SQL}
           <= g.budget_in_micro_currency * least(1.0, ${dayFraction}::float8 + ${leadFraction}::float8)
      WHEN g.end_time IS NULL OR g.end_time <= g.start_time THEN true
      ELSE
        g.spent_micro = 0
        OR g.spent_micro + ${COST_SQL} <= g.budget_in_micro_currency * least(1.0,
             extract(epoch FROM (${now}::timestamptz - g.start_time))
               / extract(epoch FROM (g.end_time - g.start_time)) + ${leadFraction}::float8)
    END)`;
}

/**
 * Whether any ad is live at all: approved and active, with its ad group, campaign and ad account
 * active — the status part of the serving rules, so a paused campaign's ads do not count. The
 * servable-ads query joins ten tables, and planning it costs far more than running it (36 ms
 * against 0.3 ms measured with no ads, docs/performance.md); a deployment with no live ads skips
 * it. The feed keeps this answer in the page cache until the next write (ADR 197).
 */
export async function anyLiveAd(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('ads as a')
    .innerJoin('ad_groups as g', 'g.id', 'a.ad_group_id')
    .innerJoin('ad_campaigns as c', 'c.id', 'a.campaign_id')
    .innerJoin('ad_accounts as acc', 'acc.id', 'a.ad_account_id')
    .select('a.id')
    .where('a.review_status', '=', 'APPROVED')
    .where('a.status', '=', 'ACTIVE')
    .where('g.status', '=', 'ACTIVE')
    .where('c.status', '=', 'ACTIVE')
    .where('acc.status', '=', 'ACTIVE')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ads to place for one viewer, best bid first: the delivery rules, budget left for one more
 * billable event (today's spend for DAILY budgets, the lifetime spend for LIFETIME ones), and
 * under the viewer's frequency cap today. One query; it starts from the partial index
 * `ads_servable_idx` and probes the spend and viewer-day primary keys.
 */
export async function findServableAds(
  db: Kysely<Database>,
  query: DeliveryRules &
    PacingInput & {
      viewerKey: string;
      day: string;
      frequencyCap: number;
      limit: number;
    },
): Promise<ServableAdRow[]> {
  // One ad per pin: DISTINCT ON keeps the best-bid ad of each promoted pin. Prepared: planning
  // this query cost 10–50 times running it (ADR 197).
  const result = await sql<ServableAdRow>`${PREPARED}
    SELECT * FROM (
      SELECT DISTINCT ON (a.pin_id) ${SERVABLE_COLUMNS}, g.bid_in_micro_currency AS bid
      FROM ${SERVABLE_FROM}
      LEFT JOIN ad_group_spend_days sd ON sd.ad_group_id = g.id AND sd.day = ${query.day}
      WHERE ${servableRules(query)}
        AND (CASE g.budget_type WHEN 'DAILY' THEN coalesce(sd.spent_micro, 0) ELSE g.spent_micro END)
            + ${COST_SQL} <= g.budget_in_micro_currency
        AND ${pacingRule(query)}
        AND NOT EXISTS (SELECT 1 FROM ad_viewer_days v
                        WHERE v.viewer_key = ${query.viewerKey} AND v.day = ${query.day}
                          AND v.ad_id = a.id AND v.impressions >= ${query.frequencyCap})
      ORDER BY a.pin_id, g.bid_in_micro_currency DESC, a.id
    ) best
    ORDER BY best.bid DESC, best.ad_id
    LIMIT ${query.limit}`.execute(db);
  return result.rows;
}

/**
 * The list rows of the promoted pins a page places (any order). Prepared, with the ids as one
 * array parameter: the seven-table pin-list join costs more to plan than to run (ADR 197).
 */
export async function listPromotedPinRows(
  db: Kysely<Database>,
  pinIds: readonly string[],
): Promise<PinListRow[]> {
  if (pinIds.length === 0) return [];
  return pinListQuery(db)
    .modifyFront(PREPARED)
    .where('p.id', '=', sql<string>`any(${sql.val([...pinIds])}::bigint[])`)
    .execute();
}

/** One ad if the delivery rules still allow showing it to this viewer (budget aside). */
export async function findDeliverableAd(
  db: Kysely<Database>,
  adId: string,
  rules: DeliveryRules,
): Promise<ServableAdRow | undefined> {
  const result = await sql<ServableAdRow>`
    SELECT ${SERVABLE_COLUMNS} FROM ${SERVABLE_FROM}
    WHERE a.id = ${adId} AND ${servableRules(rules)}`.execute(db);
  return result.rows[0];
}

export type ViewerDayCounter =
  | 'impressions'
  | 'clicks'
  | 'saves'
  | 'earned_impressions'
  | 'earned_closeups'
  | 'earned_outbound_clicks';

const LAST_AT: Readonly<Record<ViewerDayCounter, string>> = {
  impressions: 'last_impression_at',
  clicks: 'last_click_at',
  saves: 'last_save_at',
  earned_impressions: 'last_earned_impression_at',
  earned_closeups: 'last_earned_closeup_at',
  earned_outbound_clicks: 'last_earned_outbound_click_at',
};

/**
 * Counts an event (impression, click, save, earned impression, closeup or outbound click) of one
 * viewer on one ad today unless the last one of that counter falls within the dedupe window;
 * answers whether it counted. Atomic: the upsert takes the row lock.
 */
export async function countViewerEvent(
  trx: Kysely<Database>,
  event: {
    viewerKey: string;
    day: string;
    adId: string;
    counter: ViewerDayCounter;
    now: Date;
    windowStart: Date;
  },
): Promise<boolean> {
  const count = sql.ref(event.counter);
  const last = sql.ref(LAST_AT[event.counter]);
  const existing = sql.ref(`ad_viewer_days.${LAST_AT[event.counter]}`);
  const existingCount = sql.ref(`ad_viewer_days.${event.counter}`);
  const result = await sql<{ ad_id: string }>`
    INSERT INTO ad_viewer_days (viewer_key, day, ad_id, ${count}, ${last})
    VALUES (${event.viewerKey}, ${event.day}, ${event.adId}, 1, ${event.now})
    ON CONFLICT (viewer_key, day, ad_id) DO UPDATE
      SET ${count} = ${existingCount} + 1, ${last} = EXCLUDED.${last}
      WHERE ${existing} IS NULL OR ${existing} <= ${event.windowStart}
    RETURNING ad_id`.execute(trx);
  return result.rows.length > 0;
}

/**
 * Charges one billable event to an ad group if its budget still covers it; answers the cost (0
 * when it does not). The ad group row is locked first, so concurrent charges queue and each reads
 * the spend the one before it committed: spend never passes the budget.
 */
export async function chargeAdGroup(
  trx: Kysely<Database>,
  adGroupId: string,
  day: string,
): Promise<number> {
  const group = await sql<{
    budget_type: 'DAILY' | 'LIFETIME';
    budget: string;
    spent: string;
    cost: string;
  }>`
    SELECT g.budget_type, g.budget_in_micro_currency AS budget, g.spent_micro AS spent,
      ${COST_SQL} AS cost
    FROM ad_groups g WHERE g.id = ${adGroupId} FOR UPDATE`.execute(trx);
  const row = group.rows[0];
  if (!row) return 0;
  const today = await trx
    .selectFrom('ad_group_spend_days')
    .select('spent_micro')
    .where('ad_group_id', '=', adGroupId)
    .where('day', '=', day)
    .executeTakeFirst();
  const cost = BigInt(row.cost);
  const spent = row.budget_type === 'DAILY' ? BigInt(today?.spent_micro ?? 0) : BigInt(row.spent);
  if (spent + cost > BigInt(row.budget)) return 0;
  await trx
    .insertInto('ad_group_spend_days')
    .values({ ad_group_id: adGroupId, day, spent_micro: cost })
    .onConflict((oc) =>
      oc.columns(['ad_group_id', 'day']).doUpdateSet({
        spent_micro: sql`ad_group_spend_days.spent_micro + excluded.spent_micro`,
      }),
    )
    .execute();
  await trx
    .updateTable('ad_groups')
    .set({ spent_micro: sql`spent_micro + ${cost}` })
    .where('id', '=', adGroupId)
    .execute();
  return Number(cost);
}

export type RollupCounter =
  | 'paid_impressions'
  | 'paid_closeups'
  | 'paid_outbound_clicks'
  | 'paid_saves'
  | 'earned_impressions'
  | 'earned_closeups'
  | 'earned_outbound_clicks'
  | 'earned_saves';

/** Adds one event (and what it cost) to the ad's row of the day. */
export async function addToRollup(
  trx: Kysely<Database>,
  event: {
    ad: Pick<ServableAdRow, 'ad_id' | 'ad_group_id' | 'campaign_id' | 'ad_account_id'>;
    day: string;
    counter: RollupCounter;
    costMicro: number;
  },
): Promise<void> {
  const counter = sql.ref(event.counter);
  const existing = sql.ref(`ad_daily_rollups.${event.counter}`);
  await sql`
    INSERT INTO ad_daily_rollups
      (ad_id, day, ad_group_id, campaign_id, ad_account_id, spend_micro, ${counter})
    VALUES (${event.ad.ad_id}, ${event.day}, ${event.ad.ad_group_id}, ${event.ad.campaign_id},
      ${event.ad.ad_account_id}, ${event.costMicro}, 1)
    ON CONFLICT (ad_id, day) DO UPDATE
      SET spend_micro = ad_daily_rollups.spend_micro + EXCLUDED.spend_micro,
          ${counter} = ${existing} + 1`.execute(trx);
}

/** Viewer-day rows older than `before` (past every dedupe window and cap). */
export async function purgeViewerDays(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom('ad_viewer_days').where('day', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface CampaignDayRow {
  day: string;
  spend_micro: string;
  impressions: string;
  clicks: string;
  paid_impressions: string;
  paid_clicks: string;
}

/** A campaign's rollups summed per day in [from, to], newest first, a page of days. */
export async function campaignDays(
  db: Kysely<Database>,
  campaignId: string,
  from: string,
  to: string,
  offset: number,
  limit: number,
): Promise<CampaignDayRow[]> {
  const result = await sql<CampaignDayRow>`
    SELECT to_char(r.day, 'YYYY-MM-DD') AS day, sum(r.spend_micro) AS spend_micro,
      sum(r.paid_impressions + r.earned_impressions) AS impressions,
      sum(r.paid_closeups + r.earned_closeups + r.paid_outbound_clicks + r.earned_outbound_clicks)
        AS clicks,
      sum(r.paid_impressions) AS paid_impressions,
      sum(r.paid_closeups + r.paid_outbound_clicks) AS paid_clicks
    FROM ad_daily_rollups r
    WHERE r.campaign_id = ${campaignId} AND r.day >= ${from} AND r.day <= ${to}
    GROUP BY r.day
    ORDER BY r.day DESC
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return result.rows;
}

/** Hides (or unhides) an ad from one person; answers false when there is no such ad. */
export async function setAdHidden(
  db: Kysely<Database>,
  userId: string,
  adId: string,
  hidden: boolean,
): Promise<boolean> {
  const ad = await db.selectFrom('ads').select('id').where('id', '=', adId).executeTakeFirst();
  if (!ad) return false;
  if (hidden) {
    await db
      .insertInto('ad_hides')
      .values({ ad_id: adId, user_id: userId })
      .onConflict((conflict) => conflict.columns(['user_id', 'ad_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('ad_hides')
      .where('user_id', '=', userId)
      .where('ad_id', '=', adId)
      .execute();
  }
  return true;
}

/**
 * A running ad (ADR 184): approved; ad, ad group, campaign and ad account active; within the
 * schedule; not the viewer's own business. Budget, pacing, caps and targeting do not matter to
 * earned engagement, which nobody pays for.
 */
function runningRules(viewerId: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`a.review_status = 'APPROVED' AND a.status = 'ACTIVE'
    AND g.status = 'ACTIVE' AND c.status = 'ACTIVE' AND acc.status = 'ACTIVE'
    AND g.start_time <= ${now} AND (g.end_time IS NULL OR g.end_time > ${now})
    AND acc.profile_id <> ${viewerId}
    AND NOT EXISTS (SELECT 1 FROM business_members m
                    WHERE m.profile_id = acc.profile_id AND m.user_id = ${viewerId})`;
}

const RUNNING_FROM = sql`ads a
  JOIN ad_groups g ON g.id = a.ad_group_id
  JOIN ad_campaigns c ON c.id = a.campaign_id
  JOIN ad_accounts acc ON acc.id = a.ad_account_id`;

export interface EarnedAdRow {
  pin_id: string;
  ad_id: string;
  ad_group_id: string;
  campaign_id: string;
  ad_account_id: string;
}

/**
 * For the pins of a page: the running ad each is earned engagement for — the ad's own pin, or a
 * save of it recorded in ad_earned_pins. One query; the oldest ad wins when several promote it.
 */
export async function findEarnedAds(
  db: Kysely<Database>,
  pinIds: readonly string[],
  viewerId: string,
  now: Date,
): Promise<EarnedAdRow[]> {
  if (pinIds.length === 0) return [];
  // One array parameter rather than a list, so every page length is the same prepared statement.
  const ids = sql`SELECT unnest(${sql.val([...pinIds])}::bigint[])`;
  const result = await sql<EarnedAdRow>`${PREPARED}
    SELECT DISTINCT ON (src.pin_id) src.pin_id::text AS pin_id, a.id AS ad_id, a.ad_group_id,
      a.campaign_id, a.ad_account_id
    FROM (SELECT a0.pin_id, a0.id AS ad_id FROM ads a0 WHERE a0.pin_id IN (${ids})
          UNION ALL
          SELECT e.pin_id, e.ad_id FROM ad_earned_pins e WHERE e.pin_id IN (${ids})) src
    JOIN ${RUNNING_FROM} ON a.id = src.ad_id
    WHERE ${runningRules(viewerId, now)}
    ORDER BY src.pin_id, a.id`.execute(db);
  return result.rows;
}

/** Adds a save of a promoted pin (or of an earned save) to the ad's earned pins. */
export async function insertEarnedPin(
  trx: Kysely<Database>,
  pinId: string,
  adId: string,
): Promise<void> {
  await trx
    .insertInto('ad_earned_pins')
    .values({ pin_id: pinId, ad_id: adId })
    .onConflict((oc) => oc.column('pin_id').doNothing())
    .execute();
}
