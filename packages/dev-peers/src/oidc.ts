// OpenID Connect identity providers on loopback, built on `oidc-provider`: one HTTP server hosts
// several issuers, each at its own path (`/google`, `/line`, `/enterprise`), so the product
// verifies every provider's ID tokens against that provider's own issuer, audience and JWKS.
// Each issuer mimics its real counterpart's endpoint paths, signing algorithm and claims; the
// Google issuer also serves a Google Identity Services stand-in (button / one tap credentials).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  errors as joseErrors,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';
import Provider, {
  interactionPolicy,
  type Adapter,
  type AdapterPayload,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { patternAvatarPng } from './avatar.ts';
import {
  renderChooserPage,
  renderErrorPage,
  type ChooserAccount,
  type NewAccountField,
} from './chooser-page.ts';
import { gsiClientScript } from './gsi-client.ts';
import { assertNotProduction } from './guard.ts';
import { html, js, rawHtml, renderPage, scriptJson } from './html.ts';
import {
  listenLoopback,
  readForm,
  requestUrl,
  randomToken,
  sendHtml,
  sendJson,
  sendText,
  Router,
  type PeerRequest,
} from './http.ts';

/** A test account an issuer offers on its chooser. Claim names are OpenID Connect's. */
export interface OidcTestAccount {
  readonly sub: string;
  readonly email?: string;
  readonly email_verified?: boolean;
  readonly name?: string;
  readonly given_name?: string;
  readonly family_name?: string;
  /** Omitted: the peer's own generated avatar. `null`: no picture claim at all. */
  readonly picture?: string | null;
  readonly locale?: string;
  readonly birthdate?: string;
  /** Google Workspace hosted domain. */
  readonly hd?: string;
}

export interface OidcClient {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Exact redirect URIs, as registered with the real provider. */
  readonly redirectUris: readonly string[];
  /** Origins allowed to receive Google Identity Services credentials; default: the redirect URIs' origins. */
  readonly javascriptOrigins?: readonly string[];
  /** Default `client_secret_post`; the real providers accept both. */
  readonly tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
  /** Shown on the chooser ("to continue to …"). */
  readonly name?: string;
}

/**
 * Which real provider an issuer imitates: endpoint paths, signing algorithm, claims per scope,
 * subject format, and extras (Google Identity Services for `google`, the verify endpoint for `line`).
 */
export type OidcFlavour = 'google' | 'line' | 'generic';

export interface OidcIssuerOptions {
  /** Path segment the issuer lives at: issuer = `${peer.url}/${id}`. */
  readonly id: string;
  /** Who the issuer stands in for, e.g. "Google"; the banner reads "… — not {displayName}". */
  readonly displayName: string;
  readonly flavour: OidcFlavour;
  readonly clients: readonly OidcClient[];
  readonly accounts: readonly OidcTestAccount[];
}

export interface OidcPeerOptions {
  readonly issuers: readonly OidcIssuerOptions[];
  readonly port?: number;
  /** Checked with `assertNotProduction`; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface OidcIssuerInfo {
  readonly id: string;
  /** The `iss` of its tokens. */
  readonly issuer: string;
  readonly discoveryUrl: string;
  readonly jwksUri: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly userinfoEndpoint: string;
  /** Google flavour: the Google Identity Services script stand-in. */
  readonly gsiClientUrl?: string;
  /** Google flavour: the account chooser that hands out GIS credentials. */
  readonly gsiSelectUrl?: string;
  /** LINE flavour: LINE's ID token verification endpoint. */
  readonly verifyEndpoint?: string;
  readonly signingAlg: 'RS256' | 'ES256';
}

export interface MintIdTokenOptions {
  readonly clientId: string;
  readonly sub: string;
  readonly nonce?: string;
  /** Seconds; default 3600 (Google's ID token lifetime). */
  readonly expiresInSeconds?: number;
  /** Epoch seconds; default now. Set it in the past to mint an expired token. */
  readonly issuedAt?: number;
  /** Claims to add or override (e.g. a wrong `aud` or `iss` for negative tests). */
  readonly claims?: Readonly<Record<string, unknown>>;
}

export interface OidcPeer {
  /** `http://127.0.0.1:<port>`; issuers live under it. */
  readonly url: string;
  readonly issuers: Readonly<Record<string, OidcIssuerInfo>>;
  /** Adds (or replaces, by `sub`) a test account. */
  addAccount(issuerId: string, account: OidcTestAccount): void;
  accounts(issuerId: string): OidcTestAccount[];
  /** Registers a client or replaces it (e.g. new redirect URIs once the app's port is known). */
  upsertClient(issuerId: string, client: OidcClient): void;
  /** Signs an ID token with the issuer's key, as the issuer itself would (Google: a GIS credential). */
  mintIdToken(issuerId: string, options: MintIdTokenOptions): Promise<string>;
  stop(): Promise<void>;
}

/** What the GIS stand-in's pages post back to the page that asked (see gsi-client.ts). */
export const GSI_MESSAGE_TYPE = 'corkboard-dev-gsi';

/** Lifetime of ID tokens the peer mints directly (GIS credentials), as Google's: one hour. */
export const ID_TOKEN_TTL_SECONDS = 3600;

interface FlavourSpec {
  readonly signingAlg: 'RS256' | 'ES256';
  readonly routes: NonNullable<Configuration['routes']>;
  readonly claims: Record<string, string[]>;
  readonly amr?: string[];
  readonly newAccountFields: readonly NewAccountField[];
  readonly emailRequired: boolean;
  subjectFor(email: string): string;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value.trim().toLowerCase()).digest();
}

const FLAVOURS: Record<OidcFlavour, FlavourSpec> = {
  // Google: paths of accounts.google.com / oauth2.googleapis.com / www.googleapis.com, RS256,
  // 21-digit numeric subjects, `hd` for Workspace accounts.
  google: {
    signingAlg: 'RS256',
    routes: {
      authorization: '/o/oauth2/v2/auth',
      token: '/token',
      userinfo: '/v1/userinfo',
      jwks: '/oauth2/v3/certs',
      revocation: '/revoke',
    },
    claims: {
      openid: ['sub', 'hd'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture', 'locale'],
    },
    newAccountFields: ['email', 'name', 'given_name', 'family_name', 'email_verified', 'locale'],
    emailRequired: true,
    subjectFor: (email) =>
      `1${(BigInt(`0x${digest(email).toString('hex')}`) % 10n ** 20n).toString().padStart(20, '0')}`,
  },
  // LINE Login v2.1: paths of access.line.me / api.line.me, ES256 ID tokens, `U` + 32 hex
  // subjects, no email_verified, e-mail only when the user allowed it, amr ["linesso"].
  line: {
    signingAlg: 'ES256',
    routes: {
      authorization: '/oauth2/v2.1/authorize',
      token: '/oauth2/v2.1/token',
      userinfo: '/oauth2/v2.1/userinfo',
      jwks: '/oauth2/v2.1/certs',
      revocation: '/oauth2/v2.1/revoke',
    },
    claims: { openid: ['sub', 'amr'], profile: ['name', 'picture'], email: ['email'] },
    amr: ['linesso'],
    newAccountFields: ['name', 'email'],
    emailRequired: false,
    subjectFor: (email) => `U${digest(email).toString('hex').slice(0, 32)}`,
  },
  // A standards-shaped enterprise IdP (oidc-provider's own paths), RS256.
  generic: {
    signingAlg: 'RS256',
    routes: {
      authorization: '/auth',
      token: '/token',
      userinfo: '/me',
      jwks: '/jwks',
      revocation: '/token/revocation',
      end_session: '/session/end',
    },
    claims: {
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture', 'locale', 'birthdate'],
    },
    amr: ['pwd'],
    newAccountFields: [
      'email',
      'name',
      'given_name',
      'family_name',
      'email_verified',
      'locale',
      'birthdate',
    ],
    emailRequired: true,
    subjectFor: (email) => `00u${digest(email).toString('hex').slice(0, 17)}`,
  },
};

/** Lifetimes (seconds) of what the issuers hand out, in line with the real providers. */
export const TOKEN_TTL_SECONDS = {
  AccessToken: 3600,
  AuthorizationCode: 600,
  IdToken: ID_TOKEN_TTL_SECONDS,
  Interaction: 3600,
  Session: 14 * 24 * 3600,
  Grant: 14 * 24 * 3600,
} as const;

const ISSUER_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

interface StoredEntry {
  payload: AdapterPayload;
  expiresAt: number;
}

/** oidc-provider storage for one issuer; clients come from the issuer's mutable client table. */
interface ClientStore {
  find(clientId: string): AdapterPayload | undefined;
  /** Clients made through dynamic registration (enterprise issuers). */
  register(clientId: string, metadata: AdapterPayload): void;
  unregister(clientId: string): void;
}

function memoryAdapterFactory(clientStore: ClientStore) {
  const entries = new Map<string, StoredEntry>();
  const grants = new Map<string, Set<string>>();
  const sessionUids = new Map<string, string>();
  const userCodes = new Map<string, string>();
  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      upsert(id, payload, expiresIn) {
        if (model === 'Client') {
          clientStore.register(id, payload);
          return Promise.resolve();
        }
        entries.set(key(id), {
          payload,
          expiresAt: typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity,
        });
        if (payload.grantId) {
          const members = grants.get(payload.grantId) ?? new Set<string>();
          members.add(key(id));
          grants.set(payload.grantId, members);
        }
        if (model === 'Session' && payload.uid) sessionUids.set(payload.uid, id);
        if (payload.userCode) userCodes.set(payload.userCode, id);
        return Promise.resolve();
      },
      find(id) {
        if (model === 'Client') return Promise.resolve(clientStore.find(id));
        return Promise.resolve(live(key(id)));
      },
      findByUid(uid) {
        const id = sessionUids.get(uid);
        return Promise.resolve(id === undefined ? undefined : live(key(id)));
      },
      findByUserCode(userCode) {
        const id = userCodes.get(userCode);
        return Promise.resolve(id === undefined ? undefined : live(key(id)));
      },
      consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
        return Promise.resolve();
      },
      destroy(id) {
        if (model === 'Client') clientStore.unregister(id);
        entries.delete(key(id));
        return Promise.resolve();
      },
      revokeByGrantId(grantId) {
        for (const member of grants.get(grantId) ?? []) entries.delete(member);
        grants.delete(grantId);
        return Promise.resolve();
      },
    };
  };
}

interface IssuerState {
  readonly options: OidcIssuerOptions;
  readonly flavour: FlavourSpec;
  readonly base: string;
  readonly mountPath: string;
  readonly accounts: Map<string, OidcTestAccount>;
  readonly clients: Map<string, OidcClient>;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  readonly provider: Provider;
  readonly banner: string;
}

/** What claims are computed from: the issuer URL (for avatar URLs) and the flavour's claims. */
type ClaimsView = Pick<IssuerState, 'base' | 'flavour'>;

function pictureOf(state: ClaimsView, account: OidcTestAccount): string | undefined {
  if (account.picture === null) return undefined;
  return account.picture ?? `${state.base}/avatar/${encodeURIComponent(account.sub)}.png`;
}

/** Every claim the account has; oidc-provider releases those the granted scopes map to. */
function accountClaims(state: ClaimsView, account: OidcTestAccount): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: account.sub };
  const copy = [
    'email',
    'email_verified',
    'name',
    'given_name',
    'family_name',
    'locale',
    'birthdate',
    'hd',
  ] as const;
  for (const name of copy) if (account[name] !== undefined) claims[name] = account[name];
  const picture = pictureOf(state, account);
  if (picture) claims.picture = picture;
  // Only claims this flavour's real provider issues.
  const known = new Set(Object.values(state.flavour.claims).flat());
  return Object.fromEntries(Object.entries(claims).filter(([name]) => known.has(name)));
}

function displayNameOf(account: OidcTestAccount): string {
  return (
    account.name ??
    ([account.given_name, account.family_name].filter(Boolean).join(' ') ||
      account.email ||
      account.sub)
  );
}

function chooserAccounts(state: IssuerState, loginHint: string | undefined): ChooserAccount[] {
  const hint = loginHint?.trim().toLowerCase();
  const all = [...state.accounts.values()].map((account) => ({
    id: account.sub,
    name: displayNameOf(account),
    detail: account.email ?? 'No e-mail address shared',
    pictureUrl: pictureOf(state, account),
    hinted: Boolean(hint && account.email?.toLowerCase() === hint),
  }));
  // The account named by login_hint comes first, as the real choosers do.
  return [...all.filter((a) => a.hinted), ...all.filter((a) => !a.hinted)].map(
    ({ hinted: _hinted, ...account }) => account,
  );
}

class FormError extends Error {}

/** Reads a posted chooser form into an existing or a newly made test account. */
function chosenAccount(state: IssuerState, form: URLSearchParams): OidcTestAccount {
  const choice = form.get('account') ?? '';
  if (choice !== 'new') {
    const account = state.accounts.get(choice);
    if (!account) throw new FormError('That test account no longer exists. Choose another.');
    return account;
  }
  const text = (name: string) => form.get(name)?.trim() || undefined;
  const email = text('email');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new FormError('Enter an e-mail address such as name@example.com.');
  }
  if (email === undefined && state.flavour.emailRequired) {
    throw new FormError('Enter an e-mail address such as name@example.com.');
  }
  const name = text('name');
  if (email === undefined && name === undefined) {
    throw new FormError('Enter a name or an e-mail address.');
  }
  const fields = new Set(state.flavour.newAccountFields);
  const birthdate = text('birthdate');
  if (birthdate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(birthdate)) {
    throw new FormError('Enter the birthdate as YYYY-MM-DD.');
  }
  const given = fields.has('given_name') ? text('given_name') : undefined;
  const family = fields.has('family_name') ? text('family_name') : undefined;
  const account: OidcTestAccount = {
    sub: state.flavour.subjectFor(email ?? `${name ?? ''}@${state.options.id}`),
    ...(email !== undefined ? { email } : {}),
    ...(email !== undefined && fields.has('email_verified')
      ? { email_verified: form.get('email_verified') === 'on' }
      : {}),
    name:
      name ??
      ([given, family].filter(Boolean).join(' ') || (email ?? '').split('@')[0] || 'Test user'),
    ...(given !== undefined ? { given_name: given } : {}),
    ...(family !== undefined ? { family_name: family } : {}),
    ...(fields.has('locale') && text('locale') !== undefined ? { locale: text('locale') } : {}),
    ...(fields.has('birthdate') && birthdate !== undefined ? { birthdate } : {}),
  };
  state.accounts.set(account.sub, account);
  return account;
}

function newAccountValues(form: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [
    'email',
    'name',
    'given_name',
    'family_name',
    'locale',
    'birthdate',
    'email_verified',
  ]) {
    const value = form.get(name);
    if (value !== null) values[name] = value;
  }
  return values;
}

function clientOrigins(client: OidcClient): string[] {
  const origins = client.javascriptOrigins ?? client.redirectUris.map((uri) => new URL(uri).origin);
  return [...new Set(origins)];
}

async function signIdToken(state: IssuerState, payload: JWTPayload): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: state.flavour.signingAlg, kid: state.publicJwk.kid, typ: 'JWT' })
    .sign(state.privateKey);
}

/** Claims of a Google Identity Services credential (the ID token the page's callback receives). */
function gsiCredentialClaims(
  state: IssuerState,
  account: OidcTestAccount,
  clientId: string,
  nonce: string | undefined,
  issuedAt: number,
  ttl: number,
): JWTPayload {
  const claims = accountClaims(state, account);
  return {
    iss: state.base,
    azp: clientId,
    aud: clientId,
    ...claims,
    ...(nonce ? { nonce } : {}),
    nbf: issuedAt - 10,
    iat: issuedAt,
    exp: issuedAt + ttl,
    jti: randomToken(40, '0123456789abcdef'),
  };
}

async function createIssuer(peerUrl: string, options: OidcIssuerOptions): Promise<IssuerState> {
  if (!ISSUER_ID.test(options.id))
    throw new Error(`invalid issuer id ${JSON.stringify(options.id)}`);
  const flavour = FLAVOURS[options.flavour];
  const mountPath = `/${options.id}`;
  const base = `${peerUrl}${mountPath}`;
  const { privateKey, publicKey } = await generateKeyPair(flavour.signingAlg, {
    extractable: true,
  });
  const kid = randomToken(16, '0123456789abcdef');
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: flavour.signingAlg, use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: flavour.signingAlg, use: 'sig' };
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  const clients = new Map(options.clients.map((client) => [client.clientId, client]));
  const banner = `Development identity provider — not ${options.displayName}`;

  // Clients an RP registered itself (RFC 7591), kept as registered.
  const registered = new Map<string, AdapterPayload>();
  const clientMetadata = (clientId: string): AdapterPayload | undefined => {
    const client = clients.get(clientId);
    // A client without redirect URIs cannot use any flow here; treat it as unknown.
    if (!client || client.redirectUris.length === 0) return undefined;
    return {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      client_name: client.name ?? client.clientId,
      redirect_uris: [...client.redirectUris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_post',
      id_token_signed_response_alg: flavour.signingAlg,
    };
  };

  // `prompt=select_account` (Google's usual request) shows the chooser even with a session.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const view: ClaimsView = { base, flavour };
  const configuration: Configuration = {
    adapter: memoryAdapterFactory({
      find: (clientId) => clientMetadata(clientId) ?? registered.get(clientId),
      register: (clientId, metadata) => registered.set(clientId, metadata),
      unregister: (clientId) => registered.delete(clientId),
    }),
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomToken(32)] },
    claims: flavour.claims,
    scopes: ['openid', 'email', 'profile'],
    responseTypes: ['code'],
    // Google, LINE and most IdPs put the granted profile claims in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    routes: flavour.routes,
    ttl: TOKEN_TTL_SECONDS,
    enabledJWA: { idTokenSigningAlgValues: [flavour.signingAlg] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // Enterprise IdPs commonly allow dynamic client registration; it lets a test process or an
      // admin register the product with its exact redirect URIs (RFC 7591 at /reg).
      registration: { enabled: options.flavour === 'generic' },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: options.flavour === 'generic',
        logoutSource,
        postLogoutSuccessSource,
      },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...accountClaims(view, account) }) };
    },
    clientBasedCORS: (_ctx, origin, client) => {
      const registered = clients.get(client.clientId);
      return registered ? clientOrigins(registered).includes(origin) : false;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(banner, 'Sign-in request refused', [
        `Error: ${out.error}`,
        ...(out.error_description ? [out.error_description] : []),
      ]);
    },
  };
  const provider = new Provider(base, configuration);
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => {
    console.error(`dev peer ${options.id}: oidc-provider server error`, error);
  });
  return {
    options,
    flavour,
    base,
    mountPath,
    accounts,
    clients,
    privateKey,
    publicJwk,
    provider,
    banner,
  };

  function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
    ctx.type = 'html';
    ctx.body = renderPage({
      title: 'Sign out',
      banner,
      body: html`<h1>Sign out of ${options.displayName}?</h1>
        ${rawHtml(form) /* built and escaped by oidc-provider */}
        <div class="actions">
          <button type="submit" form="op.logoutForm" name="logout" value="yes">
            Yes, sign me out
          </button>
          <button type="submit" form="op.logoutForm" class="secondary">No, stay signed in</button>
        </div>`,
    });
  }
  function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
    ctx.type = 'html';
    ctx.body = renderPage({ title: 'Signed out', banner, body: html`<h1>You are signed out</h1>` });
  }
}

function issuerInfo(state: IssuerState): OidcIssuerInfo {
  const url = (name: 'authorization' | 'token' | 'userinfo' | 'jwks') =>
    `${state.base}${state.flavour.routes[name] ?? ''}`;
  return {
    id: state.options.id,
    issuer: state.base,
    discoveryUrl: `${state.base}/.well-known/openid-configuration`,
    jwksUri: url('jwks'),
    authorizationEndpoint: url('authorization'),
    tokenEndpoint: url('token'),
    userinfoEndpoint: url('userinfo'),
    signingAlg: state.flavour.signingAlg,
    ...(state.options.flavour === 'google'
      ? { gsiClientUrl: `${state.base}/gsi/client`, gsiSelectUrl: `${state.base}/gsi/select` }
      : {}),
    ...(state.options.flavour === 'line'
      ? { verifyEndpoint: `${state.base}/oauth2/v2.1/verify` }
      : {}),
  };
}

export async function startOidcPeer(options: OidcPeerOptions): Promise<OidcPeer> {
  assertNotProduction(options.env ?? process.env);
  const ids = options.issuers.map((issuer) => issuer.id);
  if (new Set(ids).size !== ids.length) throw new Error('issuer ids must be unique');

  const states = new Map<string, IssuerState>();
  const router = new Router();
  const server = await listenLoopback((req, res) => dispatch(req, res), options.port);
  for (const issuerOptions of options.issuers) {
    states.set(issuerOptions.id, await createIssuer(server.url, issuerOptions));
  }

  const issuerOf = (params: Readonly<Record<string, string>>): IssuerState | undefined =>
    states.get(params.issuer ?? '');

  router.on('GET', '/', ({ res }) => {
    const rows = [...states.values()].map(
      (state) =>
        html`<li>
          <strong>${state.options.displayName}</strong>: issuer <code>${state.base}</code> (<a
            href="${state.base}/.well-known/openid-configuration"
            >discovery document</a
          >)
        </li>`,
    );
    sendHtml(
      res,
      200,
      renderPage({
        title: 'Development identity providers',
        banner: 'Development identity providers — not Google, LINE or an enterprise IdP',
        body: html`<h1>Development identity providers</h1>
          <ul>
            ${rows}
          </ul>`,
      }),
    );
  });

  router.on('GET', '/:issuer/avatar/:sub.png', ({ res, params }) => {
    const state = issuerOf(params);
    if (!state) return notFound(res);
    sendText(res, 200, 'image/png', patternAvatarPng(`${state.options.id}:${params.sub ?? ''}`));
  });

  router.on('GET', '/:issuer/interaction/:uid', (request) => interactionPage(request));
  router.on('POST', '/:issuer/interaction/:uid', (request) => interactionSubmit(request));

  router.on('GET', '/:issuer/gsi/client', ({ res, params }) => {
    const state = issuerOf(params);
    if (!state || state.options.flavour !== 'google') return notFound(res);
    res.setHeader('cache-control', 'no-cache');
    sendText(
      res,
      200,
      'text/javascript; charset=utf-8',
      gsiClientScript(GSI_MESSAGE_TYPE, state.banner),
    );
  });
  router.on('GET', '/:issuer/gsi/select', (request) => gsiSelect(request));
  router.on('POST', '/:issuer/gsi/select', (request) => gsiSelect(request));

  router.on('POST', '/:issuer/oauth2/v2.1/verify', (request) => lineVerify(request));

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    const method = req.method ?? 'GET';
    const match = router.match(method, url.pathname);
    if (match.kind === 'found') {
      await match.handler({ req, res, method, url, params: match.params });
      return;
    }
    // Everything else under an issuer's path is oidc-provider's: it sees the path without the
    // mount prefix and builds its URLs from `originalUrl`.
    const segment = url.pathname.split('/')[1] ?? '';
    const state = states.get(segment);
    if (!state) return notFound(res);
    const original = req.url ?? '/';
    const stripped = original.slice(state.mountPath.length);
    Object.assign(req, {
      originalUrl: original,
      url: stripped.startsWith('/') ? stripped : `/${stripped}`,
    });
    await state.provider.callback()(req, res);
  }

  async function interactionPage({ req, res, params, url }: PeerRequest): Promise<void> {
    const state = issuerOf(params);
    if (!state) return notFound(res);
    const details = await loadInteraction(state, req, res, params.uid ?? '');
    if (!details) return;
    const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : '';
    const loginHint =
      typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
    sendHtml(res, 200, interactionChooser(state, url.pathname, clientId, loginHint));
  }

  function interactionChooser(
    state: IssuerState,
    action: string,
    clientId: string,
    loginHint: string | undefined,
    error?: string,
    values?: Record<string, string>,
  ): string {
    const client = state.clients.get(clientId);
    const hintIsKnown = chooserAccounts(state, loginHint).some((a) => a.detail === loginHint);
    return renderChooserPage({
      banner: state.banner,
      title: `Sign in with ${state.options.displayName}`,
      lead: `Choose an account to continue to ${client?.name ?? clientId}.`,
      action,
      hidden: {},
      accounts: chooserAccounts(state, loginHint),
      newAccountFields: state.flavour.newAccountFields,
      emailRequired: state.flavour.emailRequired,
      values: values ?? (loginHint && !hintIsKnown ? { email: loginHint } : undefined),
      ...(error ? { error } : {}),
    });
  }

  async function loadInteraction(
    state: IssuerState,
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
  ) {
    try {
      const details = await state.provider.interactionDetails(req, res);
      if (details.uid === uid) return details;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'SessionNotFound') throw error;
    }
    sendHtml(
      res,
      400,
      renderErrorPage(state.banner, 'This sign-in request has expired', [
        'It was finished already, timed out, or was opened in another browser. Start again from the application.',
      ]),
    );
    return undefined;
  }

  async function interactionSubmit({ req, res, params, url }: PeerRequest): Promise<void> {
    const state = issuerOf(params);
    if (!state) return notFound(res);
    const form = await readForm(req);
    const details = await loadInteraction(state, req, res, params.uid ?? '');
    if (!details) return;
    const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : '';
    if (form.get('account') === 'cancel') {
      await state.provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    let account: OidcTestAccount;
    try {
      account = chosenAccount(state, form);
    } catch (error) {
      if (!(error instanceof FormError)) throw error;
      const loginHint =
        typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      sendHtml(
        res,
        400,
        interactionChooser(
          state,
          url.pathname,
          clientId,
          loginHint,
          error.message,
          newAccountValues(form),
        ),
      );
      return;
    }
    // Choosing the account also grants what the client asked for: these dev IdPs have no
    // separate consent screen (Google skips it for basic scopes too).
    const grant = new state.provider.Grant({ accountId: account.sub, clientId });
    const scope = typeof details.params.scope === 'string' ? details.params.scope : 'openid';
    grant.addOIDCScope(scope.split(' ').filter((s) => ['openid', 'email', 'profile'].includes(s)));
    const missingClaims = details.prompt.details.missingOIDCClaims;
    if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims.map(String));
    const grantId = await grant.save();
    await state.provider.interactionFinished(
      req,
      res,
      {
        select_account: {},
        login: { accountId: account.sub, ...(state.flavour.amr ? { amr: state.flavour.amr } : {}) },
        consent: { grantId },
      },
      { mergeWithLastSubmission: false },
    );
  }

  /**
   * Google Identity Services stand-in: the chooser that hands a credential (a Google-style ID
   * token) to the page, in popup/one-tap mode by postMessage to the registered JavaScript
   * origin, in redirect mode by a form POST of `credential` + `g_csrf_token` to the login URI.
   */
  async function gsiSelect({ req, res, params, method, url }: PeerRequest): Promise<void> {
    const state = issuerOf(params);
    if (!state || state.options.flavour !== 'google') return notFound(res);
    const input = method === 'POST' ? await readForm(req) : url.searchParams;
    const read = (name: string) => input.get(name) ?? '';
    const clientId = read('client_id');
    const client = state.clients.get(clientId);
    const uxMode = read('ux_mode') === 'redirect' ? 'redirect' : 'popup';
    const display = read('display') === 'onetap' ? 'onetap' : 'popup';
    const selectBy = /^[a-z_0-9]{1,32}$/.test(read('select_by')) ? read('select_by') : 'btn';
    if (!client) {
      sendHtml(
        res,
        401,
        renderErrorPage(state.banner, 'Error 401: invalid_client', [
          `The OAuth client ${JSON.stringify(clientId)} was not found.`,
        ]),
      );
      return;
    }
    const origin = read('origin');
    const loginUri = read('login_uri');
    if (uxMode === 'popup' && !clientOrigins(client).includes(origin)) {
      sendHtml(
        res,
        400,
        renderErrorPage(state.banner, 'Error 400: origin_mismatch', [
          `The origin ${JSON.stringify(origin)} is not a registered JavaScript origin of this client.`,
        ]),
      );
      return;
    }
    if (uxMode === 'redirect' && !client.redirectUris.includes(loginUri)) {
      sendHtml(
        res,
        400,
        renderErrorPage(state.banner, 'Error 400: redirect_uri_mismatch', [
          `The login URI ${JSON.stringify(loginUri)} is not a registered redirect URI of this client.`,
        ]),
      );
      return;
    }
    const request: Record<string, string> = {
      client_id: clientId,
      ux_mode: uxMode,
      display,
      select_by: selectBy,
      ...(uxMode === 'popup' ? { origin } : { login_uri: loginUri }),
    };
    for (const name of ['nonce', 'state', 'request_id', 'g_csrf_token', 'context']) {
      if (read(name)) request[name] = read(name).slice(0, 512);
    }
    const chooser = (status: number, error?: string, values?: Record<string, string>) =>
      sendHtml(
        res,
        status,
        renderChooserPage({
          banner: state.banner,
          title: read('context') === 'signup' ? 'Sign up with Google' : 'Sign in with Google',
          lead: `Choose an account to continue to ${client.name ?? client.clientId}.`,
          action: url.pathname,
          hidden: request,
          accounts: chooserAccounts(state, undefined),
          newAccountFields: state.flavour.newAccountFields,
          ...(values ? { values } : {}),
          ...(error ? { error } : {}),
        }),
      );
    if (method === 'GET') return chooser(200);

    const choice = read('account');
    const message = { type: GSI_MESSAGE_TYPE, requestId: request.request_id ?? '', clientId };
    if (choice === 'cancel') {
      if (uxMode === 'redirect') {
        const back = new URL(loginUri).origin;
        sendHtml(
          res,
          200,
          renderPage({
            title: 'Sign-in cancelled',
            banner: state.banner,
            body: html`<h1>Sign-in cancelled</h1>
              <p><a href="${back}">Return to the application</a></p>`,
          }),
        );
        return;
      }
      sendHtml(
        res,
        200,
        deliveryPage(state.banner, 'Sign-in cancelled', display, origin, {
          ...message,
          result: 'dismissed',
        }),
      );
      return;
    }
    let account: OidcTestAccount;
    try {
      account = chosenAccount(state, input);
    } catch (error) {
      if (!(error instanceof FormError)) throw error;
      return chooser(400, error.message, newAccountValues(input));
    }
    const issuedAt = Math.floor(Date.now() / 1000);
    const credential = await signIdToken(
      state,
      gsiCredentialClaims(state, account, clientId, request.nonce, issuedAt, ID_TOKEN_TTL_SECONDS),
    );
    if (uxMode === 'redirect') {
      const fields = {
        credential,
        g_csrf_token: request.g_csrf_token ?? '',
        select_by: selectBy,
        ...(request.state ? { state: request.state } : {}),
      };
      sendHtml(
        res,
        200,
        renderPage({
          title: 'Returning to the application',
          banner: state.banner,
          body: html`<h1>Signed in as ${displayNameOf(account)}</h1>
            <form method="post" action="${loginUri}" id="gsi-return">
              ${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
              <button type="submit">Return to the application</button>
            </form>`,
          script: js`document.getElementById('gsi-return').submit();`,
        }),
      );
      return;
    }
    sendHtml(
      res,
      200,
      deliveryPage(state.banner, `Signed in as ${displayNameOf(account)}`, display, origin, {
        ...message,
        result: 'credential',
        credential,
        select_by: selectBy,
        ...(request.state ? { state: request.state } : {}),
      }),
    );
  }

  /** LINE's `POST /oauth2/v2.1/verify`: checks an ID token for a channel and answers its claims. */
  async function lineVerify({ req, res, params }: PeerRequest): Promise<void> {
    const state = issuerOf(params);
    if (!state || state.options.flavour !== 'line') return notFound(res);
    const form = await readForm(req);
    const idToken = form.get('id_token');
    const clientId = form.get('client_id');
    const invalid = (description: string) =>
      sendJson(res, 400, { error: 'invalid_request', error_description: description });
    if (!idToken) return invalid('id_token is required.');
    if (!clientId) return invalid('client_id is required.');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, createLocalJWKSet({ keys: [state.publicJwk] }), {
        algorithms: [state.flavour.signingAlg],
      }));
    } catch (error) {
      return invalid(
        error instanceof joseErrors.JWTExpired ? 'IdToken expired.' : 'Invalid IdToken.',
      );
    }
    if (payload.iss !== state.base) return invalid('Invalid IdToken Issuer.');
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes(clientId)) return invalid('Invalid IdToken Audience.');
    const nonce = form.get('nonce');
    if (nonce !== null && payload.nonce !== nonce) return invalid('Invalid IdToken Nonce.');
    const userId = form.get('user_id');
    if (userId !== null && payload.sub !== userId)
      return invalid('Invalid IdToken Subject Identifier.');
    sendJson(res, 200, payload);
  }

  const issuers = Object.fromEntries(
    [...states.values()].map((state) => [state.options.id, issuerInfo(state)]),
  );
  const stateOf = (issuerId: string): IssuerState => {
    const state = states.get(issuerId);
    if (!state) throw new Error(`no issuer ${JSON.stringify(issuerId)}`);
    return state;
  };

  return {
    url: server.url,
    issuers,
    addAccount(issuerId, account) {
      stateOf(issuerId).accounts.set(account.sub, account);
    },
    accounts(issuerId) {
      return [...stateOf(issuerId).accounts.values()];
    },
    upsertClient(issuerId, client) {
      stateOf(issuerId).clients.set(client.clientId, client);
    },
    async mintIdToken(issuerId, mint) {
      const state = stateOf(issuerId);
      const account = state.accounts.get(mint.sub);
      if (!account) throw new Error(`issuer ${issuerId} has no account ${mint.sub}`);
      const issuedAt = mint.issuedAt ?? Math.floor(Date.now() / 1000);
      const claims = gsiCredentialClaims(
        state,
        account,
        mint.clientId,
        mint.nonce,
        issuedAt,
        mint.expiresInSeconds ?? ID_TOKEN_TTL_SECONDS,
      );
      return signIdToken(state, { ...claims, ...mint.claims });
    },
    stop: () => server.stop(),
  };
}

/** The page a GIS popup or one-tap frame ends on: it posts the result to the asking page. */
function deliveryPage(
  banner: string,
  heading: string,
  display: 'popup' | 'onetap',
  origin: string,
  message: Record<string, string>,
): string {
  const target = display === 'onetap' ? 'window.parent' : 'window.opener';
  return renderPage({
    title: heading,
    banner,
    body: html`<h1>${heading}</h1>
      <p>You can close this window and return to the application.</p>`,
    script: js`(function () {
  var target = ${rawHtml(target)};
  // The asking page closes the popup (or removes the frame) once it has the message.
  if (target) target.postMessage(${scriptJson(message)}, ${scriptJson(origin)});
})();`,
  });
}

function notFound(res: ServerResponse): void {
  sendJson(res, 404, { error: 'not_found', error_description: 'Not Found' });
}
