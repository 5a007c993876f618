// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// /settings/claim/ (issue 10 "Upsells"; docs/decisions/127, 128): a person proves they own a
// website and becomes its domain's official user (verified_domains, which already holds one
// owner per domain), and connects an Instagram account over OAuth.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // How the ownership was proven, and the address the person entered (the listed website).
  // Rows from the seed and from operators have neither.
  await sql`
    ALTER TABLE verified_domains
      ADD COLUMN method text CHECK (method IN ('meta', 'file', 'dns')),
      ADD COLUMN site_url text CHECK (char_length(site_url) <= 2048)`.execute(db);

  // One verification token per person (ADR 127): issued once, shown on /settings/claim/, the
  // same for every site they claim.
  await sql`
    CREATE TABLE site_verification_tokens (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      token text NOT NULL UNIQUE CHECK (token ~ '^[a-f0-9]{32}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // A started Instagram connection: the state's SHA-256 (the state itself is only in the
  // browser's cookie and the provider's redirect), single use, short-lived.
  await sql`
    CREATE TABLE instagram_oauth_states (
      state_hash text PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX instagram_oauth_states_user_idx ON instagram_oauth_states (user_id)`.execute(
    db,
  );

  // One Instagram account per person and one person per Instagram account. No token is kept:
  // nothing reads Instagram after the connection (ADR 128).
  await sql`
    CREATE TABLE instagram_connections (
      user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      instagram_user_id text NOT NULL UNIQUE CHECK (instagram_user_id ~ '^[0-9]{1,32}$'),
      username text NOT NULL CHECK (char_length(username) BETWEEN 1 AND 64),
      connected_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS instagram_connections`.execute(db);
  await sql`DROP TABLE IF EXISTS instagram_oauth_states`.execute(db);
  await sql`DROP TABLE IF EXISTS site_verification_tokens`.execute(db);
  await sql`ALTER TABLE verified_domains DROP COLUMN IF EXISTS site_url, DROP COLUMN IF EXISTS method`.execute(
    db,
  );
}
