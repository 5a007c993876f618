// Instagram Login's authorization-code flow (docs/decisions/128): the authorize address, the
// code exchange at the API host (`POST /oauth/access_token`) and the profile read at the Graph
// host (`GET /me`). The base URLs come from configuration (the real provider's, or the loopback
// peer's), so plain fetch is right here; answers are checked with zod before anything is used.
import { z } from 'zod';
import type { InstagramProviderConfig } from '../../config/providers.ts';

/** Decision: each call to Instagram gets 10 s. */
export const INSTAGRAM_CALL_TIMEOUT_MS = 10_000;
/** The profile is all Corkboard reads: who the account is. */
export const INSTAGRAM_SCOPES = ['user_profile'] as const;

export function instagramAuthorizeUrl(
  provider: InstagramProviderConfig,
  redirectUri: string,
  state: string,
): string {
  const url = new URL(`${provider.authorizeUrl}/oauth/authorize`);
  url.searchParams.set('client_id', provider.appId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', INSTAGRAM_SCOPES.join(','));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  return url.href;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  user_id: z.union([z.number(), z.string()]).transform(String),
});
const profileSchema = z.object({
  id: z.string().regex(/^[0-9]{1,32}$/),
  username: z.string().min(1).max(64),
});

export interface InstagramAccount {
  id: string;
  username: string;
}

/** Why Instagram refused (no provider text leaves the server: it could echo the code). */
export class InstagramCallError extends Error {
  readonly reason: 'code_rejected' | 'profile_unreadable' | 'unreachable';
  constructor(reason: InstagramCallError['reason']) {
    super(`instagram: ${reason}`);
    this.reason = reason;
  }
}

async function call(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, { ...init, signal: AbortSignal.timeout(INSTAGRAM_CALL_TIMEOUT_MS) });
  } catch {
    throw new InstagramCallError('unreachable');
  }
}

/** Exchanges the code for a token and reads the account it belongs to. */
export async function exchangeCodeForAccount(
  provider: InstagramProviderConfig,
  redirectUri: string,
  code: string,
): Promise<InstagramAccount> {
  const tokenResponse = await call(`${provider.apiUrl}/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      client_id: provider.appId,
      client_secret: provider.appSecret,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      code,
    }),
  });
  const token = tokenSchema.safeParse(await tokenResponse.json().catch(() => null));
  if (!tokenResponse.ok || !token.success) throw new InstagramCallError('code_rejected');

  const me = new URL(`${provider.graphUrl}/me`);
  me.searchParams.set('fields', 'id,username');
  const profileResponse = await call(me.href, {
    headers: { authorization: `Bearer ${token.data.access_token}`, accept: 'application/json' },
  });
  const profile = profileSchema.safeParse(await profileResponse.json().catch(() => null));
  if (!profileResponse.ok || !profile.success || profile.data.id !== token.data.user_id) {
    throw new InstagramCallError('profile_unreadable');
  }
  return profile.data;
}
