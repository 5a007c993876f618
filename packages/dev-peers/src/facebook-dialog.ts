// Facebook Login's dialog (account chooser with permission choices and Cancel, token and code
// responses, the errors of a denied authorization) and the JavaScript SDK stand-in it serves,
// with the page the SDK's popup lands on.
import { createHmac } from 'node:crypto';
import { renderChooserPage, renderErrorPage } from './chooser-page.ts';
import { facebookSdkScript } from './facebook-sdk.ts';
import { html, js, renderPage, scriptJson } from './html.ts';
import {
  readForm,
  redirect,
  randomToken,
  sendHtml,
  sendText,
  type PeerRequest,
  type Router,
} from './http.ts';
import {
  FACEBOOK_CODE_TTL_SECONDS,
  FACEBOOK_DATA_ACCESS_TTL_SECONDS,
  FACEBOOK_SDK_MESSAGE_TYPE,
  FACEBOOK_SHORT_TOKEN_TTL_SECONDS,
  type FacebookApp,
  type FacebookTestUser,
  type IssueTokenOptions,
} from './facebook-types.ts';

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

export interface DialogTokenRecord {
  readonly scopes: readonly string[];
  readonly issuedAt: number;
}

export interface DialogCodeRecord {
  readonly token: string;
  readonly appId: string;
  readonly redirectUri: string;
  readonly expiresAt: number;
  used: boolean;
}

/** The peer's state the dialog reads and writes. */
export interface DialogContext {
  readonly baseUrl: string;
  readonly banner: string;
  readonly apps: ReadonlyMap<string, FacebookApp>;
  readonly users: ReadonlyMap<string, FacebookTestUser>;
  readonly codes: Map<string, DialogCodeRecord>;
  readonly tokens: ReadonlyMap<string, DialogTokenRecord>;
  issue(options: IssueTokenOptions, declined?: readonly string[]): string;
  pictureData(
    user: FacebookTestUser,
    modifiers: Readonly<Record<string, string>>,
  ): { data: { url: string } };
}

const now = () => Math.floor(Date.now() / 1000);

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

export function registerDialogRoutes(router: Router, ctx: DialogContext): void {
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
        banner: ctx.banner,
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
      facebookSdkScript(FACEBOOK_SDK_MESSAGE_TYPE, ctx.banner),
    );
  });

  function sdkOrigins(app: FacebookApp): string[] {
    return [...new Set(app.sdkOrigins ?? app.redirectUris.map((uri) => new URL(uri).origin))];
  }

  async function dialog({ req, res, method, url }: PeerRequest): Promise<void> {
    const input = method === 'POST' ? await readForm(req) : url.searchParams;
    const read = (name: string) => input.get(name) ?? '';
    const app = ctx.apps.get(read('client_id'));
    if (!app) {
      return sendHtml(
        res,
        400,
        renderErrorPage(ctx.banner, 'Invalid App ID', [
          'The provided app ID does not look like a valid app ID.',
        ]),
      );
    }
    // The SDK stand-in's own landing page is always allowed, for the origins the app lists.
    const sdkLanding = `${ctx.baseUrl}/connect/xd_arbiter/`;
    const redirectUri = read('redirect_uri');
    const viaSdk = redirectUri === sdkLanding;
    if (
      viaSdk ? !sdkOrigins(app).includes(read('origin')) : !app.redirectUris.includes(redirectUri)
    ) {
      return sendHtml(
        res,
        400,
        renderErrorPage(ctx.banner, 'URL blocked', [
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
        renderErrorPage(ctx.banner, 'Invalid Scopes', [`Invalid Scopes: ${unknownScope}.`]),
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
          banner: ctx.banner,
          title: `Log in to ${app.name}`,
          lead: `${app.name} will receive your name and profile picture${requested.length ? ' and the information you choose below' : ''}.`,
          action: url.pathname,
          hidden,
          extraFields: permissions,
          accounts: [...ctx.users.values()].map((user) => ({
            id: user.id,
            name: user.name ?? `${user.first_name} ${user.last_name}`,
            detail: user.email ?? 'No e-mail address on this account',
            pictureUrl: ctx.pictureData(user, {}).data.url,
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
    const user = ctx.users.get(choice);
    if (!user)
      return sendHtml(
        res,
        400,
        renderErrorPage(ctx.banner, 'Unknown account', ['Choose one of the test accounts.']),
      );
    const granted = new Set(input.getAll('grant').filter((scope) => requested.includes(scope)));
    const declined = requested.filter((scope) => !granted.has(scope));
    const token = ctx.issue({ appId: app.appId, userId: user.id, scopes: [...granted] }, declined);
    const record = ctx.tokens.get(token);
    const code = randomToken(
      200,
      'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_',
    );
    ctx.codes.set(code, {
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
}
