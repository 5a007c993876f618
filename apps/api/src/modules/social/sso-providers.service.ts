// Identity providers registered by organisations, through the operators' admin (issue 9;
// docs/decisions/154–156): an OpenID Connect issuer (its discovery document is read, through the
// SSRF-safe fetcher, before it is stored), client id, client secret (encrypted, write-only) and
// e-mail domains. A domain routes e-mails to SSO (sso-registry.ts) only once its ownership is
// proven by a DNS TXT record or a mailed single-use link (sso-domain-proof.ts).
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import {
  SSO_DOMAIN_PROOF_MAILBOXES,
  type SsoDomainItem,
  type SsoDomainProofMailbox,
  type SsoDomainVerified,
  type SsoProviderItem,
} from '@corkboard/shared/auth/social-api';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { uniqueViolation } from '../../core/db-errors.ts';
import { defineMailJob } from '../../core/jobs/mail-job.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { safeHttp } from './oidc.ts';
import {
  checkSsoTxtRecord,
  domainProofLink,
  domainProofMail,
  hashLinkToken,
  newLinkToken,
  newTxtToken,
  SSO_DOMAIN_LINK_TTL_MS,
  txtRecordName,
  txtRecordValue,
} from './sso-domain-proof.ts';
import {
  countDomains,
  countProviders,
  deleteDomain,
  deleteProvider,
  domainExists,
  domainsOf,
  findDomain,
  findDomainById,
  findProvider,
  findProviderBySlug,
  insertDomain,
  insertProvider,
  listProviders,
  markDomainVerified,
  setEmailProofAddress,
  setEmailTokenHash,
  updateProvider,
  verifyByEmailToken,
  type DomainRow,
  type ProviderRow,
} from './sso-providers.repository.ts';
import { encryptClientSecret, envProvider, ssoRedirectUri } from './sso-registry.ts';
import { issuersFor } from './token-rules.ts';

/** Decision: a server holds at most 200 registered providers (an admin list, not a directory). */
export const SSO_PROVIDERS_MAX = 200;
/** Decision: one organisation signs in at most 20 e-mail domains. */
export const SSO_DOMAINS_PER_PROVIDER_MAX = 20;
/** Decision: the admin list's page size. */
export const SSO_PROVIDERS_PAGE_SIZE = 20;
export const SSO_DOMAIN_PROOF_MAIL_JOB = 'sso-domain-proof-mail';

export interface ProviderInput {
  slug: string;
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  domains: string[];
}

export interface ProviderChange {
  name: string;
  issuer: string;
  client_id: string;
  /** Absent: the stored secret stays. */
  client_secret?: string | undefined;
}

function serializeDomain(row: DomainRow): SsoDomainItem {
  return {
    id: row.id,
    domain: row.domain,
    verified: row.verified_at !== null,
    verified_by: row.verified_by,
    verified_at: row.verified_at?.toISOString() ?? null,
    txt_record: { name: txtRecordName(row.domain), value: txtRecordValue(row.txt_token) },
    email_sent_to: row.email_sent_to,
  };
}

/** Never the secret, encrypted or not. */
function serializeProvider(deps: AppDeps, row: ProviderRow, domains: DomainRow[]): SsoProviderItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    issuer: row.issuer,
    client_id: row.client_id,
    redirect_uri: ssoRedirectUri(deps, row.slug),
    domains: domains.filter((d) => d.provider_id === row.id).map(serializeDomain),
    created_at: row.created_at.toISOString(),
  };
}

async function providerItem(deps: AppDeps, row: ProviderRow): Promise<SsoProviderItem> {
  return serializeProvider(deps, row, await domainsOf(deps.db, [row.id]));
}

async function existingProvider(deps: AppDeps, id: string): Promise<ProviderRow> {
  const row = await findProvider(deps.db, id);
  if (!row) throw new AppError('SSO_PROVIDER_NOT_FOUND');
  return row;
}

/** The issuer must answer a discovery document naming itself (OpenID Connect Discovery §4.3). */
async function checkIssuer(deps: AppDeps, issuer: string): Promise<void> {
  try {
    await issuersFor(deps).get(issuer, safeHttp(deps.fetcher));
  } catch {
    throw new AppError('SSO_ISSUER_UNREACHABLE', { data: { issuer } });
  }
}

/** The environment's provider owns its slug and domain; registered ones cannot take them. */
function reservedByEnv(deps: AppDeps): { slug: string | undefined; domains: string[] } {
  const env = envProvider(deps);
  return { slug: env?.slug, domains: env?.domains ?? [] };
}

async function assertDomainFree(deps: AppDeps, domain: string): Promise<void> {
  if (reservedByEnv(deps).domains.includes(domain) || (await domainExists(deps.db, domain))) {
    throw new AppError('SSO_DOMAIN_TAKEN', { data: { domain } });
  }
}

export async function listSsoProviders(
  deps: AppDeps,
  page: PageRequest,
): Promise<Page<SsoProviderItem>> {
  const pageSize = Math.min(page.pageSize, SSO_PROVIDERS_PAGE_SIZE);
  const rows = await listProviders(deps.db, decodeIdBookmark(page.bookmark), pageSize);
  const domains = await domainsOf(
    deps.db,
    rows.slice(0, pageSize).map((row) => row.id),
  );
  return keysetPage(rows, pageSize, (row) => serializeProvider(deps, row, domains));
}

export async function createSsoProvider(
  deps: AppDeps,
  viewer: Viewer,
  input: ProviderInput,
): Promise<SsoProviderItem> {
  if (input.slug === reservedByEnv(deps).slug || (await findProviderBySlug(deps.db, input.slug))) {
    throw new AppError('SSO_PROVIDER_SLUG_TAKEN', { data: { slug: input.slug } });
  }
  if ((await countProviders(deps.db)) >= SSO_PROVIDERS_MAX) {
    throw new AppError('SSO_PROVIDERS_FULL', { data: { max: SSO_PROVIDERS_MAX } });
  }
  const domains = [...new Set(input.domains)];
  for (const domain of domains) await assertDomainFree(deps, domain);
  await checkIssuer(deps, input.issuer);
  const secret = await encryptClientSecret(deps, input.client_secret);
  const now = deps.now();
  try {
    const row = await deps.db.transaction().execute(async (trx) => {
      const provider = await insertProvider(trx, {
        slug: input.slug,
        name: input.name,
        issuer: input.issuer,
        clientId: input.client_id,
        clientSecretEncrypted: secret,
        createdBy: viewer.id,
        now,
      });
      for (const domain of domains) {
        const stored = await insertDomain(trx, {
          providerId: provider.id,
          domain,
          txtToken: newTxtToken(),
          now,
        });
        if (!stored) throw new AppError('SSO_DOMAIN_TAKEN', { data: { domain } });
      }
      return provider;
    });
    deps.log.info({ provider: row.slug, by: viewer.id }, 'SSO provider registered');
    return await providerItem(deps, row);
  } catch (error) {
    if (uniqueViolation(error) !== null) {
      throw new AppError('SSO_PROVIDER_SLUG_TAKEN', { data: { slug: input.slug } });
    }
    throw error;
  }
}

export async function changeSsoProvider(
  deps: AppDeps,
  id: string,
  change: ProviderChange,
): Promise<SsoProviderItem> {
  const current = await existingProvider(deps, id);
  if (change.issuer !== current.issuer) await checkIssuer(deps, change.issuer);
  const row = await updateProvider(deps.db, id, {
    name: change.name,
    issuer: change.issuer,
    clientId: change.client_id,
    clientSecretEncrypted:
      change.client_secret === undefined
        ? undefined
        : await encryptClientSecret(deps, change.client_secret),
    now: deps.now(),
  });
  if (!row) throw new AppError('SSO_PROVIDER_NOT_FOUND');
  return providerItem(deps, row);
}

export async function removeSsoProvider(deps: AppDeps, id: string): Promise<{ id: string }> {
  if (!(await deleteProvider(deps.db, id))) throw new AppError('SSO_PROVIDER_NOT_FOUND');
  return { id };
}

export async function addSsoDomain(
  deps: AppDeps,
  providerId: string,
  domain: string,
): Promise<SsoProviderItem> {
  const provider = await existingProvider(deps, providerId);
  if ((await countDomains(deps.db, providerId)) >= SSO_DOMAINS_PER_PROVIDER_MAX) {
    throw new AppError('SSO_DOMAINS_FULL', { data: { max: SSO_DOMAINS_PER_PROVIDER_MAX } });
  }
  await assertDomainFree(deps, domain);
  const stored = await insertDomain(deps.db, {
    providerId,
    domain,
    txtToken: newTxtToken(),
    now: deps.now(),
  });
  if (!stored) throw new AppError('SSO_DOMAIN_TAKEN', { data: { domain } });
  return providerItem(deps, provider);
}

export async function removeSsoDomain(
  deps: AppDeps,
  providerId: string,
  domainId: string,
): Promise<SsoProviderItem> {
  const provider = await existingProvider(deps, providerId);
  if (!(await deleteDomain(deps.db, providerId, domainId))) {
    throw new AppError('SSO_DOMAIN_NOT_FOUND');
  }
  return providerItem(deps, provider);
}

async function unverifiedDomain(
  deps: AppDeps,
  providerId: string,
  domainId: string,
): Promise<{ provider: ProviderRow; domain: DomainRow }> {
  const provider = await existingProvider(deps, providerId);
  const domain = await findDomain(deps.db, providerId, domainId);
  if (!domain) throw new AppError('SSO_DOMAIN_NOT_FOUND');
  if (domain.verified_at !== null) throw new AppError('SSO_DOMAIN_ALREADY_VERIFIED');
  return { provider, domain };
}

/** Checks the domain's TXT record now; verified when it holds the domain's token. */
export async function proveSsoDomainByDns(
  deps: AppDeps,
  providerId: string,
  domainId: string,
): Promise<SsoProviderItem> {
  const { provider, domain } = await unverifiedDomain(deps, providerId, domainId);
  const proof = await checkSsoTxtRecord(
    deps.config.providers.dnsServer,
    domain.domain,
    domain.txt_token,
  );
  if (!proof.ok) {
    throw new AppError('SSO_DOMAIN_PROOF_FAILED', {
      data: { domain: domain.domain, reason: proof.reason },
    });
  }
  await markDomainVerified(deps.db, domain.id, 'dns', deps.now());
  deps.log.info({ provider: provider.slug, domain: domain.domain }, 'SSO domain proven by DNS');
  return providerItem(deps, provider);
}

/**
 * Mails a single-use proof link to `<mailbox>@<domain>`. The request stores the address and
 * accepts a job carrying the domain's id; the worker mints the token (storing its hash) and
 * sends. Asking again replaces the earlier link.
 */
export async function sendSsoDomainProofMail(
  deps: AppDeps,
  providerId: string,
  domainId: string,
  mailbox: SsoDomainProofMailbox,
): Promise<SsoProviderItem> {
  const { provider, domain } = await unverifiedDomain(deps, providerId, domainId);
  if (!SSO_DOMAIN_PROOF_MAILBOXES.includes(mailbox)) throw new AppError('SSO_DOMAIN_EMAIL_INVALID');
  await setEmailProofAddress(deps.db, domain.id, `${mailbox}@${domain.domain}`);
  await deps.jobs.send(SSO_DOMAIN_PROOF_MAIL_JOB, { domain_id: domain.id });
  return providerItem(deps, provider);
}

/** POST /v3/sso/domains/verify/: the mailed link, used once. */
export async function verifySsoDomainLink(
  deps: AppDeps,
  token: string,
): Promise<SsoDomainVerified> {
  const row = await verifyByEmailToken(deps.db, hashLinkToken(token), deps.now());
  if (!row) throw new AppError('SSO_DOMAIN_LINK_INVALID');
  deps.log.info({ domain: row.domain }, 'SSO domain proven by e-mail');
  return { domain: row.domain };
}

const proofMailJobSchema = z.object({ domain_id: z.string().regex(/^[0-9]{1,19}$/) });

export function defineSsoDomainProofMailJob(deps: AppDeps): void {
  defineMailJob(deps, {
    name: SSO_DOMAIN_PROOF_MAIL_JOB,
    data: proofMailJobSchema,
    compose: async ({ domain_id: domainId }) => {
      const domain = await findDomainById(deps.db, domainId);
      // Verified, removed or no address meanwhile: nothing to send.
      if (!domain || domain.verified_at !== null || domain.email_sent_to === null) return null;
      const provider = await findProvider(deps.db, domain.provider_id);
      if (!provider) return null;
      const token = newLinkToken();
      await setEmailTokenHash(
        deps.db,
        domain.id,
        hashLinkToken(token),
        new Date(deps.now().getTime() + SSO_DOMAIN_LINK_TTL_MS),
      );
      return {
        to: domain.email_sent_to,
        ...domainProofMail(provider.name, domain.domain, domainProofLink(deps.publicUrl, token)),
      };
    },
  });
}
