// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Organisations register their own identity providers (issue 9; docs/decisions/190):
// - `sso_providers.business_id`: the business profile that registered (and manages) the provider;
//   null for one an operator registered. Removing the business removes its providers.
// - `sso_providers.enabled`: a disabled provider keeps its rows but routes no e-mail.
// - A domain may be *claimed* (listed, unproven) by several organisations, so nobody can block a
//   domain's real owner by listing it first; only one row per domain may be *proven* (the partial
//   unique index), and one provider lists a domain once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sso_providers
      ADD COLUMN business_id bigint REFERENCES business_profiles(user_id) ON DELETE CASCADE,
      ADD COLUMN enabled boolean NOT NULL DEFAULT true`.execute(db);
  await sql`CREATE INDEX sso_providers_business_idx ON sso_providers (business_id, id) WHERE business_id IS NOT NULL`.execute(
    db,
  );
  await sql`ALTER TABLE sso_provider_domains DROP CONSTRAINT sso_provider_domains_domain_key`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX sso_provider_domains_proven_idx ON sso_provider_domains (domain) WHERE verified_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX sso_provider_domains_provider_domain_idx ON sso_provider_domains (provider_id, domain)`.execute(
    db,
  );
  await sql`CREATE INDEX sso_provider_domains_domain_idx ON sso_provider_domains (domain)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS sso_provider_domains_domain_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS sso_provider_domains_provider_domain_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS sso_provider_domains_proven_idx`.execute(db);
  // Claims several organisations made of one domain cannot all survive the old constraint.
  await sql`
    DELETE FROM sso_provider_domains d
     WHERE verified_at IS NULL
       AND EXISTS (SELECT 1 FROM sso_provider_domains o WHERE o.domain = d.domain AND o.id < d.id)`.execute(
    db,
  );
  await sql`ALTER TABLE sso_provider_domains ADD CONSTRAINT sso_provider_domains_domain_key UNIQUE (domain)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS sso_providers_business_idx`.execute(db);
  await sql`ALTER TABLE sso_providers DROP COLUMN enabled, DROP COLUMN business_id`.execute(db);
}
