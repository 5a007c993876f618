// The Google Identity Services stand-in's chooser: it hands the page a credential (a
// Google-style ID token) — by postMessage to a registered JavaScript origin in popup and one-tap
// mode, by a form POST of `credential` and `g_csrf_token` to the login URI in redirect mode.
import { renderChooserPage, renderErrorPage } from './chooser-page.ts';
import { html, js, rawHtml, renderPage, scriptJson } from './html.ts';
import { readForm, sendHtml, type PeerRequest } from './http.ts';
import {
  chooserAccounts,
  chosenAccount,
  clientOrigins,
  displayNameOf,
  FormError,
  idTokenClaims,
  ID_TOKEN_TTL_SECONDS,
  newAccountValues,
  signIdToken,
  type IssuerState,
  type OidcTestAccount,
} from './oidc-issuer.ts';

/** What the GIS stand-in's pages post back to the page that asked (see gsi-client.ts). */
export const GSI_MESSAGE_TYPE = 'corkboard-dev-gsi';

/**
 * Google Identity Services stand-in: the chooser that hands a credential (a Google-style ID
 * token) to the page, in popup/one-tap mode by postMessage to the registered JavaScript
 * origin, in redirect mode by a form POST of `credential` + `g_csrf_token` to the login URI.
 */
export async function handleGsiSelect(
  state: IssuerState,
  { req, res, method, url }: PeerRequest,
): Promise<void> {
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
    idTokenClaims(state, account, clientId, request.nonce, issuedAt, ID_TOKEN_TTL_SECONDS),
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
