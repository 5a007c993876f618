// Business profiles, members, invitations, the interim MFA flag and ad accounts (all SQL of the
// business module; `db | trx` first).
import { sql, type Kysely } from 'kysely';
import type { Database, StoredVariants } from '@corkboard/db/schema';
import type { BusinessPermission } from '@corkboard/shared/business/permissions';

export interface ProfileRow {
  user_id: string;
  username: string;
  business_name: string;
  website_url: string | null;
  country: string;
  language: string;
  avatar_variants: StoredVariants | null;
  image_url: string | null;
}

function profileQuery(db: Kysely<Database>) {
  return db
    .selectFrom('business_profiles as bp')
    .innerJoin('users as u', 'u.id', 'bp.user_id')
    .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
    .select([
      'bp.user_id',
      'u.username',
      'bp.business_name',
      'bp.website_url',
      'bp.country',
      'bp.language',
      'ua.variants as avatar_variants',
      'u.image_url',
    ])
    .where('u.deactivated_at', 'is', null);
}

export function findProfile(
  db: Kysely<Database>,
  profileId: string,
): Promise<ProfileRow | undefined> {
  return profileQuery(db).where('bp.user_id', '=', profileId).executeTakeFirst();
}

export interface AccessRow extends ProfileRow {
  permissions: BusinessPermission[];
}

/**
 * Every profile `userId` may use: their own (OWNER) and those they are a member of, own first,
 * then by profile id. Bounded by `limit`.
 */
export async function accessRowsOf(
  db: Kysely<Database>,
  userId: string,
  limit: number,
): Promise<AccessRow[]> {
  const own = await profileQuery(db)
    .select(sql<BusinessPermission[]>`ARRAY['OWNER']::text[]`.as('permissions'))
    .where('bp.user_id', '=', userId)
    .execute();
  const memberships = await profileQuery(db)
    .innerJoin('business_members as m', 'm.profile_id', 'bp.user_id')
    .select(sql<BusinessPermission[]>`m.permissions`.as('permissions'))
    .where('m.user_id', '=', userId)
    .where('bp.user_id', '!=', userId)
    .orderBy('bp.user_id')
    .limit(limit)
    .execute();
  return [...own, ...memberships].slice(0, limit);
}

/** The permissions `userId` holds on a profile: OWNER for the profile itself, else membership. */
export async function permissionsOn(
  db: Kysely<Database>,
  profileId: string,
  userId: string,
): Promise<BusinessPermission[] | undefined> {
  const profile = await db
    .selectFrom('business_profiles')
    .select('user_id')
    .where('user_id', '=', profileId)
    .executeTakeFirst();
  if (!profile) return undefined;
  if (profileId === userId) return ['OWNER'];
  const member = await db
    .selectFrom('business_members')
    .select(sql<BusinessPermission[]>`permissions`.as('permissions'))
    .where('profile_id', '=', profileId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return member?.permissions;
}

export async function hasProfile(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('business_profiles')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `userId` owns a linked business profile (created through /business/create). */
/**
 * Whether the person owns (or is) a business whose ad account is DISABLED: barred from
 * advertising, so exempt from promote upsells (docs/decisions/102).
 */
export async function hasDisabledAdAccount(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ad_accounts')
    .select('ad_accounts.id')
    .where('ad_accounts.status', '=', 'DISABLED')
    .where((eb) =>
      eb.or([
        eb('ad_accounts.profile_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('business_members')
            .select('business_members.profile_id')
            .whereRef('business_members.profile_id', '=', 'ad_accounts.profile_id')
            .where('business_members.user_id', '=', userId)
            .where(sql<boolean>`'OWNER' = ANY(business_members.permissions)`),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function takenUsernames(db: Kysely<Database>, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where(sql<string>`lower(username)`, 'like', `${base.toLowerCase()}%`)
    .execute();
  return rows.map((row) => row.username.toLowerCase());
}

export async function insertBusinessUser(
  trx: Kysely<Database>,
  user: { username: string; businessName: string; country: string; locale: string },
): Promise<string> {
  const row = await trx
    .insertInto('users')
    .values({
      username: user.username,
      email: null,
      first_name: user.businessName,
      last_name: '',
      country: user.country,
      locale: user.locale,
      account_type: 'business',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeBusinessAccount(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ account_type: 'business', updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function insertProfile(
  trx: Kysely<Database>,
  profile: {
    userId: string;
    businessName: string;
    websiteUrl: string | null;
    country: string;
    language: string;
    advertisingIntent: string;
    createdById: string;
  },
): Promise<void> {
  await trx
    .insertInto('business_profiles')
    .values({
      user_id: profile.userId,
      business_name: profile.businessName,
      website_url: profile.websiteUrl,
      country: profile.country,
      language: profile.language,
      advertising_intent: profile.advertisingIntent,
      created_by_id: profile.createdById,
    })
    .execute();
}

export async function insertMember(
  trx: Kysely<Database>,
  member: {
    profileId: string;
    userId: string;
    permissions: BusinessPermission[];
    invitedById: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('business_members')
    .values({
      profile_id: member.profileId,
      user_id: member.userId,
      permissions: member.permissions,
      invited_by_id: member.invitedById,
    })
    .onConflict((oc) =>
      oc.columns(['profile_id', 'user_id']).doUpdateSet({ permissions: member.permissions }),
    )
    .execute();
}

export async function insertAdAccount(
  trx: Kysely<Database>,
  account: { profileId: string; name: string; country: string; currency: string },
): Promise<string> {
  const row = await trx
    .insertInto('ad_accounts')
    .values({
      profile_id: account.profileId,
      name: account.name,
      country: account.country,
      currency: account.currency,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AdAccountRow {
  id: string;
  profile_id: string;
  name: string;
  country: string;
  currency: string;
}

export function findAdAccount(
  db: Kysely<Database>,
  advertiserId: string,
): Promise<AdAccountRow | undefined> {
  return db
    .selectFrom('ad_accounts')
    .select(['id', 'profile_id', 'name', 'country', 'currency'])
    .where('id', '=', advertiserId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
}

export function adAccountsOfProfiles(
  db: Kysely<Database>,
  profileIds: readonly string[],
): Promise<AdAccountRow[]> {
  if (profileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ad_accounts')
    .select(['id', 'profile_id', 'name', 'country', 'currency'])
    .where('profile_id', 'in', profileIds)
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .execute();
}

// ---- members and invitations ----

export interface MemberRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
  permissions: BusinessPermission[];
}

export function listMembers(
  db: Kysely<Database>,
  profileId: string,
  afterUserId: string | undefined,
  limit: number,
): Promise<MemberRow[]> {
  let query = db
    .selectFrom('business_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
    .select([
      'u.id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'ua.variants as avatar_variants',
      sql<BusinessPermission[]>`m.permissions`.as('permissions'),
    ])
    .where('m.profile_id', '=', profileId);
  if (afterUserId !== undefined) query = query.where('u.id', '>', afterUserId);
  return query.orderBy('u.id').limit(limit).execute();
}

export async function updateMemberPermissions(
  db: Kysely<Database>,
  profileId: string,
  userId: string,
  permissions: BusinessPermission[],
): Promise<boolean> {
  const result = await db
    .updateTable('business_members')
    .set({ permissions })
    .where('profile_id', '=', profileId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteMember(
  db: Kysely<Database>,
  profileId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('business_members')
    .where('profile_id', '=', profileId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function findUserIdByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export async function countRecentInvites(
  db: Kysely<Database>,
  profileId: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('business_invites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('profile_id', '=', profileId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertInvite(
  db: Kysely<Database>,
  invite: {
    profileId: string;
    email: string;
    permissions: BusinessPermission[];
    tokenHash: string;
    invitedById: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('business_invites')
    .values({
      profile_id: invite.profileId,
      email: invite.email,
      permissions: invite.permissions,
      token_hash: invite.tokenHash,
      invited_by_id: invite.invitedById,
      expires_at: invite.expiresAt,
      created_at: invite.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface InviteRow {
  id: string;
  profile_id: string;
  email: string;
  permissions: BusinessPermission[];
  invited_by_id: string | null;
  expires_at: Date;
  created_at: Date;
  accepted_by_id: string | null;
  revoked_at: Date | null;
}

function inviteColumns(db: Kysely<Database>) {
  return db
    .selectFrom('business_invites')
    .select([
      'id',
      'profile_id',
      'email',
      sql<BusinessPermission[]>`permissions`.as('permissions'),
      'invited_by_id',
      'expires_at',
      'created_at',
      'accepted_by_id',
      'revoked_at',
    ]);
}

export function findInviteByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
  forUpdate = false,
): Promise<InviteRow | undefined> {
  const query = inviteColumns(db).where('token_hash', '=', tokenHash);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function listPendingInvites(
  db: Kysely<Database>,
  profileId: string,
  now: Date,
  limit: number,
): Promise<InviteRow[]> {
  return inviteColumns(db)
    .where('profile_id', '=', profileId)
    .where('accepted_by_id', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function markInviteAccepted(
  trx: Kysely<Database>,
  inviteId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('business_invites')
    .set({ accepted_by_id: userId, accepted_at: now })
    .where('id', '=', inviteId)
    .execute();
}

export async function deleteInvite(db: Kysely<Database>, inviteId: string): Promise<void> {
  await db.deleteFrom('business_invites').where('id', '=', inviteId).execute();
}

export async function revokeInvite(
  db: Kysely<Database>,
  profileId: string,
  inviteId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('business_invites')
    .set({ revoked_at: now })
    .where('id', '=', inviteId)
    .where('profile_id', '=', profileId)
    .where('accepted_by_id', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface PersonRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_variants: StoredVariants | null;
}

export function findPerson(db: Kysely<Database>, userId: string): Promise<PersonRow | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('images as ua', 'ua.id', 'u.avatar_image_id')
    .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'ua.variants as avatar_variants'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** What acting and eligibility need of a person. */
export interface PersonFacts {
  account_type: 'personal' | 'business';
  created_at: Date;
}

export function personFacts(
  db: Kysely<Database>,
  userId: string,
): Promise<PersonFacts | undefined> {
  return db
    .selectFrom('users')
    .select(['account_type', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** What the invitation mail needs, while the invitation is open (decision 143). */
export async function findOpenInviteForMail(db: Kysely<Database>, inviteId: string, now: Date) {
  return db
    .selectFrom('business_invites as i')
    .innerJoin('business_profiles as p', 'p.user_id', 'i.profile_id')
    .leftJoin('users as u', 'u.id', 'i.invited_by_id')
    .select([
      'i.id',
      'i.email',
      'i.permissions',
      'p.business_name',
      'u.username',
      'u.first_name',
      'u.last_name',
    ])
    .where('i.id', '=', inviteId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .executeTakeFirst();
}

/** The mailed link's token replaces the placeholder the request stored (only hashes are kept). */
export async function setInviteTokenHash(
  db: Kysely<Database>,
  inviteId: string,
  tokenHash: string,
): Promise<void> {
  await db
    .updateTable('business_invites')
    .set({ token_hash: tokenHash })
    .where('id', '=', inviteId)
    .where('accepted_at', 'is', null)
    .execute();
}

/** An invitation whose mail was given up: taken back unless someone accepted it meanwhile. */
export async function deleteOpenInvite(db: Kysely<Database>, inviteId: string): Promise<void> {
  await db
    .deleteFrom('business_invites')
    .where('id', '=', inviteId)
    .where('accepted_at', 'is', null)
    .execute();
}
