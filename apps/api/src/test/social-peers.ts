// The loopback identity, Graph API and SMS peers of the API's integration tests (not a test file,
// so importing it registers no tests): each file starts the ones it needs, with the launcher's
// issuers, test accounts and dev credentials, the app's client registered on TEST_ORIGIN; then
// `testProviders` points the app's provider config at exactly the peers the file started.
//   const oidc = await startTestOidcPeer(['google', 'line']);
//   const test = await buildTestApp(db, { config: { providers: testProviders({ oidc }) } });
import {
  DEV_ENTERPRISE,
  DEV_FACEBOOK,
  DEV_GOOGLE,
  DEV_LINE,
  DEV_TWILIO,
} from '@corkboard/dev-peers/credentials';
import { startDnsPeer, type DnsPeer } from '@corkboard/dev-peers/dns';
import { startFacebookPeer, type FacebookPeer } from '@corkboard/dev-peers/facebook';
import type { FacebookApp } from '@corkboard/dev-peers/facebook-types';
import {
  DEV_OIDC_CLIENTS,
  DEV_OIDC_ISSUERS,
  type DevOidcIssuerId,
} from '@corkboard/dev-peers/launcher';
import { startOidcPeer, type OidcPeer } from '@corkboard/dev-peers/oidc';
import type { OidcTestAccount } from '@corkboard/dev-peers/oidc-issuer';
import { startSmsPeer, type SmsPeer } from '@corkboard/dev-peers/sms';
import { FACEBOOK_TEST_USERS } from '@corkboard/dev-peers/test-accounts';
import type { AppConfig } from '../config/config.ts';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { startSmtpSink, type ReceivedMail } from './smtp-sink.ts';
import { buildTestApp, testConfig, type TestApp } from './test-app.ts';

/** The app's origin in tests (testConfig's PUBLIC_URL); redirect URIs are registered on it. */
export const TEST_ORIGIN = 'http://corkboard.test';

/** Shown on the peers' choosers. */
const TEST_CLIENT_NAME = 'Corkboard (test)';

/** Where each dev issuer sends the browser back: Better Auth's social and SSO callbacks. */
const OIDC_CALLBACK_PATHS: Readonly<Record<DevOidcIssuerId, string>> = {
  google: '/api/auth/callback/google',
  line: '/api/auth/callback/line',
  enterprise: `/api/auth/sso/callback/${DEV_ENTERPRISE.providerId}`,
};

/** The OpenID Connect peer with the named dev issuers, the app's client registered on each. */
export async function startTestOidcPeer(ids: readonly DevOidcIssuerId[]): Promise<OidcPeer> {
  const peer = await startOidcPeer({ issuers: ids.map((id) => DEV_OIDC_ISSUERS[id]) });
  for (const id of ids) {
    peer.upsertClient(id, {
      ...DEV_OIDC_CLIENTS[id],
      redirectUris: [`${TEST_ORIGIN}${OIDC_CALLBACK_PATHS[id]}`],
      // Google Identity Services hands credentials to the page's origin.
      ...(id === 'google' ? { javascriptOrigins: [TEST_ORIGIN] } : {}),
      name: TEST_CLIENT_NAME,
    });
  }
  return peer;
}

export interface OrganisationIdpOptions {
  /** The issuer's path segment, also the provider's slug in its callback URL. */
  slug: string;
  displayName: string;
  accounts: readonly OidcTestAccount[];
  /** The app's client at the IdP; none when the test never signs in through it. */
  client?: { clientId: string; clientSecret: string };
}

/** An organisation's own identity provider (a generic issuer), as operators register one. */
export async function startOrganisationIdp(
  options: OrganisationIdpOptions,
): Promise<{ peer: OidcPeer; issuer: string }> {
  const { slug, displayName, accounts, client } = options;
  const peer = await startOidcPeer({
    issuers: [{ id: slug, displayName, flavour: 'generic', clients: [], accounts }],
  });
  if (client) {
    peer.upsertClient(slug, {
      ...client,
      redirectUris: [`${TEST_ORIGIN}/api/auth/sso/callback/${slug}`],
      name: TEST_CLIENT_NAME,
    });
  }
  return { peer, issuer: issuerUrl(peer, slug) };
}

/** The `iss` of one of the peer's issuers. */
function issuerUrl(peer: OidcPeer, id: string): string {
  const issuer = peer.issuers[id]?.issuer;
  if (!issuer) throw new Error(`the OIDC peer has no ${id} issuer`);
  return issuer;
}

/** The Graph API stand-in with the dev app (plus `extraApps`) and the Facebook test users. */
export function startTestFacebookPeer(
  extraApps: readonly FacebookApp[] = [],
): Promise<FacebookPeer> {
  return startFacebookPeer({
    apps: [
      {
        appId: DEV_FACEBOOK.appId,
        appSecret: DEV_FACEBOOK.appSecret,
        name: DEV_FACEBOOK.appName,
        redirectUris: [`${TEST_ORIGIN}/connect/facebook/`],
      },
      ...extraApps,
    ],
    users: FACEBOOK_TEST_USERS,
  });
}

/** The Twilio stand-in with the dev account and its sending number. */
export function startTestSmsPeer(): Promise<SmsPeer> {
  return startSmsPeer({
    accounts: [
      {
        accountSid: DEV_TWILIO.accountSid,
        authToken: DEV_TWILIO.authToken,
        phoneNumbers: [DEV_TWILIO.fromNumber],
        messagingServiceSids: [],
      },
    ],
  });
}

export interface TestPeers {
  /** Its dev issuers configure Google, LINE and the environment's SSO provider. */
  oidc?: OidcPeer;
  facebook?: FacebookPeer;
  sms?: SmsPeer;
  dns?: DnsPeer;
}

/** testConfig's providers, with each provider the given peers stand in for pointed at them. */
export function testProviders(peers: TestPeers): AppConfig['providers'] {
  const providers = { ...testConfig().providers };
  const issuer = (id: DevOidcIssuerId) => peers.oidc?.issuers[id]?.issuer;
  const google = issuer('google');
  if (google) {
    providers.google = {
      clientId: DEV_GOOGLE.clientId,
      clientSecret: DEV_GOOGLE.clientSecret,
      issuer: google,
      gsiClientUrl: `${google}/gsi/client`,
    };
  }
  const line = issuer('line');
  if (line) {
    providers.line = {
      channelId: DEV_LINE.channelId,
      channelSecret: DEV_LINE.channelSecret,
      issuer: line,
    };
  }
  const enterprise = issuer('enterprise');
  if (enterprise) {
    providers.envSso = {
      issuer: enterprise,
      clientId: DEV_ENTERPRISE.clientId,
      clientSecret: DEV_ENTERPRISE.clientSecret,
      emailDomain: DEV_ENTERPRISE.emailDomain,
      providerId: DEV_ENTERPRISE.providerId,
    };
  }
  if (peers.facebook) {
    const url = peers.facebook.url;
    providers.facebook = {
      appId: DEV_FACEBOOK.appId,
      appSecret: DEV_FACEBOOK.appSecret,
      graphUrl: url,
      dialogUrl: url,
      sdkBaseUrl: url,
      graphVersion: DEV_FACEBOOK.graphVersion,
    };
  }
  if (peers.sms) {
    providers.sms = {
      apiUrl: peers.sms.url,
      accountSid: DEV_TWILIO.accountSid,
      authToken: DEV_TWILIO.authToken,
      fromNumber: DEV_TWILIO.fromNumber,
      messagingServiceSid: undefined,
    };
  }
  if (peers.dns) providers.dnsServer = peers.dns.server;
  return providers;
}

export interface SsoProviderApp {
  /** The app as operators and businesses register providers with it (header viewer). */
  test: TestApp;
  /** The organisation's IdP's `iss`. */
  issuer: string;
  /** Holds the TXT records the DNS proofs read (DNS_SERVER). */
  dns: DnsPeer;
  /** Stops the app and every peer. */
  close(): Promise<void>;
}

/**
 * The app with what registering and proving an organisation's identity provider needs: the IdP
 * (reached through the SSRF-safe fetcher, allowed here because it is loopback), the DNS peer for
 * TXT proofs and a real SMTP server for the mailed proof links (pushed onto `inbox`); the app's
 * log lines (info and up) are pushed onto `logLines`.
 */
export async function startSsoProviderApp(
  db: Kysely<Database>,
  options: { idp: OrganisationIdpOptions; inbox: ReceivedMail[]; logLines: string[] },
): Promise<SsoProviderApp> {
  const { peer, issuer } = await startOrganisationIdp(options.idp);
  const dns = await startDnsPeer();
  const smtp = await startSmtpSink(options.inbox);
  const test = await buildTestApp(db, {
    config: {
      logLevel: 'info',
      captcha: { provider: 'off', altchaHmacKey: undefined, recaptcha: undefined },
      smtpUrl: smtp.url,
      mailFrom: 'Corkboard <no-reply@corkboard.test>',
      fetchAllowHosts: [new URL(issuer).host],
      providers: testProviders({ dns }),
    },
    logStream: { write: (line) => void options.logLines.push(line) },
  });
  return {
    test,
    issuer,
    dns,
    async close() {
      await test.close();
      await smtp.close();
      await dns.stop();
      await peer.stop();
    },
  };
}
