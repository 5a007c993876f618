// The SQL of the live-ad set (docs/decisions/203): every ad whose own status, review and ad
// group, campaign and account statuses let it run — read once per write generation and kept in
// the page cache — and, per request, one query for everything about the viewer that the set
// cannot hold (their profile, hidden ads, frequency counts, business memberships, the ad groups'
// spend and the earned saves among the page's pins).
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { PREPARED_STATEMENT_MARKER } from '@corkboard/db/prepared';
import type { Database, StoredTargetingSpec, StoredVariants } from '@corkboard/db/schema';
import type { ViewerProfileRow } from './delivery.repository.ts';

export interface LiveAdRow {
  ad_id: string;
  ad_group_id: string;
  campaign_id: string;
  ad_account_id: string;
  pin_id: string;
  /** The ad account's business profile (a viewer who is it, or a member of it, is not served). */
  profile_id: string;
  /**
   * The status-free part of the serving rules holds: the pin is on a public board and the
   * business profile exists. A running ad that is not servable still counts for earned marks.
   */
  servable: boolean;
  profile_username: string | null;
  business_name: string | null;
  profile_avatar_variants: StoredVariants | null;
  targeting_spec: StoredTargetingSpec;
  auto_targeting_enabled: boolean;
  /** ISO instants. */
  start_time: string;
  end_time: string | null;
  budget_type: 'DAILY' | 'LIFETIME';
  pacing_delivery_type: 'STANDARD' | 'ACCELERATED';
  /** Micro-currency, as decimal strings (bigint). */
  budget_micro: string;
  bid_micro: string;
  /** What one billable event costs (the same rule as COST_SQL in delivery.repository.ts). */
  cost_micro: string;
}

/**
 * Running ads, oldest first, at most `limit` rows: approved; ad, ad group, campaign and ad
 * account ACTIVE. Schedule, budget, pacing and everything about the viewer are checked per
 * request (they change with time or without a write).
 */
export async function listLiveAds(db: Kysely<Database>, limit: number): Promise<LiveAdRow[]> {
  const result = await sql<
    Omit<LiveAdRow, 'start_time' | 'end_time'> & {
      start_time: Date;
      end_time: Date | null;
    }
  >`
    SELECT a.id AS ad_id, a.ad_group_id, a.campaign_id, a.ad_account_id, a.pin_id,
      acc.profile_id,
      coalesce(bp.user_id IS NOT NULL AND pu.id IS NOT NULL AND b.privacy = 'public', false)
        AS servable,
      pu.username AS profile_username, bp.business_name, pa.variants AS profile_avatar_variants,
      g.targeting_spec, g.auto_targeting_enabled, g.start_time, g.end_time, g.budget_type,
      g.pacing_delivery_type, g.budget_in_micro_currency::text AS budget_micro,
      g.bid_in_micro_currency::text AS bid_micro,
      (CASE g.billable_event WHEN 'CLICKTHROUGH' THEN g.bid_in_micro_currency
        ELSE greatest(1, round(g.bid_in_micro_currency / 1000.0))::bigint END)::text AS cost_micro
    FROM ads a
    JOIN ad_groups g ON g.id = a.ad_group_id
    JOIN ad_campaigns c ON c.id = a.campaign_id
    JOIN ad_accounts acc ON acc.id = a.ad_account_id
    LEFT JOIN business_profiles bp ON bp.user_id = acc.profile_id
    LEFT JOIN users pu ON pu.id = acc.profile_id
    LEFT JOIN images pa ON pa.id = pu.avatar_image_id
    LEFT JOIN pins p ON p.id = a.pin_id
    LEFT JOIN boards b ON b.id = p.board_id
    WHERE a.review_status = 'APPROVED' AND a.status = 'ACTIVE'
      AND g.status = 'ACTIVE' AND c.status = 'ACTIVE' AND acc.status = 'ACTIVE'
    ORDER BY a.id
    LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => ({
    ...row,
    start_time: new Date(row.start_time).toISOString(),
    end_time: row.end_time === null ? null : new Date(row.end_time).toISOString(),
  }));
}

export interface GroupSpendRow {
  ad_group_id: string;
  /** Lifetime spend (ad_groups.spent_micro). */
  spent_micro: string;
  /** Spend on `day` (ad_group_spend_days), 0 without a row. */
  today_micro: string;
}

export interface EarnedSaveRow {
  pin_id: string;
  ad_id: string;
}

/** What one request needs to know of its viewer to serve the live-ad set (ADR 203). */
export interface ViewerAdState {
  /** Undefined when the person no longer exists (targeting then uses the defaults). */
  profile: ViewerProfileRow | undefined;
  hiddenAdIds: string[];
  /** Ads the viewer has seen AD_FREQUENCY_CAP_PER_DAY times or more on `day`. */
  cappedAdIds: string[];
  /** Business profiles (among the set's) the viewer is a member of. */
  memberOf: string[];
  spend: GroupSpendRow[];
  earnedSaves: EarnedSaveRow[];
}

interface ViewerAdStateRow extends ViewerProfileRow {
  found: boolean;
  hidden: string[];
  capped: string[];
  member_of: string[];
  spend: GroupSpendRow[];
  earned_saves: EarnedSaveRow[];
}

/** The viewer and the live-ad set's ids a request asks findViewerAdState about. */
export interface ViewerAdStateQuery {
  viewerId: string;
  viewerKey: string;
  day: string;
  frequencyCap: number;
  adIds: readonly string[];
  adGroupIds: readonly string[];
  profileIds: readonly string[];
  pagePinIds: readonly string[];
  interestBoardsMax: number;
}

/**
 * One prepared query, every part a primary-key or indexed probe bounded by the set's ids (or
 * the page's pins). The profile columns are those of findViewerProfile (same board-text rule).
 * Its text is fixed (parameters $1–$9), so it is not rebuilt per request: composing it with
 * Kysely's `sql` cost about a third of this query's CPU in Node (ADR 203).
 */
const VIEWER_AD_STATE_SQL = `${PREPARED_STATEMENT_MARKER}
  SELECT u.id IS NOT NULL AS found, u.country, u.email,
    coalesce(u.email_verified, false) AS email_verified, u.birthday::text AS birthday, u.gender,
    (SELECT string_agg(lower(bb.name || ' ' || coalesce(bb.description, '')), ' ')
       FROM (SELECT name, description FROM boards WHERE owner_id = u.id
             ORDER BY created_at DESC LIMIT $9::int) bb) AS board_text,
    (SELECT coalesce(json_agg(h.ad_id::text), '[]'::json) FROM ad_hides h
      WHERE h.user_id = $1::bigint AND h.ad_id = any($5::bigint[])) AS hidden,
    (SELECT coalesce(json_agg(v.ad_id::text), '[]'::json) FROM ad_viewer_days v
      WHERE v.viewer_key = $2::text AND v.day = $3::date
        AND v.ad_id = any($5::bigint[]) AND v.impressions >= $4::int) AS capped,
    (SELECT coalesce(json_agg(m.profile_id::text), '[]'::json) FROM business_members m
      WHERE m.user_id = $1::bigint AND m.profile_id = any($7::bigint[])) AS member_of,
    (SELECT coalesce(json_agg(json_build_object('ad_group_id', g.id::text,
              'spent_micro', g.spent_micro::text,
              'today_micro', coalesce(sd.spent_micro, 0)::text)), '[]'::json)
      FROM ad_groups g
      LEFT JOIN ad_group_spend_days sd ON sd.ad_group_id = g.id AND sd.day = $3::date
      WHERE g.id = any($6::bigint[])) AS spend,
    (SELECT coalesce(json_agg(json_build_object('pin_id', e.pin_id::text,
              'ad_id', e.ad_id::text)), '[]'::json)
      FROM ad_earned_pins e WHERE e.pin_id = any($8::bigint[])) AS earned_saves
  FROM (SELECT 1) one
  LEFT JOIN users u ON u.id = $1::bigint`;

export async function findViewerAdState(
  db: Kysely<Database>,
  query: ViewerAdStateQuery,
): Promise<ViewerAdState> {
  const result = await db.executeQuery<ViewerAdStateRow>(
    CompiledQuery.raw(VIEWER_AD_STATE_SQL, [
      query.viewerId,
      query.viewerKey,
      query.day,
      query.frequencyCap,
      [...query.adIds],
      [...query.adGroupIds],
      [...query.profileIds],
      [...query.pagePinIds],
      query.interestBoardsMax,
    ]),
  );
  return toState(result.rows[0]);
}

function toState(row: ViewerAdStateRow | undefined): ViewerAdState {
  if (!row) throw new Error('findViewerAdState: no row');
  return {
    profile: row.found
      ? {
          country: row.country,
          email: row.email,
          email_verified: row.email_verified,
          birthday: row.birthday,
          gender: row.gender,
          board_text: row.board_text,
        }
      : undefined,
    hiddenAdIds: row.hidden,
    cappedAdIds: row.capped,
    memberOf: row.member_of,
    spend: row.spend,
    earnedSaves: row.earned_saves,
  };
}
