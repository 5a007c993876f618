// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Identity providers registered by organisations (issue 9; docs/decisions/154–156): an OpenID
// Connect issuer with its client id and client secret (stored encrypted with the auth engine's
// secret, never returned), and the e-mail domains it signs in. A domain routes e-mails to SSO
// only once its ownership is proven: a DNS TXT record carrying the domain's token, or a
// single-use link mailed to an administrative address at the domain (only the link token's
// SHA-256 is stored).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sso_providers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]{1,40}$'),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      issuer text NOT NULL CHECK (char_length(issuer) BETWEEN 1 AND 2048),
      client_id text NOT NULL CHECK (char_length(client_id) BETWEEN 1 AND 512),
      client_secret_encrypted text NOT NULL,
      created_by bigint REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // One provider per domain, proven or not: two organisations cannot race for the same domain.
  await sql`
    CREATE TABLE sso_provider_domains (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      provider_id bigint NOT NULL REFERENCES sso_providers(id) ON DELETE CASCADE,
      domain text NOT NULL UNIQUE CHECK (char_length(domain) BETWEEN 3 AND 253),
      txt_token text NOT NULL CHECK (txt_token ~ '^[a-f0-9]{32}$'),
      verified_at timestamptz,
      verified_by text CHECK (verified_by IN ('dns', 'email')),
      email_sent_to text CHECK (char_length(email_sent_to) <= 320),
      email_token_hash text,
      email_token_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((verified_at IS NULL) = (verified_by IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX sso_provider_domains_provider_idx ON sso_provider_domains (provider_id, id)`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX sso_provider_domains_email_token_idx ON sso_provider_domains (email_token_hash) WHERE email_token_hash IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sso_provider_domains`.execute(db);
  await sql`DROP TABLE IF EXISTS sso_providers`.execute(db);
}
