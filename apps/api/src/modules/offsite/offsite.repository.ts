// Offsite SQL: the operators' domain list and the click log (docs/decisions/080).
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  Database,
  OffsiteClickStatusColumn,
  OffsiteListStatusColumn,
} from '@corkboard/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface ListedDomainRow {
  domain: string;
  status: OffsiteListStatusColumn;
}

/** The list entries among `hosts` (a URL's host and its parent domains). */
export async function findListedDomains(db: Db, hosts: string[]): Promise<ListedDomainRow[]> {
  if (hosts.length === 0) return [];
  return db
    .selectFrom('offsite_domains')
    .select(['domain', 'status'])
    .where('domain', 'in', hosts)
    .execute();
}

export interface DomainRow {
  domain: string;
  status: OffsiteListStatusColumn;
  note: string;
  updated_at: Date;
  updated_by_username: string | null;
}

export async function listDomains(
  db: Db,
  search: string | undefined,
  offset: number,
  limit: number,
): Promise<DomainRow[]> {
  let query = db
    .selectFrom('offsite_domains as d')
    .leftJoin('users as u', 'u.id', 'd.updated_by')
    .select([
      'd.domain',
      'd.status',
      'd.note',
      'd.updated_at',
      'u.username as updated_by_username',
    ]);
  if (search) query = query.where('d.domain', 'like', `%${search.replace(/[\\%_]/g, '\\$&')}%`);
  return query.orderBy('d.domain').offset(offset).limit(limit).execute();
}

export async function countDomains(db: Db): Promise<number> {
  const row = await db
    .selectFrom('offsite_domains')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function domainExists(db: Db, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('offsite_domains')
    .select('domain')
    .where('domain', '=', domain)
    .executeTakeFirst();
  return row !== undefined;
}

export async function upsertDomain(
  db: Db,
  row: { domain: string; status: OffsiteListStatusColumn; note: string; updatedBy: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('offsite_domains')
    .values({
      domain: row.domain,
      status: row.status,
      note: row.note,
      updated_by: row.updatedBy,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('domain').doUpdateSet({
        status: row.status,
        note: row.note,
        updated_by: row.updatedBy,
        updated_at: now,
      }),
    )
    .execute();
}

export async function deleteDomain(db: Db, domain: string): Promise<boolean> {
  const result = await db
    .deleteFrom('offsite_domains')
    .where('domain', '=', domain)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Serialises click recording per subject (the duplicate check, then the insert). */
export async function lockSubject(trx: Transaction<Database>, subject: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`offsite:${subject}`}, 0))`.execute(
    trx,
  );
}

export interface ClickKey {
  subject: string;
  pinId: string | null;
  isThirdPartyAd: boolean;
  url: string;
  token: number | null;
}

/**
 * True when this subject already clicked the same link (same pin, ad flag and URL) since
 * `recentSince`, or with the same token since `tokenSince` (a reload of the same /offsite/ page).
 */
export async function hasDuplicateClick(
  db: Db,
  key: ClickKey,
  recentSince: Date,
  tokenSince: Date,
): Promise<boolean> {
  let query = db
    .selectFrom('offsite_clicks')
    .select('id')
    .where('subject', '=', key.subject)
    .where('url', '=', key.url)
    .where('is_third_party_ad', '=', key.isThirdPartyAd)
    .where('created_at', '>', tokenSince < recentSince ? tokenSince : recentSince);
  query =
    key.pinId === null ? query.where('pin_id', 'is', null) : query.where('pin_id', '=', key.pinId);
  query = query.where((eb) =>
    key.token === null
      ? eb('created_at', '>', recentSince)
      : eb.or([eb('created_at', '>', recentSince), eb('token', '=', key.token)]),
  );
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertClick(
  db: Db,
  click: ClickKey & {
    userId: string | null;
    visitorId: string | null;
    domain: string;
    status: OffsiteClickStatusColumn;
  },
  now: Date,
): Promise<void> {
  await db
    .insertInto('offsite_clicks')
    .values({
      pin_id: click.pinId,
      is_third_party_ad: click.isThirdPartyAd,
      user_id: click.userId,
      visitor_id: click.visitorId,
      subject: click.subject,
      url: click.url,
      domain: click.domain,
      status: click.status,
      token: click.token,
      created_at: now,
    })
    .execute();
}

export interface PinClickCountRow {
  pin_id: string;
  clicks: string;
}

/** Clicks that went through (status ok) per pin in [from, to). */
export async function countOkClicksByPin(
  db: Db,
  pinIds: string[],
  from: Date,
  to: Date,
  thirdPartyAdOnly: boolean,
): Promise<PinClickCountRow[]> {
  if (pinIds.length === 0) return [];
  let query = db
    .selectFrom('offsite_clicks')
    .select(['pin_id', (eb) => eb.fn.countAll<string>().as('clicks')])
    .where('pin_id', 'in', pinIds)
    .where('status', '=', 'ok')
    .where('created_at', '>=', from)
    .where('created_at', '<', to);
  if (thirdPartyAdOnly) query = query.where('is_third_party_ad', '=', true);
  const rows = await query.groupBy('pin_id').execute();
  return rows.flatMap((row) =>
    row.pin_id === null ? [] : [{ pin_id: row.pin_id, clicks: row.clicks }],
  );
}

export async function countClicksByStatus(
  db: Db,
  since: Date,
): Promise<{ status: OffsiteClickStatusColumn; clicks: string }[]> {
  return db
    .selectFrom('offsite_clicks')
    .select(['status', (eb) => eb.fn.countAll<string>().as('clicks')])
    .where('created_at', '>=', since)
    .groupBy('status')
    .execute();
}
