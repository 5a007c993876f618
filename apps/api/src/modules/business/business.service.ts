// Business accounts and business access (business.md §2.2, §2.5, §3, §6; docs/decisions/100):
//
// - /business/create with the current log-in makes a *linked* business profile: a new person row
//   of account_type 'business' (it has no password; it is reached through membership) whose
//   creator is a member with OWNER. Signed out, the web signs the person up first and then
//   converts that new account (docs/decisions/100).
// - /business/convert turns the viewer's own account into a business account: the same row, so
//   pins, boards and followers stay.
// - Either way the profile gets its first ad account (advertiser), in the same transaction.
// - GET /vx/business_access/profiles/ lists the profiles the viewer may use, in the spec's shape.
// - Every console read and write asks requireAdvertiser / requireProfile for a capability
//   (permissions.ts); nobody learns whether a business they cannot reach exists.
import { userMeetsMfaRequirement } from '../account-security/mfa.service.ts';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import type {
  AdvertiserContext,
  BusinessAccessProfile,
  BusinessCreated,
  BusinessInvite,
  BusinessInviteOutcome,
  BusinessInvitePreview,
  BusinessMember,
} from '@corkboard/shared/business/api';
import type { BusinessDetails, BusinessInviteBody } from '@corkboard/shared/business/accounts';
import {
  capabilitiesOf,
  hasCapability,
  type BusinessCapability,
  type BusinessPermission,
} from '@corkboard/shared/business/permissions';
import { currencyOf } from '@corkboard/shared/business/quick-promote';
import { isPromotable, siteTypeOf } from '@corkboard/shared/business/eligibility';
import { validateEmail } from '@corkboard/shared/auth/email';
import type { AppDeps } from '../../core/app-deps.ts';
import { thumbnail } from '../../core/media-urls.ts';
import { serializeUserSummary } from '../../core/serializers.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  BUSINESS_INVITE_TTL_MS,
  hashBusinessInviteToken,
  newBusinessInviteToken,
} from './business-mail.ts';
import { BUSINESS_INVITE_MAIL_JOB } from './business-invite-mail.jobs.ts';
import {
  accessRowsOf,
  adAccountsOfProfiles,
  countRecentInvites,
  deleteInvite,
  deleteMember,
  findAdAccount,
  findInviteByTokenHash,
  findPerson,
  findProfile,
  findUserIdByEmail,
  hasProfile,
  insertAdAccount,
  insertBusinessUser,
  insertInvite,
  insertMember,
  insertProfile,
  listMembers,
  listPendingInvites,
  makeBusinessAccount,
  markInviteAccepted,
  hasDisabledAdAccount,
  permissionsOn,
  personFacts,
  revokeInvite,
  takenUsernames,
  updateMemberPermissions,
  type AccessRow,
  type AdAccountRow,
  type ProfileRow,
} from './business.repository.ts';

/** Not in the spec: the most profiles one person's access list shows. */
export const ACCESS_PROFILES_MAX = 100;
/** Not in the spec: business invitations one business may send per 24 hours (as board invites). */
export const BUSINESS_INVITES_PER_DAY = 50;
/** Not in the spec: members and pending invitations listed per page. */
export const MEMBERS_PAGE_SIZE = 50;
/** Linked business usernames end with this, so a business name never takes a route's name. */
export const LINKED_USERNAME_SUFFIX = '_biz';

const DAY_MS = 24 * 60 * 60_000;

// ---------------------------------------------------------------------------------------------
// The MFA requirement

/**
 * Whether acting for a business without OWNER needs the MFA requirement (business.md §6). True:
 * a member without OWNER acts only with two-factor sign-in turned on (docs/decisions/101).
 */
export const BUSINESS_REQUIRES_MFA = true;

/**
 * Whether a person meets the MFA requirement for acting as a business (business.md §6): a
 * verified second factor (authenticator app or SMS, account-security). This replaced the interim
 * business_mfa_flags rule of decision 101 when two-factor landed; that table is no longer read.
 */
export async function meetsMfaRequirement(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<boolean> {
  if (!BUSINESS_REQUIRES_MFA) return true;
  return userMeetsMfaRequirement(deps, userId);
}

/** business.md §6: acting applies only with the MFA requirement or OWNER. */
export async function mayActFor(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  permissions: readonly BusinessPermission[],
): Promise<boolean> {
  return permissions.includes('OWNER') || (await meetsMfaRequirement(deps, userId));
}

// ---------------------------------------------------------------------------------------------
// Serialising

function profileImage(deps: Pick<AppDeps, 'storage'>, row: ProfileRow): string | null {
  return row.avatar_variants === null
    ? row.image_url
    : thumbnail(deps.storage, row.avatar_variants).url;
}

async function serializeAccess(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  viewer: Viewer,
  rows: AccessRow[],
): Promise<BusinessAccessProfile[]> {
  const accounts = await adAccountsOfProfiles(
    deps.db,
    rows.map((row) => row.user_id),
  );
  const meetsMfa = await meetsMfaRequirement(deps, viewer.id);
  return rows.map((row) => ({
    id: row.user_id,
    permissions: row.permissions,
    user: {
      username: row.username,
      businessName: row.business_name,
      imgUrl: profileImage(deps, row),
      // No catalogs yet: no profile has a merchant id.
      merchantId: null,
      // Shop-the-look tagging needs a claimed website (docs/decisions/100).
      eligibleForStlTool: row.website_url !== null,
      // Scheduled pins do not exist yet: none is ever scheduled.
      scheduledPinCount: 0,
    },
    viewerMeetsMfaRequirement: meetsMfa,
    advertisers: accounts
      .filter((account) => account.profile_id === row.user_id)
      .map(({ id, name, country, currency }) => ({ id, name, country, currency })),
    can_act: row.permissions.includes('OWNER') || meetsMfa,
  }));
}

/** GET /vx/business_access/profiles/. */
export async function accessProfiles(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  viewer: Viewer,
): Promise<BusinessAccessProfile[]> {
  return serializeAccess(deps, viewer, await accessRowsOf(deps.db, viewer.id, ACCESS_PROFILES_MAX));
}

async function accessProfileOf(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  viewer: Viewer,
  profileId: string,
): Promise<BusinessAccessProfile> {
  const rows = await accessRowsOf(deps.db, viewer.id, ACCESS_PROFILES_MAX);
  const [profile] = await serializeAccess(
    deps,
    viewer,
    rows.filter((row) => row.user_id === profileId),
  );
  if (!profile) throw new Error(`profile ${profileId} is not reachable right after its creation`);
  return profile;
}

// ---------------------------------------------------------------------------------------------
// Create and convert

/** `Mara's Kitchen` → `maraskitchen_biz` (then `maraskitchen1_biz`, … when taken). */
export function linkedUsernameBase(businessName: string): string {
  const letters = businessName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 20);
  return letters.length >= 2 ? letters : `business${letters}`;
}

async function pickLinkedUsername(db: Kysely<Database>, businessName: string): Promise<string> {
  const base = linkedUsernameBase(businessName);
  const taken = new Set(await takenUsernames(db, base));
  for (let n = 0; ; n += 1) {
    const candidate = `${base}${n === 0 ? '' : String(n)}${LINKED_USERNAME_SUFFIX}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function addFirstAdAccount(
  trx: Kysely<Database>,
  profileId: string,
  details: BusinessDetails,
): Promise<string> {
  return insertAdAccount(trx, {
    profileId,
    name: details.business_name,
    country: details.country,
    currency: currencyOf(details.country),
  });
}

/** POST /v3/business/create/: a linked business profile the viewer owns. */
export async function createBusiness(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  viewer: Viewer,
  details: BusinessDetails,
): Promise<BusinessCreated> {
  const { profileId, advertiserId } = await deps.db.transaction().execute(async (trx) => {
    const username = await pickLinkedUsername(trx, details.business_name);
    const id = await insertBusinessUser(trx, {
      username,
      businessName: details.business_name,
      country: details.country,
      locale: details.language === 'es' ? 'es-ES' : 'en-US',
    });
    await insertProfile(trx, {
      userId: id,
      businessName: details.business_name,
      websiteUrl: details.website_url ?? null,
      country: details.country,
      language: details.language,
      advertisingIntent: details.advertising_intent,
      createdById: viewer.id,
    });
    await insertMember(trx, {
      profileId: id,
      userId: viewer.id,
      permissions: ['OWNER'],
      invitedById: null,
    });
    return { profileId: id, advertiserId: await addFirstAdAccount(trx, id, details) };
  });
  deps.log.info({ by: viewer.id, profile_id: profileId }, 'business: linked profile created');
  return { profile: await accessProfileOf(deps, viewer, profileId), advertiser_id: advertiserId };
}

/** POST /v3/business/convert/: the viewer's own account becomes a business account. */
export async function convertToBusiness(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  viewer: Viewer,
  details: BusinessDetails,
): Promise<BusinessCreated> {
  const advertiserId = await deps.db.transaction().execute(async (trx) => {
    // The row lock makes two concurrent converts of one account queue: the second sees the first.
    await trx.selectFrom('users').select('id').where('id', '=', viewer.id).forUpdate().execute();
    if (await hasProfile(trx, viewer.id)) throw new AppError('BUSINESS_ALREADY_BUSINESS');
    await makeBusinessAccount(trx, viewer.id);
    await insertProfile(trx, {
      userId: viewer.id,
      businessName: details.business_name,
      websiteUrl: details.website_url ?? null,
      country: details.country,
      language: details.language,
      advertisingIntent: details.advertising_intent,
      createdById: viewer.id,
    });
    return addFirstAdAccount(trx, viewer.id, details);
  });
  deps.log.info({ by: viewer.id }, 'business: account converted');
  return { profile: await accessProfileOf(deps, viewer, viewer.id), advertiser_id: advertiserId };
}

// ---------------------------------------------------------------------------------------------
// Access checks every console route makes

/** The viewer's permissions on a profile; BUSINESS_PROFILE_NOT_FOUND when they have none. */
export async function requireProfile(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  profileId: string,
  capability: BusinessCapability | null,
): Promise<BusinessPermission[]> {
  const permissions = await permissionsOn(deps.db, profileId, viewer.id);
  if (!permissions) throw new AppError('BUSINESS_PROFILE_NOT_FOUND');
  if (capability !== null && !hasCapability(permissions, capability)) {
    throw new AppError('BUSINESS_PERMISSION_DENIED', { data: { capability } });
  }
  return permissions;
}

export interface AdvertiserAccess {
  account: AdAccountRow;
  permissions: BusinessPermission[];
}

/**
 * The ad account and the viewer's permissions on its business; ADVERTISER_NOT_FOUND when the
 * viewer has no access at all (as if it did not exist), BUSINESS_PERMISSION_DENIED when their
 * permissions do not grant `capability`.
 */
export async function requireAdvertiser(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
  capability: BusinessCapability,
): Promise<AdvertiserAccess> {
  const account = await findAdAccount(deps.db, advertiserId);
  const permissions = account && (await permissionsOn(deps.db, account.profile_id, viewer.id));
  if (!account || !permissions) throw new AppError('ADVERTISER_NOT_FOUND');
  if (!hasCapability(permissions, capability)) {
    throw new AppError('BUSINESS_PERMISSION_DENIED', { data: { capability } });
  }
  return { account, permissions };
}

/** GET /v3/ads/advertisers/{id}/: the console's context (anyone with any access). */
export async function advertiserContext(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  advertiserId: string,
): Promise<AdvertiserContext> {
  const { account, permissions } = await requireAdvertiser(
    deps,
    viewer,
    advertiserId,
    'view_reporting',
  );
  const profile = await findProfile(deps.db, account.profile_id);
  if (!profile) throw new AppError('ADVERTISER_NOT_FOUND');
  return {
    id: account.id,
    name: account.name,
    country: account.country,
    currency: account.currency,
    profile: {
      id: profile.user_id,
      username: profile.username,
      business_name: profile.business_name,
    },
    permissions,
    capabilities: capabilitiesOf(permissions),
  };
}

/** The advertiser an ad account id names, for code that already checked access. */
export function findAdvertiser(
  deps: Pick<AppDeps, 'db'>,
  advertiserId: string,
): Promise<AdAccountRow | undefined> {
  return findAdAccount(deps.db, advertiserId);
}

/** The business name shown as 'Promoted by {advertiser}'. */
export async function businessNameOf(
  deps: Pick<AppDeps, 'db'>,
  profileId: string,
): Promise<string | undefined> {
  return (await findProfile(deps.db, profileId))?.business_name;
}

// ---------------------------------------------------------------------------------------------
// Promote eligibility (business.md §5.1; the rule is @corkboard/shared/business/eligibility)

export interface PromotablePin {
  pinner_id: string;
  link: string | null;
  board_privacy: string;
}

/**
 * `is_promotable` of a pin for the viewer: the pinner is the viewer, the pin is not secret and
 * links to an outside website, the viewer is not a partner, does not act for a business, has no
 * business exemption (a disabled ad account) and the account is not old (docs/decisions/102).
 */
export async function promotableFor(
  deps: Pick<AppDeps, 'db' | 'now' | 'publicUrl'>,
  viewerId: string | null,
  pin: PromotablePin,
  acting: boolean,
): Promise<boolean> {
  if (viewerId === null || pin.pinner_id !== viewerId || acting) return false;
  const facts = await personFacts(deps.db, viewerId);
  if (!facts) return false;
  return isPromotable({
    viewerIsPinner: true,
    pinIsPublic: pin.board_privacy !== 'secret',
    siteType: siteTypeOf(pin.link, deps.publicUrl),
    signedIn: true,
    isPartner: facts.account_type === 'business',
    acting,
    hasBusinessExemption: await hasDisabledAdAccount(deps.db, viewerId),
    accountCreatedAt: facts.created_at,
    now: deps.now(),
  });
}

// ---------------------------------------------------------------------------------------------
// Members and invitations (accepted like board invitations)

export async function members(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  viewer: Viewer,
  profileId: string,
): Promise<{ members: BusinessMember[]; invites: BusinessInvite[] }> {
  await requireProfile(deps, viewer, profileId, 'manage_members');
  const profile = await findPerson(deps.db, profileId);
  const rows = await listMembers(deps.db, profileId, undefined, MEMBERS_PAGE_SIZE);
  const pending = await listPendingInvites(deps.db, profileId, new Date(), MEMBERS_PAGE_SIZE);
  const list: BusinessMember[] = [];
  if (profile) {
    list.push({
      user: serializeUserSummary(deps.storage, profile),
      permissions: ['OWNER'],
      is_profile: true,
    });
  }
  for (const row of rows) {
    list.push({
      user: serializeUserSummary(deps.storage, row),
      permissions: row.permissions,
      is_profile: false,
    });
  }
  return {
    members: list,
    invites: pending.map((invite) => ({
      id: invite.id,
      email: invite.email,
      permissions: invite.permissions,
      created_at: invite.created_at.toISOString(),
      expires_at: invite.expires_at.toISOString(),
    })),
  };
}

/** POST /v3/business/profiles/{id}/invites/: mails an invitation link. */
export async function inviteMember(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'now' | 'log'>,
  viewer: Viewer,
  profileId: string,
  body: BusinessInviteBody,
): Promise<BusinessInvite> {
  await requireProfile(deps, viewer, profileId, 'manage_members');
  const email = body.email.trim();
  if (validateEmail(email) !== null) {
    throw new AppError('BUSINESS_EMAIL_INVALID', { data: { field: 'email' } });
  }
  const existing = await findUserIdByEmail(deps.db, email);
  if (existing !== undefined && (await permissionsOn(deps.db, profileId, existing))) {
    throw new AppError('BUSINESS_INVITE_SELF', { data: { field: 'email' } });
  }
  const now = deps.now();
  if (
    (await countRecentInvites(deps.db, profileId, new Date(now.getTime() - DAY_MS))) >=
    BUSINESS_INVITES_PER_DAY
  ) {
    throw new AppError('BUSINESS_INVITE_LIMIT');
  }
  const profile = await findProfile(deps.db, profileId);
  const inviter = await findPerson(deps.db, viewer.id);
  if (!profile || !inviter) throw new AppError('BUSINESS_PROFILE_NOT_FOUND');
  const token = newBusinessInviteToken();
  const expiresAt = new Date(now.getTime() + BUSINESS_INVITE_TTL_MS);
  const id = await insertInvite(deps.db, {
    profileId,
    email,
    permissions: body.permissions,
    tokenHash: hashBusinessInviteToken(token),
    invitedById: viewer.id,
    expiresAt,
    now,
  });
  // Decision 143: the mail is a durable job accepted after the insert; the worker mints the
  // link's token (the one stored above is a placeholder nobody has). A job that cannot be
  // accepted takes the invitation back: no mail, no invitation.
  try {
    await deps.jobs.send(BUSINESS_INVITE_MAIL_JOB, { invite_id: id });
  } catch (error) {
    deps.log.error({ err: error, profile_id: profileId }, 'business: invitation mail not queued');
    await deleteInvite(deps.db, id);
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  deps.log.info({ by: viewer.id, profile_id: profileId, invite_id: id }, 'business: invite queued');
  return {
    id,
    email,
    permissions: body.permissions,
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
  };
}

export async function revokeMemberInvite(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  profileId: string,
  inviteId: string,
): Promise<void> {
  await requireProfile(deps, viewer, profileId, 'manage_members');
  if (!(await revokeInvite(deps.db, profileId, inviteId, deps.now()))) {
    throw new AppError('BUSINESS_INVITE_TOKEN_INVALID');
  }
}

export async function changeMember(
  deps: Pick<AppDeps, 'db' | 'log'>,
  viewer: Viewer,
  profileId: string,
  userId: string,
  permissions: BusinessPermission[] | null,
): Promise<void> {
  await requireProfile(deps, viewer, profileId, 'manage_members');
  if (userId === profileId) throw new AppError('BUSINESS_MEMBER_NOT_FOUND');
  const changed =
    permissions === null
      ? await deleteMember(deps.db, profileId, userId)
      : await updateMemberPermissions(deps.db, profileId, userId, permissions);
  if (!changed) throw new AppError('BUSINESS_MEMBER_NOT_FOUND');
  deps.log.info(
    { by: viewer.id, profile_id: profileId, user_id: userId, permissions },
    'business: member changed',
  );
}

async function validInvite(
  deps: Pick<AppDeps, 'db' | 'now'>,
  token: string,
  trx?: Kysely<Database>,
) {
  const invite = await findInviteByTokenHash(
    trx ?? deps.db,
    hashBusinessInviteToken(token),
    trx !== undefined,
  );
  if (!invite || invite.revoked_at !== null || invite.expires_at <= deps.now()) {
    throw new AppError('BUSINESS_INVITE_TOKEN_INVALID');
  }
  return invite;
}

/** GET /v3/business_invites/?token=: what the link is about (visitors too). */
export async function previewInvite(
  deps: Pick<AppDeps, 'db' | 'now' | 'storage'>,
  token: string,
): Promise<BusinessInvitePreview> {
  const invite = await validInvite(deps, token);
  if (invite.accepted_by_id !== null) throw new AppError('BUSINESS_INVITE_TOKEN_INVALID');
  const profile = await findProfile(deps.db, invite.profile_id);
  if (!profile) throw new AppError('BUSINESS_INVITE_TOKEN_INVALID');
  const inviter =
    invite.invited_by_id === null ? undefined : await findPerson(deps.db, invite.invited_by_id);
  return {
    business_name: profile.business_name,
    username: profile.username,
    permissions: invite.permissions,
    inviter: inviter ? serializeUserSummary(deps.storage, inviter) : null,
  };
}

/** POST /v3/business_invites/accept/: idempotent for the person who accepted it. */
export async function acceptInvite(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  token: string,
): Promise<BusinessInviteOutcome> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const invite = await validInvite(deps, token, trx);
    if (invite.accepted_by_id !== null) {
      if (invite.accepted_by_id !== viewer.id) throw new AppError('BUSINESS_INVITE_TOKEN_INVALID');
      return { profile_id: invite.profile_id, permissions: invite.permissions };
    }
    if (invite.profile_id === viewer.id) throw new AppError('BUSINESS_INVITE_SELF');
    await insertMember(trx, {
      profileId: invite.profile_id,
      userId: viewer.id,
      permissions: invite.permissions,
      invitedById: invite.invited_by_id,
    });
    await markInviteAccepted(trx, invite.id, viewer.id, deps.now());
    return { profile_id: invite.profile_id, permissions: invite.permissions };
  });
  deps.log.info({ by: viewer.id, profile_id: outcome.profile_id }, 'business: invite accepted');
  return outcome;
}
