// Facebook Login and the Graph API on loopback: the code exchange, token debugging, `/me` with
// field selection and permission gating, `/me/permissions`, profile pictures; the login dialog
// and the JavaScript SDK stand-in are in facebook-dialog.ts.
// Graph errors use Graph's shape `{ error: { message, type, code, error_subcode?, fbtrace_id } }`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { patternAvatarPng, silhouettePng } from './avatar.ts';
import { registerDialogRoutes } from './facebook-dialog.ts';
import {
  FACEBOOK_DATA_ACCESS_TTL_SECONDS,
  FACEBOOK_LONG_TOKEN_TTL_SECONDS,
  FACEBOOK_SHORT_TOKEN_TTL_SECONDS,
  type FacebookApp,
  type FacebookTestUser,
  type IssueTokenOptions,
} from './facebook-types.ts';
import { parseGraphFields, type GraphField } from './graph-fields.ts';
import { assertNotProduction } from './guard.ts';
import { html, renderPage } from './html.ts';
import {
  listenLoopback,
  redirect,
  requestUrl,
  randomToken,
  sendHtml,
  sendJson,
  sendText,
  Router,
} from './http.ts';

export interface FacebookPeerOptions {
  readonly apps: readonly FacebookApp[];
  readonly users: readonly FacebookTestUser[];
  readonly port?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
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

  registerDialogRoutes(router, {
    baseUrl: server.url,
    banner,
    apps,
    users,
    codes,
    tokens,
    issue,
    pictureData,
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
