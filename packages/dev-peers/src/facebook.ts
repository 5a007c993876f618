// Facebook Login and the Graph API on loopback: the login dialog (account chooser with
// permission choices and Cancel), the code exchange, token debugging, `/me` with field selection
// and permission gating, `/me/permissions`, profile pictures, and the JavaScript SDK stand-in.
// Graph errors use Graph's shape `{ error: { message, type, code, error_subcode?, fbtrace_id } }`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { patternAvatarPng, silhouettePng } from './avatar.ts';
import { renderChooserPage, renderErrorPage } from './chooser-page.ts';
import { facebookSdkScript } from './facebook-sdk.ts';
import { parseGraphFields, type GraphField } from './graph-fields.ts';
import { assertNotProduction } from './guard.ts';
import { html, js, renderPage, scriptJson } from './html.ts';
import {
  listenLoopback,
  readForm,
  redirect,
  requestUrl,
  randomToken,
  sendHtml,
  sendJson,
  sendText,
  Router,
  type PeerRequest,
} from './http.ts';

export interface FacebookTestUser {
  /** The (app-scoped) user id. */
  readonly id: string;
  readonly first_name: string;
  readonly last_name: string;
  /** Default: first and last name. */
  readonly name?: string;
  /** Absent for people who registered with a phone number. */
  readonly email?: string;
  readonly gender?: string;
  /** Graph's formats: `MM/DD/YYYY`, `MM/DD` (year hidden) or `YYYY`; absent when not shared. */
  readonly birthday?: string;
  /** No profile photo: `picture.data.is_silhouette` is true. */
  readonly silhouette?: boolean;
}

export interface FacebookApp {
  readonly appId: string;
  readonly appSecret: string;
  readonly name: string;
  /** Valid OAuth redirect URIs (strict mode: exact match). */
  readonly redirectUris: readonly string[];
  /** Origins allowed to use the JavaScript SDK; default: the redirect URIs' origins. */
  readonly sdkOrigins?: readonly string[];
  /** "Require App Secret": server calls must send `appsecret_proof`. */
  readonly requireAppSecretProof?: boolean;
}

export interface FacebookPeerOptions {
  readonly apps: readonly FacebookApp[];
  readonly users: readonly FacebookTestUser[];
  readonly port?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface IssueTokenOptions {
  readonly appId: string;
  readonly userId: string;
  /** Granted permissions; `public_profile` is always granted. */
  readonly scopes?: readonly string[];
  readonly expiresInSeconds?: number;
}

export type RevocationReason = 'deauthorized' | 'session_invalidated';

export interface FacebookPeer {
  /** Serves the Graph API, login dialog and JavaScript SDK paths, all on this one origin. */
  readonly url: string;
  /** The SDK stand-in: `${url}/en_US/sdk.js` (any locale works). */
  readonly sdkUrl: string;
  addUser(user: FacebookTestUser): void;
  users(): FacebookTestUser[];
  upsertApp(app: FacebookApp): void;
  /** A user access token as the dialog would issue it, without the dialog. */
  issueToken(options: IssueTokenOptions): string;
  /** The user removed the app (458) or the session was invalidated (460). */
  revokeToken(token: string, reason?: RevocationReason): void;
  /** Makes a token expired (subcode 463) as if its time had passed. */
  expireToken(token: string): void;
  stop(): Promise<void>;
}

/** Lifetime of a user token from the dialog: short-lived tokens last one to two hours. */
export const FACEBOOK_SHORT_TOKEN_TTL_SECONDS = 2 * 3600;
/** Lifetime after `fb_exchange_token`: about 60 days. */
export const FACEBOOK_LONG_TOKEN_TTL_SECONDS = 60 * 24 * 3600;
/** Data access expires 90 days after the user last used the app. */
export const FACEBOOK_DATA_ACCESS_TTL_SECONDS = 90 * 24 * 3600;
/** Authorization codes are single use and short-lived. */
export const FACEBOOK_CODE_TTL_SECONDS = 600;
/** What postMessage carries from the peer's pages to the SDK stand-in. */
export const FACEBOOK_SDK_MESSAGE_TYPE = 'corkboard-dev-fb';

/** Permissions that gate fields; everything else on the user node is public_profile. */
const FIELD_PERMISSIONS: Record<string, string> = {
  email: 'email',
  birthday: 'user_birthday',
  gender: 'user_gender',
  friends: 'user_friends',
};
const PUBLIC_FIELDS = new Set([
  'id',
  'name',
  'first_name',
  'last_name',
  'short_name',
  'name_format',
  'picture',
]);
const KNOWN_PERMISSIONS = new Set([
  'public_profile',
  'email',
  'user_birthday',
  'user_gender',
  'user_friends',
]);
const PERMISSION_LABELS: Record<string, string> = {
  email: 'E-mail address',
  user_birthday: 'Birthday',
  user_gender: 'Gender',
  user_friends: 'Friends list (friends who also use the app)',
};
const PICTURE_SIZES: Record<string, number> = {
  small: 50,
  square: 50,
  album: 50,
  normal: 100,
  large: 200,
};

interface TokenRecord {
  readonly appId: string;
  readonly userId: string;
  readonly scopes: readonly string[];
  readonly declined: readonly string[];
  readonly issuedAt: number;
  expiresAt: number;
  revoked?: RevocationReason;
}

interface CodeRecord {
  readonly token: string;
  readonly appId: string;
  readonly redirectUri: string;
  readonly expiresAt: number;
  used: boolean;
}

const now = () => Math.floor(Date.now() / 1000);
const VERSIONED = /^\/v\d+\.\d+(?=\/)/;

function fbDate(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  const weekday = date.toLocaleString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const year = String(date.getUTCFullYear()).slice(2);
  const time = date.toISOString().slice(11, 19);
  return `${weekday}, ${day}-${month}-${year} ${time} UTC`;
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

function parseScopes(scope: string | null): string[] {
  return [
    ...new Set(
      (scope ?? '')
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export async function startFacebookPeer(options: FacebookPeerOptions): Promise<FacebookPeer> {
  assertNotProduction(options.env ?? process.env);
  const apps = new Map(options.apps.map((app) => [app.appId, app]));
  const users = new Map(options.users.map((user) => [user.id, user]));
  const tokens = new Map<string, TokenRecord>();
  const codes = new Map<string, CodeRecord>();
  const appTokens = new Map<string, string>();
  const router = new Router();
  const server = await listenLoopback((req, res) => dispatch(req, res), options.port);
  const banner = 'Development login dialog — not Facebook';

  function graphError(
    res: ServerResponse,
    status: number,
    message: string,
    code: number,
    extra: { type?: string; error_subcode?: number; error_user_title?: string } = {},
  ): void {
    const { type = 'OAuthException', ...rest } = extra;
    sendJson(
      res,
      status,
      { error: { message, type, code, ...rest, fbtrace_id: randomToken(11) } },
      code === 190
        ? {
            'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message.replace(/"/g, "'")}"`,
          }
        : {},
    );
  }

  function issue(
    { appId, userId, scopes = [], expiresInSeconds }: IssueTokenOptions,
    declined: readonly string[] = [],
  ): string {
    if (!apps.has(appId)) throw new Error(`no app ${appId}`);
    if (!users.has(userId)) throw new Error(`no user ${userId}`);
    const token = `EAA${randomToken(140)}`;
    const issuedAt = now();
    tokens.set(token, {
      appId,
      userId,
      scopes: [...new Set(['public_profile', ...scopes])],
      declined,
      issuedAt,
      expiresAt: issuedAt + (expiresInSeconds ?? FACEBOOK_SHORT_TOKEN_TTL_SECONDS),
    });
    return token;
  }

  /** The bearer token of a Graph request: `access_token` parameter or an Authorization header. */
  function accessTokenOf(
    req: IncomingMessage,
    url: URL,
    form?: URLSearchParams,
  ): string | undefined {
    const fromQuery = url.searchParams.get('access_token') ?? form?.get('access_token');
    if (fromQuery) return fromQuery;
    const header = /^(?:OAuth|Bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    return header?.[1];
  }

  /** An app access token: `app_id|app_secret`, or one handed out by client_credentials. */
  function appOf(token: string): FacebookApp | undefined {
    const [appId = '', secret = ''] = token.split('|');
    const app = apps.get(appId);
    if (!app) return undefined;
    if (secret === app.appSecret || appTokens.get(token) === appId) return app;
    return undefined;
  }

  /** Validates a user token for a Graph call; answers the error itself and returns undefined. */
  function userTokenOrError(
    res: ServerResponse,
    req: IncomingMessage,
    url: URL,
  ): TokenRecord | undefined {
    const token = accessTokenOf(req, url);
    if (!token) {
      graphError(
        res,
        400,
        'An active access token must be used to query information about the current user.',
        2500,
      );
      return undefined;
    }
    if (token.includes('|')) {
      if (appOf(token)) {
        graphError(
          res,
          400,
          'An active access token must be used to query information about the current user.',
          2500,
        );
      } else {
        graphError(res, 400, 'Invalid OAuth access token signature.', 190);
      }
      return undefined;
    }
    const record = tokens.get(token);
    if (!record) {
      graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 190);
      return undefined;
    }
    const problem = tokenProblem(record);
    if (problem) {
      graphError(res, 400, problem.message, 190, { error_subcode: problem.subcode });
      return undefined;
    }
    const app = apps.get(record.appId);
    const proof = url.searchParams.get('appsecret_proof');
    if (app && proof !== null) {
      const expected = createHmac('sha256', app.appSecret).update(token).digest('hex');
      if (
        proof.length !== expected.length ||
        !timingSafeEqual(Buffer.from(proof), Buffer.from(expected))
      ) {
        graphError(res, 400, 'Invalid appsecret_proof provided in the API argument', 100, {
          type: 'GraphMethodException',
        });
        return undefined;
      }
    } else if (app?.requireAppSecretProof) {
      graphError(res, 400, 'API calls from the server require an appsecret_proof argument', 100, {
        type: 'GraphMethodException',
      });
      return undefined;
    }
    return record;
  }

  function tokenProblem(record: TokenRecord): { message: string; subcode: number } | undefined {
    if (record.revoked === 'deauthorized') {
      return {
        message: `Error validating access token: The user has not authorized application ${record.appId}.`,
        subcode: 458,
      };
    }
    if (record.revoked === 'session_invalidated') {
      return {
        message:
          'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
        subcode: 460,
      };
    }
    if (record.expiresAt <= now()) {
      return {
        message: `Error validating access token: Session has expired on ${fbDate(record.expiresAt)}. The current time is ${fbDate(now())}.`,
        subcode: 463,
      };
    }
    return undefined;
  }

  function pictureData(user: FacebookTestUser, modifiers: Readonly<Record<string, string>>) {
    const fromType = PICTURE_SIZES[modifiers.type ?? 'small'] ?? 50;
    const width = Math.min(
      2048,
      Math.max(1, Number(modifiers.width) || Number(modifiers.height) || fromType),
    );
    const height = Math.min(2048, Math.max(1, Number(modifiers.height) || width));
    return {
      data: {
        height,
        is_silhouette: Boolean(user.silhouette),
        url: `${server.url}/platform/profilepic/?asid=${encodeURIComponent(user.id)}&height=${height}&width=${width}`,
        width,
      },
    };
  }

  function userNode(
    user: FacebookTestUser,
    record: TokenRecord,
    fields: readonly GraphField[],
  ): Record<string, unknown> {
    const node: Record<string, unknown> = {};
    const name = user.name ?? `${user.first_name} ${user.last_name}`;
    for (const field of fields) {
      const permission = FIELD_PERMISSIONS[field.name];
      if (permission && !record.scopes.includes(permission)) continue;
      switch (field.name) {
        case 'id':
          node.id = user.id;
          break;
        case 'name':
          node.name = name;
          break;
        case 'first_name':
          node.first_name = user.first_name;
          break;
        case 'last_name':
          node.last_name = user.last_name;
          break;
        case 'short_name':
          node.short_name = user.first_name;
          break;
        case 'name_format':
          node.name_format = '{first} {last}';
          break;
        case 'picture':
          node.picture = pictureData(user, field.modifiers);
          break;
        case 'email':
          if (user.email) node.email = user.email;
          break;
        case 'birthday':
          if (user.birthday) node.birthday = user.birthday;
          break;
        case 'gender':
          if (user.gender) node.gender = user.gender;
          break;
        case 'friends':
          node.friends = { data: [], summary: { total_count: 0 } };
          break;
      }
    }
    if (!('id' in node)) node.id = user.id;
    return node;
  }

  // ---- Graph API -------------------------------------------------------------------------

  router.on('GET', '/debug_token', ({ req, res, url }) => {
    const accessToken = accessTokenOf(req, url);
    if (!accessToken)
      return graphError(res, 400, 'An access token is required to request this resource.', 104);
    const viewerApp = accessToken.includes('|') ? appOf(accessToken) : undefined;
    const viewerToken = accessToken.includes('|') ? undefined : tokens.get(accessToken);
    if (!viewerApp && !viewerToken)
      return graphError(res, 400, 'Invalid OAuth access token signature.', 190);
    const inputToken = url.searchParams.get('input_token');
    if (!inputToken)
      return graphError(res, 400, '(#100) The parameter input_token is required', 100);
    const record = tokens.get(inputToken);
    if (!record) {
      return sendJson(res, 200, {
        data: {
          error: { code: 190, message: 'Invalid OAuth access token.' },
          is_valid: false,
          scopes: [],
        },
      });
    }
    const app = apps.get(record.appId);
    const problem = tokenProblem(record);
    sendJson(res, 200, {
      data: {
        app_id: record.appId,
        type: 'USER',
        application: app?.name ?? '',
        data_access_expires_at: record.issuedAt + FACEBOOK_DATA_ACCESS_TTL_SECONDS,
        ...(problem
          ? { error: { code: 190, message: problem.message, subcode: problem.subcode } }
          : {}),
        expires_at: record.expiresAt,
        is_valid: !problem,
        issued_at: record.issuedAt,
        scopes: record.scopes,
        granular_scopes: record.scopes.map((scope) => ({ scope })),
        user_id: record.userId,
      },
    });
  });

  router.on('GET', '/me', ({ req, res, url }) => {
    const record = userTokenOrError(res, req, url);
    if (!record) return;
    const user = users.get(record.userId);
    if (!user)
      return graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 190);
    const fields = parseGraphFields(url.searchParams.get('fields') ?? 'name,id');
    const unknown = fields.find(
      (field) => !PUBLIC_FIELDS.has(field.name) && !(field.name in FIELD_PERMISSIONS),
    );
    if (unknown) {
      return graphError(
        res,
        400,
        `(#100) Tried accessing nonexisting field (${unknown.name}) on node type (User)`,
        100,
      );
    }
    sendJson(res, 200, userNode(user, record, fields));
  });

  router.on('GET', '/me/permissions', ({ req, res, url }) => {
    const record = userTokenOrError(res, req, url);
    if (!record) return;
    sendJson(res, 200, {
      data: [
        ...record.scopes.map((permission) => ({ permission, status: 'granted' })),
        ...record.declined.map((permission) => ({ permission, status: 'declined' })),
      ],
    });
  });

  router.on('DELETE', '/me/permissions', ({ req, res, url }) => {
    const record = userTokenOrError(res, req, url);
    if (!record) return;
    for (const other of tokens.values()) {
      if (other.appId === record.appId && other.userId === record.userId)
        other.revoked = 'deauthorized';
    }
    sendJson(res, 200, { success: true });
  });

  router.on('GET', '/:userId/picture', ({ req, res, url, params }) => {
    let user: FacebookTestUser | undefined;
    if (params.userId === 'me') {
      const record = userTokenOrError(res, req, url);
      if (!record) return;
      user = users.get(record.userId);
    } else {
      user = users.get(params.userId ?? '');
    }
    if (!user) {
      return graphError(
        res,
        404,
        `(#803) Some of the aliases you requested do not exist: ${params.userId ?? ''}`,
        803,
      );
    }
    const modifiers = Object.fromEntries(
      ['type', 'width', 'height'].flatMap((key) =>
        url.searchParams.has(key) ? [[key, url.searchParams.get(key) ?? '']] : [],
      ),
    );
    const picture = pictureData(user, modifiers);
    const redirectParam = url.searchParams.get('redirect');
    if (redirectParam === '0' || redirectParam === 'false') return sendJson(res, 200, picture);
    redirect(res, picture.data.url);
  });

  router.on('GET', '/platform/profilepic/', ({ res, url }) => {
    const user = users.get(url.searchParams.get('asid') ?? '');
    if (!user) return sendText(res, 404, 'text/plain; charset=utf-8', 'Not found');
    const size = Math.min(400, Math.max(16, Number(url.searchParams.get('width')) || 50));
    sendText(
      res,
      200,
      'image/png',
      user.silhouette ? silhouettePng(size) : patternAvatarPng(`facebook:${user.id}`, size),
    );
  });

  router.on('GET', '/oauth/access_token', ({ res, url }) => {
    const params = url.searchParams;
    const app = apps.get(params.get('client_id') ?? '');
    if (!app)
      return graphError(res, 400, 'Error validating application. Invalid application ID.', 101);
    if (params.get('client_secret') !== app.appSecret) {
      return graphError(res, 400, 'Error validating client secret.', 1);
    }
    const grantType = params.get('grant_type');
    if (grantType === 'client_credentials') {
      const token = `${app.appId}|${randomToken(27, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_')}`;
      appTokens.set(token, app.appId);
      return sendJson(res, 200, { access_token: token, token_type: 'bearer' });
    }
    if (grantType === 'fb_exchange_token') {
      const record = tokens.get(params.get('fb_exchange_token') ?? '');
      if (!record || record.appId !== app.appId || tokenProblem(record)) {
        return graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 190);
      }
      const token = issue(
        {
          appId: app.appId,
          userId: record.userId,
          scopes: record.scopes,
          expiresInSeconds: FACEBOOK_LONG_TOKEN_TTL_SECONDS,
        },
        record.declined,
      );
      return sendJson(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: FACEBOOK_LONG_TOKEN_TTL_SECONDS,
      });
    }
    const code = params.get('code');
    if (!code) return graphError(res, 400, 'Missing authorization code', 100);
    const record = codes.get(code);
    if (!record || record.appId !== app.appId) {
      return graphError(res, 400, 'Invalid verification code format.', 100, {
        error_subcode: 36007,
      });
    }
    if (record.used)
      return graphError(res, 400, 'This authorization code has been used.', 100, {
        error_subcode: 36009,
      });
    if (record.expiresAt <= now()) {
      return graphError(res, 400, 'This authorization code has expired.', 100, {
        error_subcode: 36007,
      });
    }
    if (params.get('redirect_uri') !== record.redirectUri) {
      return graphError(
        res,
        400,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        100,
        { error_subcode: 36008 },
      );
    }
    record.used = true;
    const token = tokens.get(record.token);
    sendJson(res, 200, {
      access_token: record.token,
      token_type: 'bearer',
      expires_in: Math.max(0, (token?.expiresAt ?? now()) - now()),
    });
  });

  // ---- Login dialog (Facebook's web host) ----------------------------------------------------

  router.on('GET', '/dialog/oauth', (request) => dialog(request));
  router.on('POST', '/dialog/oauth', (request) => dialog(request));

  /** The SDK stand-in's redirect target: hands the dialog's answer to the opener. */
  router.on('GET', '/connect/xd_arbiter/', ({ res, url }) => {
    const origin = url.searchParams.get('origin') ?? '';
    sendHtml(
      res,
      200,
      renderPage({
        title: 'Facebook login finished',
        banner,
        body: html`<h1>Login finished</h1>
          <p>You can close this window and return to the application.</p>`,
        script: js`(function () {
  var params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  var message = { type: ${scriptJson(FACEBOOK_SDK_MESSAGE_TYPE)} };
  params.forEach(function (value, key) { message[key] = value; });
  if (window.opener) window.opener.postMessage(message, ${scriptJson(origin)});
})();`,
      }),
    );
  });

  router.on('GET', '/:locale/sdk.js', ({ res, params }) => {
    if (!/^[a-z]{2}_[A-Z]{2}$/.test(params.locale ?? ''))
      return sendText(res, 404, 'text/plain', 'Not found');
    res.setHeader('cache-control', 'no-cache');
    sendText(
      res,
      200,
      'text/javascript; charset=utf-8',
      facebookSdkScript(FACEBOOK_SDK_MESSAGE_TYPE, banner),
    );
  });

  router.on('GET', '/', ({ res }) => {
    sendHtml(
      res,
      200,
      renderPage({
        title: 'Development Graph API',
        banner,
        body: html`<h1>Development Graph API</h1>
          <p>
            Login dialog at <code>/dialog/oauth</code> (also versioned, e.g.
            <code>/v2.7/dialog/oauth</code>), Graph API at <code>/debug_token</code>,
            <code>/me</code>, <code>/oauth/access_token</code>, SDK at <code>/en_US/sdk.js</code>.
          </p>
          <h2>Test users</h2>
          <ul>
            ${[...users.values()].map((user) => html`<li>${user.first_name} ${user.last_name} (${user.id})${user.email ? html`, ${user.email}` : ', no e-mail'}</li>`)}
          </ul>`,
      }),
    );
  });

  function sdkOrigins(app: FacebookApp): string[] {
    return [...new Set(app.sdkOrigins ?? app.redirectUris.map((uri) => new URL(uri).origin))];
  }

  async function dialog({ req, res, method, url }: PeerRequest): Promise<void> {
    const input = method === 'POST' ? await readForm(req) : url.searchParams;
    const read = (name: string) => input.get(name) ?? '';
    const app = apps.get(read('client_id'));
    if (!app) {
      return sendHtml(
        res,
        400,
        renderErrorPage(banner, 'Invalid App ID', [
          'The provided app ID does not look like a valid app ID.',
        ]),
      );
    }
    // The SDK stand-in's own landing page is always allowed, for the origins the app lists.
    const sdkLanding = `${server.url}/connect/xd_arbiter/`;
    const redirectUri = read('redirect_uri');
    const viaSdk = redirectUri === sdkLanding;
    if (
      viaSdk ? !sdkOrigins(app).includes(read('origin')) : !app.redirectUris.includes(redirectUri)
    ) {
      return sendHtml(
        res,
        400,
        renderErrorPage(banner, 'URL blocked', [
          "This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings. Make sure Client and Web OAuth Login are on and add all your app domains as Valid OAuth Redirect URIs.",
        ]),
      );
    }
    const responseTypes = new Set(
      read('response_type')
        .split(/[\s,]+/)
        .filter(Boolean),
    );
    if (responseTypes.size === 0) responseTypes.add('code');
    const requested = parseScopes(input.get('scope')).filter((scope) => scope !== 'public_profile');
    const unknownScope = requested.find((scope) => !KNOWN_PERMISSIONS.has(scope));
    if (unknownScope) {
      return sendHtml(
        res,
        400,
        renderErrorPage(banner, 'Invalid Scopes', [`Invalid Scopes: ${unknownScope}.`]),
      );
    }
    const hidden: Record<string, string> = {};
    for (const name of [
      'client_id',
      'redirect_uri',
      'state',
      'response_type',
      'scope',
      'auth_type',
      'return_scopes',
      'display',
      'origin',
    ]) {
      if (input.has(name)) hidden[name] = read(name).slice(0, 2048);
    }
    if (method === 'GET') {
      const permissions = requested.length
        ? html`<fieldset>
            <legend>Choose what ${app.name} receives</legend>
            <p class="detail">Your name and profile picture (public profile) are always shared.</p>
            ${requested.map(
              (scope) =>
                html`<label class="inline" for="grant-${scope}"
                  ><input
                    type="checkbox"
                    id="grant-${scope}"
                    name="grant"
                    value="${scope}"
                    checked
                  />
                  ${PERMISSION_LABELS[scope] ?? scope}</label
                >`,
            )}
          </fieldset>`
        : html``;
      sendHtml(
        res,
        200,
        renderChooserPage({
          banner,
          title: `Log in to ${app.name}`,
          lead: `${app.name} will receive your name and profile picture${requested.length ? ' and the information you choose below' : ''}.`,
          action: url.pathname,
          hidden,
          extraFields: permissions,
          accounts: [...users.values()].map((user) => ({
            id: user.id,
            name: user.name ?? `${user.first_name} ${user.last_name}`,
            detail: user.email ?? 'No e-mail address on this account',
            pictureUrl: pictureData(user, {}).data.url,
          })),
          newAccountFields: [],
        }),
      );
      return;
    }

    const target = new URL(redirectUri);
    const state = input.get('state');
    const back = (query: Record<string, string>, fragment: Record<string, string>) => {
      for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
      if (viaSdk) target.searchParams.set('origin', read('origin'));
      // Facebook appends `#_=_` when it has no fragment of its own.
      target.hash = Object.keys(fragment).length ? new URLSearchParams(fragment).toString() : '_=_';
      redirect(res, target.href);
    };
    const choice = read('account');
    if (choice === 'cancel') {
      return back(
        {
          error: 'access_denied',
          error_code: '200',
          error_description: 'Permissions error',
          error_reason: 'user_denied',
          ...(state !== null ? { state } : {}),
        },
        {},
      );
    }
    const user = users.get(choice);
    if (!user)
      return sendHtml(
        res,
        400,
        renderErrorPage(banner, 'Unknown account', ['Choose one of the test accounts.']),
      );
    const granted = new Set(input.getAll('grant').filter((scope) => requested.includes(scope)));
    const declined = requested.filter((scope) => !granted.has(scope));
    const token = issue({ appId: app.appId, userId: user.id, scopes: [...granted] }, declined);
    const record = tokens.get(token);
    const code = randomToken(
      200,
      'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_',
    );
    codes.set(code, {
      token,
      appId: app.appId,
      redirectUri,
      expiresAt: now() + FACEBOOK_CODE_TTL_SECONDS,
      used: false,
    });
    const scopes = record?.scopes ?? [];
    const wantsToken = responseTypes.has('token');
    const returnScopes = read('return_scopes') === 'true';
    const result: Record<string, string> = {};
    if (wantsToken) {
      result.access_token = token;
      result.data_access_expiration_time = String(
        (record?.issuedAt ?? now()) + FACEBOOK_DATA_ACCESS_TTL_SECONDS,
      );
      result.expires_in = String(FACEBOOK_SHORT_TOKEN_TTL_SECONDS);
    }
    if (responseTypes.has('code') && wantsToken) result.code = code;
    if (responseTypes.has('signed_request')) {
      const payload = base64url(
        JSON.stringify({ algorithm: 'HMAC-SHA256', code, issued_at: now(), user_id: user.id }),
      );
      const signature = base64url(createHmac('sha256', app.appSecret).update(payload).digest());
      result.signed_request = `${signature}.${payload}`;
      result.user_id = user.id;
    }
    if (responseTypes.has('graph_domain')) result.graph_domain = 'facebook';
    if (returnScopes) {
      result.granted_scopes = scopes.join(',');
      result.denied_scopes = declined.join(',');
    }
    if (state !== null) result.state = state;
    if (wantsToken) return back({}, result);
    // Code flow: the code and state in the query string.
    back({ code, ...(state !== null ? { state } : {}) }, {});
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    const method = req.method ?? 'GET';
    // `/v2.7/me` and `/me` are the same call; the version only changes defaults we do not model.
    const pathname = url.pathname.replace(VERSIONED, '');
    const match = router.match(method, pathname);
    if (match.kind === 'found') {
      await match.handler({ req, res, method, url, params: match.params });
      return;
    }
    graphError(
      res,
      400,
      `Unsupported ${method.toLowerCase()} request. Please read the Graph API documentation`,
      100,
      {
        type: 'GraphMethodException',
        error_subcode: 33,
      },
    );
  }

  return {
    url: server.url,
    sdkUrl: `${server.url}/en_US/sdk.js`,
    addUser(user) {
      users.set(user.id, user);
    },
    users() {
      return [...users.values()];
    },
    upsertApp(app) {
      apps.set(app.appId, app);
    },
    issueToken(issueOptions) {
      return issue(issueOptions);
    },
    revokeToken(token, reason = 'deauthorized') {
      const record = tokens.get(token);
      if (!record) throw new Error('unknown token');
      record.revoked = reason;
    },
    expireToken(token) {
      const record = tokens.get(token);
      if (!record) throw new Error('unknown token');
      record.expiresAt = now() - 1;
    },
    stop: () => server.stop(),
  };
}
