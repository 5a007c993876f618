// Solved ALTCHA challenges, remembered until they expire so each solution counts once.
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';

/** True when `challengeId` was not redeemed before (and now is); one atomic insert. */
export async function redeemChallenge(
  db: Kysely<Database>,
  challengeId: string,
  expiresAt: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('captcha_redemptions')
    .values({ challenge_id: challengeId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('challenge_id').doNothing())
    .returning('challenge_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function purgeRedemptions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('captcha_redemptions')
    .where('expires_at', '<', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
