// OpenID Connect identity providers on loopback, built on `oidc-provider`: one HTTP server hosts
// several issuers, each at its own path (`/google`, `/line`, `/enterprise`), so the product
// verifies every provider's ID tokens against that provider's own issuer, audience and JWKS.
// Each issuer mimics its real counterpart's endpoint paths, signing algorithm and claims; the
// Google issuer also serves a Google Identity Services stand-in (button / one tap credentials).
// Issuers are set up in oidc-issuer.ts; GIS and LINE's verify endpoint live in their own modules.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { patternAvatarPng } from './avatar.ts';
import { renderChooserPage, renderErrorPage } from './chooser-page.ts';
import { gsiClientScript } from './gsi-client.ts';
import { assertNotProduction } from './guard.ts';
import { html, renderPage } from './html.ts';
import {
  listenLoopback,
  readForm,
  requestUrl,
  Router,
  sendHtml,
  sendJson,
  sendText,
  type PeerRequest,
} from './http.ts';
import { GSI_MESSAGE_TYPE, handleGsiSelect } from './oidc-gsi.ts';
import {
  chooserAccounts,
  chosenAccount,
  createIssuer,
  FormError,
  idTokenClaims,
  ID_TOKEN_TTL_SECONDS,
  issuerInfo,
  newAccountValues,
  signIdToken,
  type IssuerState,
  type MintIdTokenOptions,
  type OidcClient,
  type OidcIssuerInfo,
  type OidcIssuerOptions,
  type OidcTestAccount,
} from './oidc-issuer.ts';
import { handleLineVerify } from './oidc-line.ts';

export interface OidcPeerOptions {
  readonly issuers: readonly OidcIssuerOptions[];
  readonly port?: number;
  /** Checked with `assertNotProduction`; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
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
  const gsi = (request: PeerRequest) => {
    const state = issuerOf(request.params);
    if (!state || state.options.flavour !== 'google') return notFound(request.res);
    return handleGsiSelect(state, request);
  };
  router.on('GET', '/:issuer/gsi/select', gsi);
  router.on('POST', '/:issuer/gsi/select', gsi);

  router.on('POST', '/:issuer/oauth2/v2.1/verify', (request) => {
    const state = issuerOf(request.params);
    if (!state || state.options.flavour !== 'line') return notFound(request.res);
    return handleLineVerify(state, request);
  });

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
      const claims = idTokenClaims(
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

function notFound(res: ServerResponse): void {
  sendJson(res, 404, { error: 'not_found', error_description: 'Not Found' });
}
