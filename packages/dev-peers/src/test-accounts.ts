// The test accounts the launcher gives each peer. Each set covers the cases the product must
// handle: verified and unverified e-mail, no e-mail, a Workspace (hosted-domain) account,
// non-Latin names, and (in facebook/instagram modules' sets) silhouettes and missing birthdays.
// Addresses use reserved example domains; pictures default to the peers' own generated avatars.
import type { FacebookTestUser } from './facebook-types.ts';
import type { InstagramTestUser } from './instagram.ts';
import type { OidcTestAccount } from './oidc-issuer.ts';

export const GOOGLE_TEST_ACCOUNTS: readonly OidcTestAccount[] = [
  {
    sub: '104000000000000000001',
    email: 'ada.lovelace@example.com',
    email_verified: true,
    name: 'Ada Lovelace',
    given_name: 'Ada',
    family_name: 'Lovelace',
    locale: 'en',
  },
  {
    sub: '104000000000000000002',
    email: 'grace.hopper@example.org',
    email_verified: false,
    name: 'Grace Hopper',
    given_name: 'Grace',
    family_name: 'Hopper',
    locale: 'en',
  },
  {
    sub: '104000000000000000003',
    email: 'alan.turing@bletchley.example',
    email_verified: true,
    name: 'Alan Turing',
    given_name: 'Alan',
    family_name: 'Turing',
    locale: 'en-GB',
    hd: 'bletchley.example',
  },
];

export const LINE_TEST_ACCOUNTS: readonly OidcTestAccount[] = [
  {
    sub: 'U4af4980629c9a4f0a1b2c3d4e5f60001',
    email: 'hanako.yamada@example.jp',
    name: '山田 花子',
  },
  {
    // LINE users often decline to share their e-mail address.
    sub: 'U4af4980629c9a4f0a1b2c3d4e5f60002',
    name: 'Sato Taro',
  },
];

export const ENTERPRISE_TEST_ACCOUNTS: readonly OidcTestAccount[] = [
  {
    sub: '00u1a2b3c4d5e6f7g8h9',
    email: 'alex.rivera@acme.example',
    email_verified: true,
    name: 'Alex Rivera',
    given_name: 'Alex',
    family_name: 'Rivera',
    locale: 'en-US',
  },
  {
    sub: '00u9h8g7f6e5d4c3b2a1',
    email: 'sam.chen@acme.example',
    email_verified: true,
    name: 'Sam Chen',
    given_name: 'Sam',
    family_name: 'Chen',
    locale: 'en-US',
  },
];

export const FACEBOOK_TEST_USERS: readonly FacebookTestUser[] = [
  {
    id: '10000000000000001',
    first_name: 'Maya',
    last_name: 'Okafor',
    email: 'maya.okafor@example.com',
    gender: 'female',
    birthday: '04/12/1990',
  },
  {
    // Registered with a phone number: Graph returns no e-mail even with the email permission.
    id: '10000000000000002',
    first_name: 'Liam',
    last_name: 'Novak',
    gender: 'male',
    birthday: '11/03/1985',
  },
  {
    // No profile photo: picture.data.is_silhouette is true.
    id: '10000000000000003',
    first_name: 'Noor',
    last_name: 'Haddad',
    email: 'noor.haddad@example.net',
    gender: 'female',
    birthday: '07/22/1995',
    silhouette: true,
  },
  {
    // Shares no birthday at all.
    id: '10000000000000004',
    first_name: 'Jun',
    last_name: 'Park',
    email: 'jun.park@example.com',
    gender: 'male',
  },
  {
    // Hides the birth year: `MM/DD` is not a usable date of birth.
    id: '10000000000000005',
    first_name: 'Eli',
    last_name: 'Brooks',
    email: 'eli.brooks@example.com',
    birthday: '07/22',
  },
  {
    // A multi-word name, for the full-name split rule.
    id: '10000000000000006',
    first_name: 'Ana María',
    last_name: 'de la Cruz',
    email: 'ana.delacruz@example.com',
    gender: 'female',
    birthday: '01/30/2001',
  },
];

export const INSTAGRAM_TEST_USERS: readonly InstagramTestUser[] = [
  {
    id: '7841400000000001',
    username: 'mara_cooks',
    name: 'Mara Cooks',
    account_type: 'BUSINESS',
    media: [
      {
        id: '9000000000000101',
        caption: 'Sourdough, day three #bread',
        media_type: 'IMAGE',
        timestamp: '2026-10-30T08:15:00+0000',
      },
      {
        id: '9000000000000102',
        caption: 'Shaping the loaves',
        media_type: 'VIDEO',
        timestamp: '2026-11-02T09:00:00+0000',
      },
      {
        id: '9000000000000103',
        caption: 'Market stall',
        media_type: 'CAROUSEL_ALBUM',
        timestamp: '2026-11-10T11:30:00+0000',
      },
    ],
  },
  {
    // A personal account with no posts yet.
    id: '7841400000000002',
    username: 'ben.woodworks',
    account_type: 'PERSONAL',
    media: [],
  },
];
