// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Social sign-in (issue 9, docs/decisions/030). Connected Google, Facebook, LINE and SSO
// identities are Better Auth accounts (auth_accounts, one row per provider identity); what is new
// here is social_token_uses: every ID token (and its nonce) that produced a session, by SHA-256,
// kept until it expires, so a token is never accepted twice (replay), whichever server sees it
// the second time.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE social_token_uses (
      token_hash text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX social_token_uses_expires_idx ON social_token_uses (expires_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS social_token_uses`.execute(db);
}
