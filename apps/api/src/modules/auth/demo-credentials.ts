// The demo seed's people get a password, so a newcomer can log in at once (README). Hashed with
// Better Auth's own hasher (scrypt), exactly as a signup would store it.
import { hashPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { findUsersWithoutPassword, setCredentialPassword } from './auth.repository.ts';

/**
 * Every demo account's password. Not on the common-password list and not the username, so it
 * also passes the signup rules; documented in the README. Demo data only: never a real account.
 */
export const DEMO_PASSWORD = 'corkboard-demo';

/** Gives every user without a password DEMO_PASSWORD; answers how many got one. */
export async function setDemoPasswords(
  db: Kysely<Database>,
  now: Date = new Date(),
): Promise<number> {
  const users = await findUsersWithoutPassword(db);
  for (const userId of users) {
    // A fresh salt per account, as real signups get.
    await setCredentialPassword(db, userId, await hashPassword(DEMO_PASSWORD), now);
  }
  return users.length;
}
