// Instagram's OAuth and Graph shape (Basic Display / Instagram Login): the authorize page with an
// account chooser and Cancel, `POST /oauth/access_token` (errors `{ error_type, code,
// error_message }`), long-lived token exchange and refresh, `/me`, `/me/media` and media nodes
// (Graph errors `{ error: { message, type, code, fbtrace_id } }`), media images served locally.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { patternAvatarPng } from './avatar.ts';
import { renderChooserPage, renderErrorPage } from './chooser-page.ts';
import { parseGraphFields } from './graph-fields.ts';
import { assertNotProduction } from './guard.ts';
import { html, renderPage } from './html.ts';
import {
  listenLoopback,
  readForm,
  redirect,
  randomToken,
  requestUrl,
  sendHtml,
  sendJson,
  sendText,
  Router,
  type PeerRequest,
} from './http.ts';

export interface InstagramMedia {
  readonly id: string;
  readonly caption?: string;
  readonly media_type: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  /** ISO 8601, as the API writes it (`2026-11-01T10:00:00+0000`). */
  readonly timestamp: string;
}

export interface InstagramTestUser {
  /** Numeric id as a string; kept below 2^53 because the token endpoint answers it as a JSON number. */
  readonly id: string;
  readonly username: string;
  readonly account_type: 'PERSONAL' | 'BUSINESS' | 'MEDIA_CREATOR';
  readonly name?: string;
  readonly media: readonly InstagramMedia[];
}

export interface InstagramApp {
  readonly appId: string;
  readonly appSecret: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
}

export interface InstagramPeerOptions {
  readonly apps: readonly InstagramApp[];
  readonly users: readonly InstagramTestUser[];
  readonly port?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface InstagramPeer {
  /** Serves the authorize page, the token endpoint and the Graph paths, all on this one origin. */
  readonly url: string;
  addUser(user: InstagramTestUser): void;
  upsertApp(app: InstagramApp): void;
  /** A short-lived token as the code exchange would give, without the dialog. */
  issueToken(appId: string, userId: string, scopes?: readonly string[]): string;
  revokeToken(token: string): void;
  stop(): Promise<void>;
}

/** Short-lived tokens last an hour; long-lived ones 60 days (the API answers 5183944 seconds). */
export const INSTAGRAM_SHORT_TOKEN_TTL_SECONDS = 3600;
export const INSTAGRAM_LONG_TOKEN_TTL_SECONDS = 5_183_944;
/** Codes are valid for one hour and single use. */
export const INSTAGRAM_CODE_TTL_SECONDS = 3600;
/** Page size of `/me/media` when `limit` is not given, and its cap. */
export const INSTAGRAM_MEDIA_PAGE_SIZE = 25;
export const INSTAGRAM_MEDIA_PAGE_CAP = 100;

const SCOPES = new Set([
  'user_profile',
  'user_media',
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_messages',
  'instagram_business_manage_comments',
]);
const USER_FIELDS = new Set([
  'id',
  'user_id',
  'username',
  'name',
  'account_type',
  'media_count',
  'profile_picture_url',
]);
const MEDIA_FIELDS = new Set([
  'id',
  'caption',
  'media_type',
  'media_url',
  'permalink',
  'thumbnail_url',
  'timestamp',
  'username',
]);
const VERSIONED = /^\/v\d+\.\d+(?=\/)/;

interface TokenRecord {
  readonly appId: string;
  readonly userId: string;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
  revoked: boolean;
}

const now = () => Math.floor(Date.now() / 1000);

export async function startInstagramPeer(options: InstagramPeerOptions): Promise<InstagramPeer> {
  assertNotProduction(options.env ?? process.env);
  const apps = new Map(options.apps.map((app) => [app.appId, app]));
  const users = new Map(options.users.map((user) => [user.id, user]));
  const tokens = new Map<string, TokenRecord>();
  const codes = new Map<
    string,
    {
      appId: string;
      userId: string;
      redirectUri: string;
      scopes: string[];
      expiresAt: number;
      used: boolean;
    }
  >();
  const router = new Router();
  const server = await listenLoopback((req, res) => dispatch(req, res), options.port);
  const banner = 'Development login — not Instagram';

  const oauthError = (res: ServerResponse, message: string, code = 400) =>
    sendJson(res, code, { error_type: 'OAuthException', code, error_message: message });
  const graphError = (
    res: ServerResponse,
    message: string,
    code: number,
    type = 'OAuthException',
  ) => sendJson(res, 400, { error: { message, type, code, fbtrace_id: randomToken(11) } });

  function issue(appId: string, userId: string, scopes: readonly string[], ttl: number): string {
    const token = `IGQV${randomToken(150)}`;
    tokens.set(token, { appId, userId, scopes, expiresAt: now() + ttl, revoked: false });
    return token;
  }

  function tokenOrError(
    res: ServerResponse,
    url: URL,
    req: IncomingMessage,
  ): TokenRecord | undefined {
    const header = /^(?:OAuth|Bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const token = url.searchParams.get('access_token') ?? header?.[1];
    if (!token) {
      graphError(
        res,
        'An active access token must be used to query information about the current user.',
        2500,
      );
      return undefined;
    }
    const record = tokens.get(token);
    if (!record || record.revoked) {
      graphError(res, 'Invalid OAuth access token - Cannot parse access token', 190);
      return undefined;
    }
    if (record.expiresAt <= now()) {
      graphError(res, 'Error validating access token: Session has expired.', 190);
      return undefined;
    }
    return record;
  }

  const mediaUrl = (media: InstagramMedia) =>
    `${server.url}/media/${encodeURIComponent(media.id)}.png`;
  const permalink = (media: InstagramMedia) => `${server.url}/p/${encodeURIComponent(media.id)}/`;

  function mediaNode(
    user: InstagramTestUser,
    media: InstagramMedia,
    fields: readonly string[],
  ): Record<string, unknown> {
    const values: Record<string, unknown> = {
      id: media.id,
      caption: media.caption,
      media_type: media.media_type,
      media_url: mediaUrl(media),
      permalink: permalink(media),
      thumbnail_url: media.media_type === 'VIDEO' ? mediaUrl(media) : undefined,
      timestamp: media.timestamp,
      username: user.username,
    };
    const node: Record<string, unknown> = {};
    for (const field of fields) if (values[field] !== undefined) node[field] = values[field];
    node.id = media.id;
    return node;
  }

  function findMedia(id: string): { user: InstagramTestUser; media: InstagramMedia } | undefined {
    for (const user of users.values()) {
      const media = user.media.find((m) => m.id === id);
      if (media) return { user, media };
    }
    return undefined;
  }

  // ---- authorize (Instagram's web host) -------------------------------------------------------

  async function authorize({ req, res, method, url }: PeerRequest): Promise<void> {
    const input = method === 'POST' ? await readForm(req) : url.searchParams;
    const read = (name: string) => input.get(name) ?? '';
    const app = apps.get(read('client_id'));
    if (!app) return oauthError(res, 'Invalid platform app');
    const redirectUri = read('redirect_uri');
    if (!app.redirectUris.includes(redirectUri)) return oauthError(res, 'Invalid redirect_uri');
    if (read('response_type') !== 'code')
      return oauthError(res, 'Invalid response_type: only code is supported');
    const scopes = [
      ...new Set(
        read('scope')
          .split(/[\s,]+/)
          .filter(Boolean),
      ),
    ];
    const unknown = scopes.find((scope) => !SCOPES.has(scope));
    if (unknown) return oauthError(res, `Invalid scope: ${unknown}`);
    if (!scopes.length) return oauthError(res, 'You must provide a scope');
    const hidden: Record<string, string> = {};
    for (const name of ['client_id', 'redirect_uri', 'scope', 'response_type', 'state'])
      if (input.has(name)) hidden[name] = read(name).slice(0, 2048);
    if (method === 'GET') {
      sendHtml(
        res,
        200,
        renderChooserPage({
          banner,
          title: `Allow ${app.name} to access your Instagram account?`,
          lead: `${app.name} will see your profile information${scopes.some((s) => s.includes('media')) ? ' and your photos and videos' : ''}.`,
          action: url.pathname,
          hidden,
          accounts: [...users.values()].map((user) => ({
            id: user.id,
            name: `@${user.username}`,
            detail: `${user.account_type.toLowerCase().replace('_', ' ')} account, ${user.media.length} posts`,
            pictureUrl: `${server.url}/avatar/${encodeURIComponent(user.id)}.png`,
          })),
          continueLabel: (account) => `Continue as ${account.name}`,
          newAccountFields: [],
        }),
      );
      return;
    }
    const target = new URL(redirectUri);
    const state = input.get('state');
    if (read('account') === 'cancel') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_reason', 'user_denied');
      target.searchParams.set('error_description', 'The user denied your request.');
      if (state !== null) target.searchParams.set('state', state);
      return redirect(res, target.href);
    }
    const user = users.get(read('account'));
    if (!user)
      return sendHtml(
        res,
        400,
        renderErrorPage(banner, 'Unknown account', ['Choose one of the test accounts.']),
      );
    const code = `AQ${randomToken(180, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_')}`;
    codes.set(code, {
      appId: app.appId,
      userId: user.id,
      redirectUri,
      scopes,
      expiresAt: now() + INSTAGRAM_CODE_TTL_SECONDS,
      used: false,
    });
    target.searchParams.set('code', code);
    if (state !== null) target.searchParams.set('state', state);
    // Instagram appends `#_` to the redirect.
    target.hash = '_';
    redirect(res, target.href);
  }
  router.on('GET', '/oauth/authorize', authorize);
  router.on('POST', '/oauth/authorize', authorize);

  // ---- token endpoints (API host and Graph host) ----------------------------

  router.on('POST', '/oauth/access_token', async ({ req, res }) => {
    const form = await readForm(req);
    for (const name of ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code']) {
      if (!form.get(name)) return oauthError(res, `You must provide a ${name}`);
    }
    const app = apps.get(form.get('client_id') ?? '');
    if (!app) return oauthError(res, 'Invalid platform app');
    if (form.get('client_secret') !== app.appSecret)
      return oauthError(res, 'Error validating client secret.');
    if (form.get('grant_type') !== 'authorization_code')
      return oauthError(res, 'Unsupported grant_type');
    const record = codes.get(form.get('code') ?? '');
    if (!record || record.used || record.appId !== app.appId) {
      return oauthError(res, 'Matching code was not found or was already used');
    }
    if (record.expiresAt <= now()) return oauthError(res, 'This authorization code has expired');
    if (form.get('redirect_uri') !== record.redirectUri) {
      return oauthError(
        res,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    }
    record.used = true;
    const token = issue(app.appId, record.userId, record.scopes, INSTAGRAM_SHORT_TOKEN_TTL_SECONDS);
    // Basic Display answers user_id as a JSON number.
    sendJson(res, 200, {
      access_token: token,
      user_id: Number(record.userId),
      permissions: record.scopes.join(','),
    });
  });

  router.on('GET', '/access_token', ({ req, res, url }) => {
    if (url.searchParams.get('grant_type') !== 'ig_exchange_token')
      return graphError(res, 'Unsupported grant_type', 100);
    const record = tokenOrError(res, url, req);
    if (!record) return;
    const app = apps.get(record.appId);
    if (url.searchParams.get('client_secret') !== app?.appSecret) {
      return graphError(res, 'Error validating client secret.', 1);
    }
    sendJson(res, 200, {
      access_token: issue(
        record.appId,
        record.userId,
        record.scopes,
        INSTAGRAM_LONG_TOKEN_TTL_SECONDS,
      ),
      token_type: 'bearer',
      expires_in: INSTAGRAM_LONG_TOKEN_TTL_SECONDS,
    });
  });

  router.on('GET', '/refresh_access_token', ({ req, res, url }) => {
    if (url.searchParams.get('grant_type') !== 'ig_refresh_token')
      return graphError(res, 'Unsupported grant_type', 100);
    const record = tokenOrError(res, url, req);
    if (!record) return;
    sendJson(res, 200, {
      access_token: issue(
        record.appId,
        record.userId,
        record.scopes,
        INSTAGRAM_LONG_TOKEN_TTL_SECONDS,
      ),
      token_type: 'bearer',
      expires_in: INSTAGRAM_LONG_TOKEN_TTL_SECONDS,
    });
  });

  // ---- Graph (Graph host) ---------------------------------------------------------

  router.on('GET', '/me', ({ req, res, url }) => {
    const record = tokenOrError(res, url, req);
    if (!record) return;
    const user = users.get(record.userId);
    if (!user)
      return graphError(res, 'Invalid OAuth access token - Cannot parse access token', 190);
    const fields = parseGraphFields(url.searchParams.get('fields') ?? 'id').map(
      (field) => field.name,
    );
    const unknown = fields.find((field) => !USER_FIELDS.has(field));
    if (unknown)
      return graphError(
        res,
        `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`,
        100,
      );
    const values: Record<string, unknown> = {
      id: user.id,
      user_id: user.id,
      username: user.username,
      name: user.name,
      account_type: user.account_type,
      media_count: user.media.length,
      profile_picture_url: `${server.url}/avatar/${encodeURIComponent(user.id)}.png`,
    };
    const node: Record<string, unknown> = {};
    for (const field of fields) if (values[field] !== undefined) node[field] = values[field];
    node.id = user.id;
    sendJson(res, 200, node);
  });

  router.on('GET', '/me/media', ({ req, res, url }) => {
    const record = tokenOrError(res, url, req);
    if (!record) return;
    const user = users.get(record.userId);
    if (!user)
      return graphError(res, 'Invalid OAuth access token - Cannot parse access token', 190);
    if (
      !record.scopes.some((scope) => scope === 'user_media' || scope === 'instagram_business_basic')
    ) {
      return graphError(res, '(#10) Application does not have permission for this action', 10);
    }
    const fields = parseGraphFields(url.searchParams.get('fields') ?? 'id').map(
      (field) => field.name,
    );
    const unknown = fields.find((field) => !MEDIA_FIELDS.has(field));
    if (unknown)
      return graphError(
        res,
        `(#100) Tried accessing nonexisting field (${unknown}) on node type (Media)`,
        100,
      );
    const limit = Math.min(
      INSTAGRAM_MEDIA_PAGE_CAP,
      Math.max(1, Number(url.searchParams.get('limit')) || INSTAGRAM_MEDIA_PAGE_SIZE),
    );
    const newestFirst = [...user.media].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    const after = url.searchParams.get('after');
    const start = after
      ? Math.max(
          0,
          newestFirst.findIndex((m) => Buffer.from(m.id).toString('base64url') === after) + 1,
        )
      : 0;
    const page = newestFirst.slice(start, start + limit);
    const cursor = (media: InstagramMedia | undefined) =>
      media ? Buffer.from(media.id).toString('base64url') : undefined;
    const next = new URL(url.pathname, server.url);
    for (const [key, value] of url.searchParams) next.searchParams.set(key, value);
    next.searchParams.set('after', cursor(page.at(-1)) ?? '');
    sendJson(res, 200, {
      data: page.map((media) => mediaNode(user, media, fields)),
      paging: {
        cursors: { before: cursor(page[0]) ?? '', after: cursor(page.at(-1)) ?? '' },
        ...(start + limit < newestFirst.length ? { next: next.href } : {}),
      },
    });
  });

  router.on('GET', '/:mediaId', ({ req, res, url, params }) => {
    const record = tokenOrError(res, url, req);
    if (!record) return;
    const found = findMedia(params.mediaId ?? '');
    if (!found || found.user.id !== record.userId) {
      return graphError(
        res,
        `Unsupported get request. Object with ID '${params.mediaId ?? ''}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
        'IGApiException',
      );
    }
    const fields = parseGraphFields(url.searchParams.get('fields') ?? 'id').map(
      (field) => field.name,
    );
    const unknown = fields.find((field) => !MEDIA_FIELDS.has(field));
    if (unknown)
      return graphError(
        res,
        `(#100) Tried accessing nonexisting field (${unknown}) on node type (Media)`,
        100,
      );
    sendJson(res, 200, mediaNode(found.user, found.media, fields));
  });

  // ---- images and pages served locally -----------------------------------------------------

  router.on('GET', '/media/:id.png', ({ res, params }) => {
    if (!findMedia(params.id ?? ''))
      return sendText(res, 404, 'text/plain; charset=utf-8', 'Not found');
    sendText(res, 200, 'image/png', patternAvatarPng(`instagram-media:${params.id ?? ''}`, 320));
  });
  router.on('GET', '/avatar/:id.png', ({ res, params }) => {
    if (!users.has(params.id ?? ''))
      return sendText(res, 404, 'text/plain; charset=utf-8', 'Not found');
    sendText(res, 200, 'image/png', patternAvatarPng(`instagram:${params.id ?? ''}`));
  });
  router.on('GET', '/p/:id/', ({ res, params }) => {
    const found = findMedia(params.id ?? '');
    if (!found)
      return sendHtml(
        res,
        404,
        renderErrorPage(banner, 'Post not found', ['This test post does not exist.']),
      );
    sendHtml(
      res,
      200,
      renderPage({
        title: `Post by @${found.user.username}`,
        banner,
        body: html`<h1>Post by @${found.user.username}</h1>
          <img
            src="${mediaUrl(found.media)}"
            alt="${found.media.caption ?? `Test post ${found.media.id}`}"
            width="320"
            height="320"
          />
          ${found.media.caption ? html`<p>${found.media.caption}</p>` : ''}`,
      }),
    );
  });

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    const method = req.method ?? 'GET';
    const pathname = url.pathname.replace(VERSIONED, '');
    const match = router.match(method, pathname);
    if (match.kind === 'found') {
      await match.handler({ req, res, method, url, params: match.params });
      return;
    }
    graphError(res, `Unsupported ${method.toLowerCase()} request.`, 100, 'IGApiException');
  }

  return {
    url: server.url,
    addUser(user) {
      users.set(user.id, user);
    },
    upsertApp(app) {
      apps.set(app.appId, app);
    },
    issueToken(appId, userId, scopes = ['user_profile', 'user_media']) {
      if (!apps.has(appId) || !users.has(userId)) throw new Error('unknown app or user');
      return issue(appId, userId, scopes, INSTAGRAM_SHORT_TOKEN_TTL_SECONDS);
    },
    revokeToken(token) {
      const record = tokens.get(token);
      if (!record) throw new Error('unknown token');
      record.revoked = true;
    },
    stop: () => server.stop(),
  };
}
