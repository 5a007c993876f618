// One issuer of the OIDC peer: its flavour (the real provider it imitates — paths, signing
// algorithm, claims, subject format), its test accounts and clients, storage for
// oidc-provider, and the helpers the interaction, GIS and LINE handlers share.
import { createHash } from 'node:crypto';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import Provider, {
  interactionPolicy,
  type Adapter,
  type AdapterPayload,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { renderErrorPage, type ChooserAccount, type NewAccountField } from './chooser-page.ts';
import { html, rawHtml, renderPage } from './html.ts';
import { randomToken } from './http.ts';

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

/** Lifetime of ID tokens the peer mints directly (GIS credentials), as Google's: one hour. */
export const ID_TOKEN_TTL_SECONDS = 3600;

export interface FlavourSpec {
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
  // Google: the paths of Google's authorization, token, userinfo and certificate endpoints, RS256,
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
  // LINE Login v2.1: the paths of LINE's authorize and API hosts, ES256 ID tokens, `U` + 32 hex
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

export interface IssuerState {
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
export type ClaimsView = Pick<IssuerState, 'base' | 'flavour'>;

function pictureOf(state: ClaimsView, account: OidcTestAccount): string | undefined {
  if (account.picture === null) return undefined;
  return account.picture ?? `${state.base}/avatar/${encodeURIComponent(account.sub)}.png`;
}

/** Every claim the account has; oidc-provider releases those the granted scopes map to. */
export function accountClaims(
  state: ClaimsView,
  account: OidcTestAccount,
): Record<string, unknown> {
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

export function displayNameOf(account: OidcTestAccount): string {
  return (
    account.name ??
    ([account.given_name, account.family_name].filter(Boolean).join(' ') ||
      account.email ||
      account.sub)
  );
}

export function chooserAccounts(
  state: IssuerState,
  loginHint: string | undefined,
): ChooserAccount[] {
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

export class FormError extends Error {}

/** Reads a posted chooser form into an existing or a newly made test account. */
export function chosenAccount(state: IssuerState, form: URLSearchParams): OidcTestAccount {
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

export function newAccountValues(form: URLSearchParams): Record<string, string> {
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

export function clientOrigins(client: OidcClient): string[] {
  const origins = client.javascriptOrigins ?? client.redirectUris.map((uri) => new URL(uri).origin);
  return [...new Set(origins)];
}

export async function signIdToken(state: IssuerState, payload: JWTPayload): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: state.flavour.signingAlg, kid: state.publicJwk.kid, typ: 'JWT' })
    .sign(state.privateKey);
}

/** Claims of a Google Identity Services credential (the ID token the page's callback receives). */
export function idTokenClaims(
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

export async function createIssuer(
  peerUrl: string,
  options: OidcIssuerOptions,
): Promise<IssuerState> {
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

export function issuerInfo(state: IssuerState): OidcIssuerInfo {
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
