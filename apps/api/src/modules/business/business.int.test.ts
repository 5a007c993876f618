// Business accounts and access (business.md §2.5, §3, §6; docs/decisions/100, 101): create and
// convert, the access-profile shape, members and invitations by a real mail over SMTP, every
// read and write checked against the viewer's permissions, and acting for a business (OWNER or
// the MFA requirement) when saving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import type {
  AdvertiserContext,
  BusinessAccessProfile,
  BusinessCreated,
  BusinessInvite,
  BusinessInviteOutcome,
  BusinessInvitePreview,
  BusinessMember,
} from '@corkboard/shared/business/api';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import { createFixtures, type Fixtures, type UserFixture } from '../../test/fixtures.ts';
import type { Who } from '../../test/api-client.ts';
import {
  plainText,
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from '../../test/smtp-sink.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { BUSINESS_INVITE_MAIL_JOB } from './business-invite-mail.jobs.ts';

const CODES = ERROR_CODES;

const details = {
  business_name: "Mara's Kitchen",
  website_url: 'https://maras.example',
  country: 'US',
  language: 'en',
  advertising_intent: 'products',
};

let handle: DbHandle;
let f: Fixtures;
let test: TestApp;
let smtp: SmtpSink;
const inbox: ReceivedMail[] = [];

function inviteToken(mail: ReceivedMail): string {
  const match = /http:\/\/corkboard\.test\/invite\/business\/\?token=([A-Za-z0-9_%-]+)/.exec(
    plainText(mail.raw),
  );
  if (!match?.[1]) throw new Error(`no invitation link in:\n${mail.raw}`);
  return decodeURIComponent(match[1]);
}

/** The fixtures' address for a person. */
function emailOf(user: UserFixture): string {
  return `${user.username.toLowerCase()}@example.test`;
}

function post<T>(url: string, body: unknown, who: Who) {
  return test.client.send<T>('POST', url, body, who);
}

async function createBusiness(owner: UserFixture, name = details.business_name) {
  const created = await post<BusinessCreated>(
    '/v3/business/create/',
    { ...details, business_name: name },
    owner,
  );
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  return created.data;
}

/** Invites `email` to `profileId` with `permissions` and answers the link's token. */
async function inviteByMail(by: Who, profileId: string, email: string, permissions: string[]) {
  // Mail is a durable job (decision 143): earlier tests' accepted invitations go out first.
  await test.app.jobs.workDue(BUSINESS_INVITE_MAIL_JOB);
  const before = inbox.length;
  const sent = await post<BusinessInvite>(
    `/v3/business/profiles/${profileId}/invites/`,
    { email, permissions },
    by,
  );
  expect(sent.status, JSON.stringify(sent.data)).toBe(200);
  expect(await test.app.jobs.workDue(BUSINESS_INVITE_MAIL_JOB)).toBe(1);
  const mail = inbox[before];
  if (inbox.length !== before + 1 || !mail) throw new Error('expected exactly one mail');
  expect(mail.to).toEqual([email]);
  return { invite: sent.data, token: inviteToken(mail) };
}

/** A member of `profileId` with `permissions`, through a real invitation. */
async function member(owner: Who, profileId: string, permissions: string[]) {
  const person = await f.user();
  const { token } = await inviteByMail(owner, profileId, emailOf(person), permissions);
  const accepted = await post<BusinessInviteOutcome>(
    '/v3/business_invites/accept/',
    { token },
    person,
  );
  expect(accepted.status).toBe(200);
  return person;
}

beforeAll(async () => {
  handle = await createTestDb();
  f = createFixtures(handle.db);
  smtp = await startSmtpSink(inbox);
  test = await buildTestApp(handle.db, {
    config: { smtpUrl: smtp.url, mailFrom: 'Corkboard <no-reply@corkboard.test>' },
  });
});

afterAll(async () => {
  await test.close();
  await smtp.close();
  await handle.close();
});

describe('creating and converting', () => {
  it('creates a linked business profile the creator owns, with its first ad account', async () => {
    const owner = await f.user();
    const created = await createBusiness(owner);
    expect(created.profile).toMatchObject({
      permissions: ['OWNER'],
      user: {
        username: 'maraskitchen_biz',
        businessName: "Mara's Kitchen",
        imgUrl: null,
        merchantId: null,
        eligibleForStlTool: true,
        scheduledPinCount: 0,
      },
      viewerMeetsMfaRequirement: false,
      can_act: true,
      advertisers: [{ id: created.advertiser_id, name: "Mara's Kitchen", currency: 'USD' }],
    });
    expect(created.profile.id).not.toBe(owner.id);
    const listed = await test.client.get<BusinessAccessProfile[]>(
      '/vx/business_access/profiles/',
      owner,
    );
    expect(listed.data.map((profile) => profile.id)).toEqual([created.profile.id]);
    // A second business of the same name gets the next free username.
    const again = await createBusiness(owner);
    expect(again.profile.user.username).toBe('maraskitchen1_biz');
  });

  it('converts a personal account in place, once (BUSINESS_ALREADY_BUSINESS)', async () => {
    const person = await f.user();
    await f.board(person, { name: 'Kept board' });
    const converted = await post<BusinessCreated>(
      '/v3/business/convert/',
      { ...details, country: 'GB' },
      person,
    );
    expect(converted.status).toBe(200);
    expect(converted.data.profile).toMatchObject({
      id: person.id,
      permissions: ['OWNER'],
      user: { username: person.username },
      advertisers: [{ country: 'GB', currency: 'GBP' }],
    });
    const row = await handle.db
      .selectFrom('users')
      .select(['account_type', 'board_count'])
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ account_type: 'business', board_count: 1 });
    const twice = await post('/v3/business/convert/', details, person);
    expect(twice.status).toBe(409);
    expect(twice.code).toBe(CODES.BUSINESS_ALREADY_BUSINESS.code);
  });

  it('refuses bad details with field codes and writes nothing', async () => {
    const person = await f.user();
    const blank = await post('/v3/business/create/', { ...details, business_name: '  ' }, person);
    expect(blank.status).toBe(400);
    expect(blank.code).toBe(CODES.BUSINESS_NAME_REQUIRED.code);
    expect(blank.errorData['field']).toBe('business_name');
    const site = await post(
      '/v3/business/create/',
      { ...details, website_url: 'javascript:alert(1)' },
      person,
    );
    expect(site.code).toBe(CODES.BUSINESS_WEBSITE_INVALID.code);
    const country = await post('/v3/business/create/', { ...details, country: 'XX' }, person);
    expect(country.code).toBe(CODES.VALIDATION_FAILED.code);
    const members = await handle.db
      .selectFrom('business_members')
      .select('profile_id')
      .where('user_id', '=', person.id)
      .execute();
    expect(members).toEqual([]);
  });

  it('needs a signed-in person', async () => {
    const visitor = await post('/v3/business/create/', details, null);
    expect(visitor.status).toBe(401);
    const profiles = await test.client.get('/vx/business_access/profiles/', null);
    expect(profiles.status).toBe(401);
  });
});

describe('members and invitations', () => {
  it('invites by e-mail; the link previews, is accepted once, and grants the permissions', async () => {
    const owner = await f.user();
    const { profile } = await createBusiness(owner, 'Invite Co');
    const invitee = await f.user();
    const { invite, token } = await inviteByMail(owner, profile.id, emailOf(invitee), [
      'CAMPAIGN_MANAGER',
    ]);
    const stored = await handle.db
      .selectFrom('business_invites')
      .select('token_hash')
      .where('id', '=', invite.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const preview = await test.client.get<BusinessInvitePreview>(
      `/v3/business_invites/?token=${encodeURIComponent(token)}`,
      null,
    );
    expect(preview.data).toMatchObject({
      business_name: 'Invite Co',
      permissions: ['CAMPAIGN_MANAGER'],
      inviter: { id: owner.id },
    });
    const accepted = await post<BusinessInviteOutcome>(
      '/v3/business_invites/accept/',
      { token },
      invitee,
    );
    expect(accepted.data).toEqual({ profile_id: profile.id, permissions: ['CAMPAIGN_MANAGER'] });
    // Idempotent for the person who accepted; nobody else can use it.
    const again = await post('/v3/business_invites/accept/', { token }, invitee);
    expect(again.status).toBe(200);
    const stranger = await f.user();
    const stolen = await post('/v3/business_invites/accept/', { token }, stranger);
    expect(stolen.code).toBe(CODES.BUSINESS_INVITE_TOKEN_INVALID.code);

    const theirs = await test.client.get<BusinessAccessProfile[]>(
      '/vx/business_access/profiles/',
      invitee,
    );
    expect(theirs.data).toMatchObject([
      { id: profile.id, permissions: ['CAMPAIGN_MANAGER'], can_act: false },
    ]);
    const list = await test.client.get<{ members: BusinessMember[]; invites: BusinessInvite[] }>(
      `/v3/business/profiles/${profile.id}/members/`,
      owner,
    );
    expect(list.data.invites).toEqual([]);
    expect(list.data.members.map((m) => [m.user.id, m.permissions, m.is_profile])).toEqual([
      [profile.id, ['OWNER'], true],
      [owner.id, ['OWNER'], false],
      [invitee.id, ['CAMPAIGN_MANAGER'], false],
    ]);
  });

  it('refuses an unknown token, a bad address, no permissions and inviting a member', async () => {
    const owner = await f.user();
    const { profile } = await createBusiness(owner, 'Strict Co');
    const unknown = await post('/v3/business_invites/accept/', { token: 'x'.repeat(43) }, owner);
    expect(unknown.code).toBe(CODES.BUSINESS_INVITE_TOKEN_INVALID.code);
    const url = `/v3/business/profiles/${profile.id}/invites/`;
    const badMail = await post(url, { email: 'nope', permissions: ['ANALYST'] }, owner);
    expect(badMail.code).toBe(CODES.BUSINESS_EMAIL_INVALID.code);
    const none = await post(url, { email: 'a@example.org', permissions: [] }, owner);
    expect(none.code).toBe(CODES.BUSINESS_PERMISSIONS_INVALID.code);
    const ownerRole = await post(url, { email: 'a@example.org', permissions: ['OWNER'] }, owner);
    expect(ownerRole.code).toBe(CODES.BUSINESS_PERMISSIONS_INVALID.code);
    const self = await post(url, { email: emailOf(owner), permissions: ['ANALYST'] }, owner);
    expect(self.code).toBe(CODES.BUSINESS_INVITE_SELF.code);
  });

  it('withdraws an invitation, changes and removes members (the profile itself stays)', async () => {
    const owner = await f.user();
    const { profile } = await createBusiness(owner, 'Change Co');
    const { invite, token } = await inviteByMail(owner, profile.id, 'later@example.org', [
      'ANALYST',
    ]);
    const withdrawn = await test.client.send(
      'DELETE',
      `/v3/business/profiles/${profile.id}/invites/${invite.id}/`,
      undefined,
      owner,
    );
    expect(withdrawn.status).toBe(200);
    const late = await f.user();
    const dead = await post('/v3/business_invites/accept/', { token }, late);
    expect(dead.code).toBe(CODES.BUSINESS_INVITE_TOKEN_INVALID.code);

    const analyst = await member(owner, profile.id, ['ANALYST']);
    const memberUrl = `/v3/business/profiles/${profile.id}/members/${analyst.id}/`;
    const changed = await test.client.send('PUT', memberUrl, { permissions: ['ADMIN'] }, owner);
    expect(changed.status).toBe(200);
    expect(await permissionsOf(profile.id, analyst.id)).toEqual(['ADMIN']);
    const removed = await test.client.send('DELETE', memberUrl, undefined, owner);
    expect(removed.status).toBe(200);
    expect(await permissionsOf(profile.id, analyst.id)).toBeUndefined();
    const gone = await test.client.send('DELETE', memberUrl, undefined, owner);
    expect(gone.code).toBe(CODES.BUSINESS_MEMBER_NOT_FOUND.code);
    const profileItself = await test.client.send(
      'DELETE',
      `/v3/business/profiles/${profile.id}/members/${profile.id}/`,
      undefined,
      owner,
    );
    expect(profileItself.code).toBe(CODES.BUSINESS_MEMBER_NOT_FOUND.code);
  });
});

async function permissionsOf(profileId: string, userId: string) {
  const row = await handle.db
    .selectFrom('business_members')
    .select('permissions')
    .where('profile_id', '=', profileId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.permissions;
}

describe('permissions on the server', () => {
  it('lets only manage_members holders read and change members; strangers learn nothing', async () => {
    const owner = await f.user();
    const { profile, advertiser_id: advertiserId } = await createBusiness(owner, 'Guarded Co');
    const analyst = await member(owner, profile.id, ['ANALYST']);
    const finance = await member(owner, profile.id, ['FINANCE_MANAGER']);
    const admin = await member(owner, profile.id, ['ADMIN']);
    const stranger = await f.user();
    const membersUrl = `/v3/business/profiles/${profile.id}/members/`;
    const inviteUrl = `/v3/business/profiles/${profile.id}/invites/`;
    const body = { email: 'someone@example.org', permissions: ['ANALYST'] };

    for (const who of [analyst, finance]) {
      const read = await test.client.get(membersUrl, who);
      expect(read.status).toBe(403);
      expect(read.code).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);
      expect(read.errorData['capability']).toBe('manage_members');
      const write = await post(inviteUrl, body, who);
      expect(write.code).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);
      const change = await test.client.send(
        'PUT',
        `${membersUrl}${admin.id}/`,
        { permissions: ['ANALYST'] },
        who,
      );
      expect(change.code).toBe(CODES.BUSINESS_PERMISSION_DENIED.code);
    }
    const strangerRead = await test.client.get(membersUrl, stranger);
    expect(strangerRead.status).toBe(404);
    expect(strangerRead.code).toBe(CODES.BUSINESS_PROFILE_NOT_FOUND.code);
    expect((await post(inviteUrl, body, stranger)).code).toBe(
      CODES.BUSINESS_PROFILE_NOT_FOUND.code,
    );
    expect((await test.client.get(membersUrl, admin)).status).toBe(200);
    expect((await post(inviteUrl, body, admin)).status).toBe(200);

    // The console's context: any member, with the capabilities their permissions grant.
    const contextUrl = `/v3/ads/advertisers/${advertiserId}/`;
    const asAnalyst = await test.client.get<AdvertiserContext>(contextUrl, analyst);
    expect(asAnalyst.data).toMatchObject({
      id: advertiserId,
      permissions: ['ANALYST'],
      capabilities: ['view_reporting'],
      profile: { id: profile.id, business_name: 'Guarded Co' },
    });
    const asFinance = await test.client.get<AdvertiserContext>(contextUrl, finance);
    expect(asFinance.data.capabilities).toEqual([
      'view_reporting',
      'view_billing',
      'manage_billing',
    ]);
    const asStranger = await test.client.get(contextUrl, stranger);
    expect(asStranger.status).toBe(404);
    expect(asStranger.code).toBe(CODES.ADVERTISER_NOT_FOUND.code);
  });
});

describe('acting for a business while saving (§6; saving.md §1, §2.6)', () => {
  function createBoard(options: Record<string, unknown>, who: Who) {
    return test.client.resourceCreate<PickerBoardItem>('BoardResource', options, who);
  }

  it('applies with OWNER or the MFA requirement; boards are protected and never secret', async () => {
    const owner = await f.user();
    const { profile, advertiser_id: advertiserId } = await createBusiness(owner, 'Acting Co');
    const manager = await member(owner, profile.id, ['CAMPAIGN_MANAGER']);

    const byOwner = await createBoard({ name: 'Spring ads', advertiser_id: advertiserId }, owner);
    expect(byOwner.status, JSON.stringify(byOwner.data)).toBe(200);
    expect(byOwner.data).toMatchObject({ privacy: 'protected', owner: { id: profile.id } });
    const secret = await createBoard(
      { name: 'Hidden ads', privacy: 'secret', advertiser_id: advertiserId },
      owner,
    );
    expect(secret.status).toBe(400);

    const noMfa = await createBoard({ name: 'Manager ads', advertiser_id: advertiserId }, manager);
    expect(noMfa.status).toBe(403);
    expect(noMfa.code).toBe(CODES.BUSINESS_ACTING_MFA_REQUIRED.code);
    // Two-factor on (a verified authenticator factor) meets the requirement.
    await handle.db
      .insertInto('mfa_factors')
      .values({
        user_id: manager.id,
        kind: 'totp',
        secret_encrypted: 'not-used-by-this-check',
        verified_at: new Date(),
      })
      .execute();
    const withMfa = await createBoard(
      { name: 'Manager ads', orbac_subject_id: profile.id, advertiser_id: advertiserId },
      manager,
    );
    expect(withMfa.status).toBe(200);
    expect(withMfa.data.owner.id).toBe(profile.id);

    const stranger = await f.user();
    const refused = await createBoard({ name: 'Not mine', advertiser_id: advertiserId }, stranger);
    expect(refused.code).toBe(CODES.ADVERTISER_NOT_ALLOWED.code);
  });
});
