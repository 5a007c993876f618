// The SQL of identity providers registered by organisations and their e-mail domains
// (docs/decisions/154–156, 190). Every function takes `db | trx` first.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SsoDomainProofMethod, SsoProviderDomainsTable } from '@corkboard/db/schema';

type Db = Kysely<Database>;

export interface ProviderRow {
  id: string;
  slug: string;
  name: string;
  issuer: string;
  client_id: string;
  client_secret_encrypted: string;
  /** The business that registered it; null for an operator's (ADR 190). */
  business_id: string | null;
  enabled: boolean;
  created_at: Date;
}

export type DomainRow = Selectable<SsoProviderDomainsTable>;

const providerColumns = [
  'id',
  'slug',
  'name',
  'issuer',
  'client_id',
  'client_secret_encrypted',
  'business_id',
  'enabled',
  'created_at',
] as const;

/** Whose providers a query sees: every one (operators) or one business's. */
export type ProviderOwner = { kind: 'operator' } | { kind: 'business'; businessId: string };

/**
 * Providers newest first, below `beforeId`; one row more than `limit` (keyset paging). Operators
 * see every provider, a business only its own.
 */
export async function listProviders(
  db: Db,
  owner: ProviderOwner,
  beforeId: string | undefined,
  limit: number,
): Promise<ProviderRow[]> {
  let query = db.selectFrom('sso_providers').select(providerColumns);
  if (owner.kind === 'business') query = query.where('business_id', '=', owner.businessId);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  return query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
}

/** Operators' providers (no business), or one business's. */
export async function countProviders(db: Db, businessId: string | null): Promise<number> {
  const query = db.selectFrom('sso_providers').select((eb) => eb.fn.countAll<string>().as('count'));
  const row = await (
    businessId === null
      ? query.where('business_id', 'is', null)
      : query.where('business_id', '=', businessId)
  ).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findProvider(db: Db, id: string): Promise<ProviderRow | undefined> {
  return db
    .selectFrom('sso_providers')
    .select(providerColumns)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findProviderBySlug(db: Db, slug: string): Promise<ProviderRow | undefined> {
  return db
    .selectFrom('sso_providers')
    .select(providerColumns)
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** The enabled provider that signs in `domain`, only when the domain's ownership is proven. */
export async function findProviderForVerifiedDomain(
  db: Db,
  domain: string,
): Promise<ProviderRow | undefined> {
  return db
    .selectFrom('sso_provider_domains as d')
    .innerJoin('sso_providers as p', 'p.id', 'd.provider_id')
    .select([
      'p.id',
      'p.slug',
      'p.name',
      'p.issuer',
      'p.client_id',
      'p.client_secret_encrypted',
      'p.business_id',
      'p.enabled',
      'p.created_at',
    ])
    .where('d.domain', '=', domain)
    .where('d.verified_at', 'is not', null)
    .where('p.enabled', '=', true)
    .executeTakeFirst();
}

export async function verifiedDomainsOf(db: Db, providerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sso_provider_domains')
    .select('domain')
    .where('provider_id', '=', providerId)
    .where('verified_at', 'is not', null)
    .execute();
  return rows.map((row) => row.domain);
}

export async function insertProvider(
  db: Db,
  values: {
    slug: string;
    name: string;
    issuer: string;
    clientId: string;
    clientSecretEncrypted: string;
    createdBy: string;
    businessId: string | null;
    now: Date;
  },
): Promise<ProviderRow> {
  return db
    .insertInto('sso_providers')
    .values({
      slug: values.slug,
      name: values.name,
      issuer: values.issuer,
      client_id: values.clientId,
      client_secret_encrypted: values.clientSecretEncrypted,
      created_by: values.createdBy,
      business_id: values.businessId,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(providerColumns)
    .executeTakeFirstOrThrow();
}

export async function updateProvider(
  db: Db,
  id: string,
  values: {
    name: string;
    issuer: string;
    clientId: string;
    /** Unchanged when undefined (the secret is write-only). */
    clientSecretEncrypted: string | undefined;
    /** Unchanged when undefined. */
    enabled: boolean | undefined;
    now: Date;
  },
): Promise<ProviderRow | undefined> {
  return db
    .updateTable('sso_providers')
    .set({
      name: values.name,
      issuer: values.issuer,
      client_id: values.clientId,
      ...(values.clientSecretEncrypted === undefined
        ? {}
        : { client_secret_encrypted: values.clientSecretEncrypted }),
      ...(values.enabled === undefined ? {} : { enabled: values.enabled }),
      updated_at: values.now,
    })
    .where('id', '=', id)
    .returning(providerColumns)
    .executeTakeFirst();
}

export async function deleteProvider(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sso_providers').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Domains of these providers, oldest first. */
export async function domainsOf(db: Db, providerIds: readonly string[]): Promise<DomainRow[]> {
  if (providerIds.length === 0) return [];
  return db
    .selectFrom('sso_provider_domains')
    .selectAll()
    .where('provider_id', 'in', providerIds)
    .orderBy('id', 'asc')
    .execute();
}

export async function countDomains(db: Db, providerId: string): Promise<number> {
  const row = await db
    .selectFrom('sso_provider_domains')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('provider_id', '=', providerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findDomain(
  db: Db,
  providerId: string,
  domainId: string,
): Promise<DomainRow | undefined> {
  return db
    .selectFrom('sso_provider_domains')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('id', '=', domainId)
    .executeTakeFirst();
}

/** The provider that has proven `domain`, if any (at most one: ADR 190's partial index). */
export async function domainProvenBy(db: Db, domain: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sso_provider_domains')
    .select('provider_id')
    .where('domain', '=', domain)
    .where('verified_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row?.provider_id;
}

/**
 * Whether one organisation already lists `domain`, proven or not: the provider itself, or any
 * provider of the business (ADR 190: other organisations' claims do not count).
 */
export async function domainListedBy(
  db: Db,
  domain: string,
  organisation: { providerId: string | null; businessId: string | null },
): Promise<boolean> {
  const { providerId, businessId } = organisation;
  if (providerId === null && businessId === null) return false;
  const row = await db
    .selectFrom('sso_provider_domains as d')
    .innerJoin('sso_providers as p', 'p.id', 'd.provider_id')
    .select('d.id')
    .where('d.domain', '=', domain)
    .where((eb) =>
      eb.or([
        ...(providerId === null ? [] : [eb('d.provider_id', '=', providerId)]),
        ...(businessId === null ? [] : [eb('p.business_id', '=', businessId)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Business names by profile id (what the operators' list shows). */
export async function businessNames(
  db: Db,
  businessIds: readonly string[],
): Promise<Map<string, string>> {
  if (businessIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('business_profiles')
    .select(['user_id', 'business_name'])
    .where('user_id', 'in', businessIds)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.business_name]));
}

/** Inserts a domain; undefined when the provider already lists it. */
export async function insertDomain(
  db: Db,
  values: { providerId: string; domain: string; txtToken: string; now: Date },
): Promise<DomainRow | undefined> {
  return db
    .insertInto('sso_provider_domains')
    .values({
      provider_id: values.providerId,
      domain: values.domain,
      txt_token: values.txtToken,
      created_at: values.now,
    })
    .onConflict((oc) => oc.columns(['provider_id', 'domain']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function deleteDomain(db: Db, providerId: string, domainId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sso_provider_domains')
    .where('provider_id', '=', providerId)
    .where('id', '=', domainId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Marks a domain proven (and forgets any mailed link). Throws a unique violation when another
 * provider proved the same domain meanwhile (the partial unique index of ADR 190).
 */
export async function markDomainVerified(
  db: Db,
  domainId: string,
  method: SsoDomainProofMethod,
  now: Date,
): Promise<DomainRow | undefined> {
  return db
    .updateTable('sso_provider_domains')
    .set({
      verified_at: now,
      verified_by: method,
      email_token_hash: null,
      email_token_expires_at: null,
    })
    .where('id', '=', domainId)
    .where('verified_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Records where the proof mail goes; the link's token is minted by the mail job. */
export async function setEmailProofAddress(
  db: Db,
  domainId: string,
  address: string,
): Promise<void> {
  await db
    .updateTable('sso_provider_domains')
    .set({ email_sent_to: address, email_token_hash: null, email_token_expires_at: null })
    .where('id', '=', domainId)
    .execute();
}

export async function findDomainById(db: Db, domainId: string): Promise<DomainRow | undefined> {
  return db
    .selectFrom('sso_provider_domains')
    .selectAll()
    .where('id', '=', domainId)
    .executeTakeFirst();
}

export async function setEmailTokenHash(
  db: Db,
  domainId: string,
  hash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable('sso_provider_domains')
    .set({ email_token_hash: hash, email_token_expires_at: expiresAt })
    .where('id', '=', domainId)
    .where('verified_at', 'is', null)
    .execute();
}

/**
 * Uses a mailed link: the unverified domain whose live token hash matches becomes verified by
 * e-mail, in one statement (a second use finds no row). Throws a unique violation when another
 * provider has proven the same domain (ADR 190).
 */
export async function verifyByEmailToken(
  db: Db,
  hash: string,
  now: Date,
): Promise<DomainRow | undefined> {
  return db
    .updateTable('sso_provider_domains')
    .set({
      verified_at: now,
      verified_by: 'email',
      email_token_hash: null,
      email_token_expires_at: null,
    })
    .where('email_token_hash', '=', hash)
    .where('email_token_expires_at', '>', now)
    .where('verified_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Whether any enabled provider has a proven domain (the page then offers the SSO check). */
export async function anyVerifiedSsoDomain(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('sso_provider_domains as d')
    .innerJoin('sso_providers as p', 'p.id', 'd.provider_id')
    .select('d.id')
    .where('d.verified_at', 'is not', null)
    .where('p.enabled', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
