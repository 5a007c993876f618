// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Trusted browsers (issue 9 "Anyone can lock any known account…", docs/decisions/042): the OWASP
// "device cookies" answer to the lockout denial of service. A browser that once logged in to an
// account carries a random id in an HttpOnly cookie; only its SHA-256 is stored, once per
// account logged in from that browser.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auth_trusted_devices (
      device_hash text NOT NULL,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (device_hash, user_id)
    )`.execute(db);
  await sql`CREATE INDEX auth_trusted_devices_user_idx ON auth_trusted_devices (user_id)`.execute(
    db,
  );
  await sql`CREATE INDEX auth_trusted_devices_used_idx ON auth_trusted_devices (last_used_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS auth_trusted_devices`.execute(db);
}
