// Which identity provider signs in an e-mail (docs/decisions/033, 154): the one from the
// environment (SSO_DEV_*: the dev peer's `acme.example` locally, or an organisation's IdP set by
// the operator of this server), then the providers organisations registered (in the admin, or
// businesses themselves, ADR 190) — enabled ones, for domains whose ownership is proven only. Registered providers' client secrets are stored
// encrypted with the auth engine's secret (AUTH_SECRET) and decrypted here, in memory, for the
// code exchange; their HTTP goes through the SSRF-safe fetcher (their URLs were typed by people).
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { AppDeps } from '../../core/app-deps.ts';
import { safeHttp, trustedHttp, type OidcHttp } from './oidc.ts';
import {
  findProviderBySlug,
  findProviderForVerifiedDomain,
  verifiedDomainsOf,
  type ProviderRow,
} from './sso-providers.repository.ts';

/** Our callback for provider `<slug>`; each IdP registers it as the redirect URI. */
export const SSO_CALLBACK_PATH_PREFIX = '/api/auth/sso/callback/';

export interface SsoProvider {
  slug: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The e-mail domains it signs in (verified ones for registered providers). */
  domains: string[];
  /** HTTP to the IdP: trusted for the environment's, SSRF-safe for registered ones. */
  http: OidcHttp;
}

export function ssoRedirectUri(deps: Pick<AppDeps, 'publicUrl'>, slug: string): string {
  return `${deps.publicUrl}${SSO_CALLBACK_PATH_PREFIX}${slug}`;
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export async function encryptClientSecret(deps: AppDeps, secret: string): Promise<string> {
  const { secret: key } = await deps.authEngine.$context;
  return symmetricEncrypt({ key, data: secret });
}

async function decryptClientSecret(deps: AppDeps, encrypted: string): Promise<string> {
  const { secret: key } = await deps.authEngine.$context;
  return symmetricDecrypt({ key, data: encrypted });
}

/** The provider configured by the environment, if any. */
export function envProvider(deps: AppDeps): SsoProvider | undefined {
  const env = deps.config.providers.envSso;
  if (!env) return undefined;
  return {
    slug: env.providerId,
    name: env.providerId,
    issuer: env.issuer,
    clientId: env.clientId,
    clientSecret: env.clientSecret,
    domains: [env.emailDomain],
    http: trustedHttp,
  };
}

async function registered(deps: AppDeps, row: ProviderRow): Promise<SsoProvider> {
  return {
    slug: row.slug,
    name: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: await decryptClientSecret(deps, row.client_secret_encrypted),
    domains: await verifiedDomainsOf(deps.db, row.id),
    http: safeHttp(deps.fetcher),
  };
}

/** The provider that signs in `email`'s domain, if any (registered: proven domains only). */
export async function providerForEmail(
  deps: AppDeps,
  email: string,
): Promise<SsoProvider | undefined> {
  const domain = emailDomain(email);
  const env = envProvider(deps);
  if (env?.domains.includes(domain)) return env;
  const row = await findProviderForVerifiedDomain(deps.db, domain);
  return row ? registered(deps, row) : undefined;
}

export async function providerBySlug(
  deps: AppDeps,
  slug: string,
): Promise<SsoProvider | undefined> {
  const env = envProvider(deps);
  if (env?.slug === slug) return env;
  const row = await findProviderBySlug(deps.db, slug);
  // A disabled provider signs nobody in, not even a flow started before it was disabled (ADR 190).
  return row?.enabled ? registered(deps, row) : undefined;
}
