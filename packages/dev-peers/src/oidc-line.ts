// LINE Login's ID token verification endpoint, `POST /oauth2/v2.1/verify`: checks a token for a
// channel (signature, issuer, audience, expiry, nonce, subject) and answers its claims or LINE's
// error `{ error: 'invalid_request', error_description }`.
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { readForm, sendJson, type PeerRequest } from './http.ts';
import type { IssuerState } from './oidc-issuer.ts';

/** LINE's `POST /oauth2/v2.1/verify`: checks an ID token for a channel and answers its claims. */
export async function handleLineVerify(
  state: IssuerState,
  { req, res }: PeerRequest,
): Promise<void> {
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
