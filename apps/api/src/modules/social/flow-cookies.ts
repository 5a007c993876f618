// The browser's half of an OpenID Connect sign-in (docs/decisions/030): the nonce the ID token
// must carry, and for the code flows the `state`, the PKCE verifier and who the flow is for. It
// lives in an HttpOnly cookie signed with the server's secret rather than in the database, so a
// visitor who opens the Google button a hundred times writes nothing, and a token obtained in
// another browser — without this browser's cookie — never matches (token injection).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A sign-in must finish within this long of starting it. */
export const OIDC_FLOW_TTL_SECONDS = 10 * 60;

export type FlowName = 'google' | 'line' | 'sso';

const COOKIE_PREFIX = 'cb_oidc_';

const flowSchema = z.object({
  nonce: z.string(),
  /** Seconds since the epoch. */
  exp: z.number(),
  state: z.string().optional(),
  verifier: z.string().optional(),
  /** The SSO provider's slug. */
  provider: z.string().optional(),
  /** The e-mail the SSO sign-in started with. */
  email: z.string().optional(),
  /** The redirect URI the authorization request used (the token request must repeat it). */
  redirectUri: z.string().optional(),
  /** The opener's id for the SSO pop-up (ADR 213): its result is answered to that id only. */
  attempt: z.string().optional(),
  /**
   * What the SSO callback handed the opener (ADR 213), kept so the opener can ask for it when
   * the pop-up's message was lost or came after the pop-up closed.
   */
  result: z
    .object({
      code: z.string().nullable(),
      state: z.string().nullable(),
      error: z.string().nullable(),
    })
    .optional(),
});
export type FlowState = z.output<typeof flowSchema>;

function sign(secret: string, flow: FlowName, payload: string): string {
  return createHmac('sha256', secret).update(`${flow}.${payload}`).digest('base64url');
}

export function flowCookieName(flow: FlowName): string {
  return `${COOKIE_PREFIX}${flow}`;
}

export function sealFlow(secret: string, flow: FlowName, state: FlowState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${sign(secret, flow, payload)}`;
}

/** The flow state, if the cookie is ours, for this flow, and not expired at `now`. */
export function openFlow(
  secret: string,
  flow: FlowName,
  value: string | undefined,
  now: Date,
): FlowState | undefined {
  if (!value) return undefined;
  const [payload = '', signature = ''] = value.split('.');
  const expected = Buffer.from(sign(secret, flow, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const result = flowSchema.safeParse(parsed);
  if (!result.success || result.data.exp * 1000 <= now.getTime()) return undefined;
  return result.data;
}

export function readFlow(
  request: FastifyRequest,
  secret: string,
  flow: FlowName,
  now: Date,
): FlowState | undefined {
  return openFlow(secret, flow, request.cookies[flowCookieName(flow)], now);
}

export function writeFlow(
  reply: FastifyReply,
  secret: string,
  flow: FlowName,
  state: FlowState,
  secure: boolean,
): void {
  reply.setCookie(flowCookieName(flow), sealFlow(secret, flow, state), {
    path: '/',
    httpOnly: true,
    // Lax: the provider's redirect back to our callback is a top-level GET, which carries it.
    sameSite: 'lax',
    secure,
    maxAge: OIDC_FLOW_TTL_SECONDS,
  });
}
