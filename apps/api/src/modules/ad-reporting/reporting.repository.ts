// All SQL of the console's overview, reporting tables, column preferences and change history
// (docs/decisions/151–153). Reporting reads only the per-ad daily rollups (ADR 104); queries take
// `db | trx` first and answer sums as strings (bigint), which the service turns into numbers.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AdEntityStatus, AdObjectiveType, Database } from '@corkboard/db/schema';
import type { ReportGranularity, ReportLevel } from '@corkboard/shared/business/reporting';

/**
 * The sums every report row and day carries: the rollup columns as they are; every total, click
 * sum and rate is derived from them (metricsOf).
 */
export interface MetricSums {
  spend_micro: string;
  paid_impressions: string;
  earned_impressions: string;
  paid_closeups: string;
  earned_closeups: string;
  paid_outbound_clicks: string;
  earned_outbound_clicks: string;
  paid_saves: string;
  earned_saves: string;
}

const METRIC_SUMS = sql`coalesce(sum(r.spend_micro), 0) AS spend_micro,
  coalesce(sum(r.paid_impressions), 0) AS paid_impressions,
  coalesce(sum(r.earned_impressions), 0) AS earned_impressions,
  coalesce(sum(r.paid_closeups), 0) AS paid_closeups,
  coalesce(sum(r.earned_closeups), 0) AS earned_closeups,
  coalesce(sum(r.paid_outbound_clicks), 0) AS paid_outbound_clicks,
  coalesce(sum(r.earned_outbound_clicks), 0) AS earned_outbound_clicks,
  coalesce(sum(r.paid_saves), 0) AS paid_saves,
  coalesce(sum(r.earned_saves), 0) AS earned_saves`;

export interface OverviewDayRow extends MetricSums {
  day: string;
}

/**
 * An ad account's (or one of its campaigns') rollups summed per UTC day in [from, to] (days with
 * delivery only).
 */
export async function overviewDays(
  db: Kysely<Database>,
  adAccountId: string,
  campaignId: string | undefined,
  from: string,
  to: string,
): Promise<OverviewDayRow[]> {
  const campaign = campaignId === undefined ? sql`` : sql`AND r.campaign_id = ${campaignId}`;
  const result = await sql<OverviewDayRow>`
    SELECT to_char(r.day, 'YYYY-MM-DD') AS day, ${METRIC_SUMS}
    FROM ad_daily_rollups r
    WHERE r.ad_account_id = ${adAccountId} AND r.day >= ${from} AND r.day <= ${to} ${campaign}
    GROUP BY r.day
    ORDER BY r.day`.execute(db);
  return result.rows;
}

export interface ReportRowSums extends MetricSums {
  id: string;
  name: string;
  status: AdEntityStatus;
  objective_type: AdObjectiveType;
  campaign_id: string;
  campaign_name: string;
  ad_group_id: string | null;
  ad_group_name: string | null;
  day: string | null;
}

export interface ReportQuery {
  adAccountId: string;
  level: ReportLevel;
  granularity: ReportGranularity;
  from: string;
  to: string;
  campaignId: string | undefined;
  objective: AdObjectiveType | undefined;
}

/**
 * Per level: the entity, its columns and how its rollups join. Fixed SQL only (never input), so
 * the raw fragments are safe.
 */
const LEVELS: Record<
  ReportLevel,
  { from: RawBuilder<unknown>; columns: RawBuilder<unknown>; id: string; rollupKey: string }
> = {
  campaigns: {
    from: sql`ad_campaigns c`,
    columns: sql`c.id, c.name, c.status, c.objective_type, c.id AS campaign_id,
      c.name AS campaign_name, NULL::text AS ad_group_id, NULL::text AS ad_group_name`,
    id: 'c.id',
    rollupKey: 'r.campaign_id',
  },
  adgroups: {
    from: sql`ad_groups g JOIN ad_campaigns c ON c.id = g.campaign_id`,
    columns: sql`g.id, g.name, g.status, c.objective_type, c.id AS campaign_id,
      c.name AS campaign_name, g.id::text AS ad_group_id, g.name AS ad_group_name`,
    id: 'g.id',
    rollupKey: 'r.ad_group_id',
  },
  ads: {
    from: sql`ads a JOIN ad_groups g ON g.id = a.ad_group_id JOIN ad_campaigns c ON c.id = a.campaign_id`,
    columns: sql`a.id, a.name, a.status, c.objective_type, c.id AS campaign_id,
      c.name AS campaign_name, g.id::text AS ad_group_id, g.name AS ad_group_name`,
    id: 'a.id',
    rollupKey: 'r.ad_id',
  },
};

/**
 * The report's rows as one SQL statement (no ORDER/LIMIT): TOTAL keeps every entity of the
 * account (zeros without delivery); DAY one row per entity and day with delivery.
 */
function reportSelect(query: ReportQuery): RawBuilder<ReportRowSums> {
  const level = LEVELS[query.level];
  const id = sql.raw(level.id);
  const key = sql.raw(level.rollupKey);
  const byDay = query.granularity === 'DAY';
  const filters = [sql`c.ad_account_id = ${query.adAccountId}`];
  if (query.campaignId !== undefined) filters.push(sql`c.id = ${query.campaignId}`);
  if (query.objective !== undefined) filters.push(sql`c.objective_type = ${query.objective}`);
  const where = sql.join(filters, sql` AND `);
  return sql<ReportRowSums>`
    SELECT ${level.columns},
      ${byDay ? sql`to_char(r.day, 'YYYY-MM-DD')` : sql`NULL::text`} AS day,
      ${METRIC_SUMS}
    FROM ${level.from}
    ${byDay ? sql`JOIN` : sql`LEFT JOIN`} ad_daily_rollups r
      ON ${key} = ${id} AND r.day >= ${query.from} AND r.day <= ${query.to}
    WHERE ${where}
    GROUP BY ${id}, c.id${level.id === 'c.id' ? sql`` : sql`, g.id`}${byDay ? sql`, r.day` : sql``}`;
}

/** One page of report rows: newest entity first (and newest day first within DAY reports). */
export async function reportRows(
  db: Kysely<Database>,
  query: ReportQuery,
  offset: number,
  limit: number,
): Promise<ReportRowSums[]> {
  const order =
    query.granularity === 'DAY' ? sql`ORDER BY day DESC, id DESC` : sql`ORDER BY id DESC`;
  const result = await sql<ReportRowSums>`
    SELECT * FROM (${reportSelect(query)}) report
    ${order}
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return result.rows;
}

/** How many rows the whole report has (the export refuses past its cap before streaming). */
export async function countReportRows(db: Kysely<Database>, query: ReportQuery): Promise<number> {
  const result = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (${reportSelect(query)}) report`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export async function campaignInAccount(
  db: Kysely<Database>,
  adAccountId: string,
  campaignId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('ad_campaigns')
    .select('id')
    .where('id', '=', campaignId)
    .where('ad_account_id', '=', adAccountId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- column preferences (per ad account and person) -------------------------------------------

export async function findPreferences(
  db: Kysely<Database>,
  adAccountId: string,
  userId: string,
): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('ad_reporting_preferences')
    .select('columns')
    .where('ad_account_id', '=', adAccountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.columns;
}

export async function savePreferences(
  db: Kysely<Database>,
  adAccountId: string,
  userId: string,
  columns: readonly string[],
  now: Date,
): Promise<void> {
  await db
    .insertInto('ad_reporting_preferences')
    .values({ ad_account_id: adAccountId, user_id: userId, columns: [...columns], updated_at: now })
    .onConflict((conflict) =>
      conflict
        .columns(['ad_account_id', 'user_id'])
        .doUpdateSet({ columns: [...columns], updated_at: now }),
    )
    .execute();
}

// ---- change history ---------------------------------------------------------------------------

export interface HistoryRow {
  id: string;
  entity_type: string;
  entity_id: string;
  action: string;
  changes: Record<string, unknown>;
  created_at: Date;
  actor_id: string | null;
  actor_username: string | null;
  actor_full_name: string | null;
  entity_name: string | null;
}

/** An ad account's changes, newest first, `limit` rows with an id below `beforeId`. */
export async function listHistory(
  db: Kysely<Database>,
  adAccountId: string,
  filter: { entityType: string | undefined; beforeId: string | undefined },
  limit: number,
): Promise<HistoryRow[]> {
  const filters = [sql`h.ad_account_id = ${adAccountId}`];
  if (filter.entityType !== undefined) filters.push(sql`h.entity_type = ${filter.entityType}`);
  if (filter.beforeId !== undefined) filters.push(sql`h.id < ${filter.beforeId}`);
  const result = await sql<HistoryRow>`
    SELECT h.id, h.entity_type, h.entity_id, h.action, h.changes, h.created_at,
      u.id AS actor_id, u.username AS actor_username,
      btrim(u.first_name || ' ' || u.last_name) AS actor_full_name,
      CASE h.entity_type
        WHEN 'CAMPAIGN' THEN (SELECT name FROM ad_campaigns WHERE id = h.entity_id)
        WHEN 'AD_GROUP' THEN (SELECT name FROM ad_groups WHERE id = h.entity_id)
        WHEN 'AD' THEN (SELECT name FROM ads WHERE id = h.entity_id)
      END AS entity_name
    FROM ad_change_history h
    LEFT JOIN users u ON u.id = h.actor_id
    WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY h.id DESC
    LIMIT ${limit}`.execute(db);
  return result.rows;
}
