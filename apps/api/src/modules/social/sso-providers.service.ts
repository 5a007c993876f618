// Identity providers registered by organisations (issue 9; docs/decisions/154–156, 190): through
// the operators' admin, or by a business's OWNER/ADMIN for that business (capability manage_sso).
// An OpenID Connect issuer (its discovery document is read, through the SSRF-safe fetcher, before
// it is stored), client id, client secret (encrypted, write-only) and e-mail domains. A domain
// routes e-mails to SSO (sso-registry.ts) only once its ownership is proven by a DNS TXT record or
// a mailed single-use link (sso-domain-proof.ts), and only while its provider is enabled.
//
// Every function takes the owner whose providers it may touch: operators reach every provider, a
// business only its own (another's answers SSO_PROVIDER_NOT_FOUND, as if it did not exist).
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
import { requireProfile } from '../business/business.service.ts';
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
  businessNames,
  countDomains,
  countProviders,
  deleteDomain,
  deleteProvider,
  domainListedBy,
  domainProvenBy,
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
  type ProviderOwner,
  type ProviderRow,
} from './sso-providers.repository.ts';

export type { ProviderOwner } from './sso-providers.repository.ts';
import { encryptClientSecret, envProvider, ssoRedirectUri } from './sso-registry.ts';
import { issuersFor } from './token-rules.ts';

/**
 * Decision: operators register at most 200 providers (an admin list, not a directory). Providers
 * businesses register count against their own cap instead, so no business can fill this one.
 */
export const SSO_PROVIDERS_MAX = 200;
/** Decision (ADR 190): one business registers at most 5 providers (one IdP each is the norm). */
export const SSO_PROVIDERS_PER_BUSINESS_MAX = 5;
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
  /** Absent: unchanged. */
  enabled?: boolean | undefined;
  /**
   * The whole list of domains the provider should list (absent: unchanged). Domains it lists keep
   * their proofs; new ones start unproven; missing ones are removed — in one transaction.
   */
  domains?: string[] | undefined;
}

export const OPERATOR: ProviderOwner = { kind: 'operator' };

/**
 * A business's providers are for its OWNER and ADMIN members (capability manage_sso, ADR 190):
 * BUSINESS_PROFILE_NOT_FOUND for anyone else, BUSINESS_PERMISSION_DENIED for other members.
 */
export async function businessSsoOwner(
  deps: AppDeps,
  viewer: Viewer,
  profileId: string,
): Promise<ProviderOwner> {
  await requireProfile(deps, viewer, profileId, 'manage_sso');
  return { kind: 'business', businessId: profileId };
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
function serializeProvider(
  deps: AppDeps,
  row: ProviderRow,
  domains: DomainRow[],
  names: Map<string, string>,
): SsoProviderItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    issuer: row.issuer,
    client_id: row.client_id,
    redirect_uri: ssoRedirectUri(deps, row.slug),
    domains: domains.filter((d) => d.provider_id === row.id).map(serializeDomain),
    enabled: row.enabled,
    business:
      row.business_id === null
        ? null
        : { id: row.business_id, name: names.get(row.business_id) ?? '' },
    created_at: row.created_at.toISOString(),
  };
}

async function providerItem(deps: AppDeps, row: ProviderRow): Promise<SsoProviderItem> {
  return serializeProvider(
    deps,
    row,
    await domainsOf(deps.db, [row.id]),
    await businessNames(deps.db, row.business_id === null ? [] : [row.business_id]),
  );
}

/** The provider, when `owner` may reach it; SSO_PROVIDER_NOT_FOUND otherwise. */
async function existingProvider(
  deps: AppDeps,
  owner: ProviderOwner,
  id: string,
): Promise<ProviderRow> {
  const row = await findProvider(deps.db, id);
  if (!row || (owner.kind === 'business' && row.business_id !== owner.businessId)) {
    throw new AppError('SSO_PROVIDER_NOT_FOUND');
  }
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

/** Who claims a domain: one provider (existing or about to be) of a business or of operators. */
interface Claimant {
  providerId: string | null;
  businessId: string | null;
}

/**
 * Whether `claimant` may list `domain` (ADR 190). Listing it twice in one organisation (the same
 * provider, or two providers of one business) or taking the environment's is SSO_DOMAIN_TAKEN;
 * a domain another organisation has *proven* is SSO_DOMAIN_PROVEN_ELSEWHERE. Another
 * organisation's unproven claim does not block: the first to prove the domain wins.
 */
async function assertDomainClaimable(
  deps: AppDeps,
  db: AppDeps['db'],
  domain: string,
  claimant: Claimant,
): Promise<void> {
  if (reservedByEnv(deps).domains.includes(domain)) {
    throw new AppError('SSO_DOMAIN_TAKEN', { data: { domain } });
  }
  if (await domainListedBy(db, domain, claimant)) {
    throw new AppError('SSO_DOMAIN_TAKEN', { data: { domain } });
  }
  // Not ours (checked above), so proven by another organisation.
  if ((await domainProvenBy(db, domain)) !== undefined) {
    throw new AppError('SSO_DOMAIN_PROVEN_ELSEWHERE', { data: { domain } });
  }
}

/** Before a proof: a domain someone else proved meanwhile can no longer be proven here. */
async function assertNotProvenElsewhere(deps: AppDeps, domain: DomainRow): Promise<void> {
  const provenBy = await domainProvenBy(deps.db, domain.domain);
  if (provenBy !== undefined && provenBy !== domain.provider_id) {
    throw new AppError('SSO_DOMAIN_PROVEN_ELSEWHERE', { data: { domain: domain.domain } });
  }
}

function businessIdOf(owner: ProviderOwner): string | null {
  return owner.kind === 'business' ? owner.businessId : null;
}

export async function listSsoProviders(
  deps: AppDeps,
  owner: ProviderOwner,
  page: PageRequest,
): Promise<Page<SsoProviderItem>> {
  const pageSize = Math.min(page.pageSize, SSO_PROVIDERS_PAGE_SIZE);
  const rows = await listProviders(deps.db, owner, decodeIdBookmark(page.bookmark), pageSize);
  const shown = rows.slice(0, pageSize);
  const domains = await domainsOf(
    deps.db,
    shown.map((row) => row.id),
  );
  const names = await businessNames(deps.db, [
    ...new Set(shown.flatMap((row) => (row.business_id === null ? [] : [row.business_id]))),
  ]);
  return keysetPage(rows, pageSize, (row) => serializeProvider(deps, row, domains, names));
}

export async function createSsoProvider(
  deps: AppDeps,
  viewer: Viewer,
  owner: ProviderOwner,
  input: ProviderInput,
): Promise<SsoProviderItem> {
  if (input.slug === reservedByEnv(deps).slug || (await findProviderBySlug(deps.db, input.slug))) {
    throw new AppError('SSO_PROVIDER_SLUG_TAKEN', { data: { slug: input.slug } });
  }
  const businessId = businessIdOf(owner);
  const count = await countProviders(deps.db, businessId);
  if (businessId === null && count >= SSO_PROVIDERS_MAX) {
    throw new AppError('SSO_PROVIDERS_FULL', { data: { max: SSO_PROVIDERS_MAX } });
  }
  if (businessId !== null && count >= SSO_PROVIDERS_PER_BUSINESS_MAX) {
    throw new AppError('SSO_BUSINESS_PROVIDERS_FULL', {
      data: { max: SSO_PROVIDERS_PER_BUSINESS_MAX },
    });
  }
  const domains = [...new Set(input.domains)];
  for (const domain of domains) {
    await assertDomainClaimable(deps, deps.db, domain, { providerId: null, businessId });
  }
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
        businessId,
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
    deps.log.info(
      { provider: row.slug, by: viewer.id, business: businessId },
      'SSO provider registered',
    );
    return await providerItem(deps, row);
  } catch (error) {
    if (uniqueViolation(error) !== null) {
      throw new AppError('SSO_PROVIDER_SLUG_TAKEN', { data: { slug: input.slug } });
    }
    throw error;
  }
}

/**
 * Changes a provider: name, issuer (read again when it changes), client id, the secret (only when
 * given), enabled, and — when given — the whole domain list. One transaction: a domain that
 * cannot be listed leaves everything as it was.
 */
export async function changeSsoProvider(
  deps: AppDeps,
  owner: ProviderOwner,
  id: string,
  change: ProviderChange,
): Promise<SsoProviderItem> {
  const current = await existingProvider(deps, owner, id);
  if (change.issuer !== current.issuer) await checkIssuer(deps, change.issuer);
  const secret =
    change.client_secret === undefined
      ? undefined
      : await encryptClientSecret(deps, change.client_secret);
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    if (change.domains !== undefined) {
      const wanted = [...new Set(change.domains)];
      if (wanted.length > SSO_DOMAINS_PER_PROVIDER_MAX) {
        throw new AppError('SSO_DOMAINS_FULL', { data: { max: SSO_DOMAINS_PER_PROVIDER_MAX } });
      }
      const listed = await domainsOf(trx, [id]);
      for (const domain of listed) {
        if (!wanted.includes(domain.domain)) await deleteDomain(trx, id, domain.id);
      }
      const known = new Set(listed.map((domain) => domain.domain));
      for (const domain of wanted.filter((name) => !known.has(name))) {
        await assertDomainClaimable(deps, trx, domain, {
          providerId: id,
          businessId: current.business_id,
        });
        const stored = await insertDomain(trx, {
          providerId: id,
          domain,
          txtToken: newTxtToken(),
          now,
        });
        if (!stored) throw new AppError('SSO_DOMAIN_TAKEN', { data: { domain } });
      }
    }
    return updateProvider(trx, id, {
      name: change.name,
      issuer: change.issuer,
      clientId: change.client_id,
      clientSecretEncrypted: secret,
      enabled: change.enabled,
      now,
    });
  });
  if (!row) throw new AppError('SSO_PROVIDER_NOT_FOUND');
  deps.log.info(
    { provider: row.slug, enabled: row.enabled, secretChanged: secret !== undefined },
    'SSO provider changed',
  );
  return providerItem(deps, row);
}

export async function removeSsoProvider(
  deps: AppDeps,
  owner: ProviderOwner,
  id: string,
): Promise<{ id: string }> {
  await existingProvider(deps, owner, id);
  if (!(await deleteProvider(deps.db, id))) throw new AppError('SSO_PROVIDER_NOT_FOUND');
  return { id };
}

export async function addSsoDomain(
  deps: AppDeps,
  owner: ProviderOwner,
  providerId: string,
  domain: string,
): Promise<SsoProviderItem> {
  const provider = await existingProvider(deps, owner, providerId);
  if ((await countDomains(deps.db, providerId)) >= SSO_DOMAINS_PER_PROVIDER_MAX) {
    throw new AppError('SSO_DOMAINS_FULL', { data: { max: SSO_DOMAINS_PER_PROVIDER_MAX } });
  }
  await assertDomainClaimable(deps, deps.db, domain, {
    providerId,
    businessId: provider.business_id,
  });
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
  owner: ProviderOwner,
  providerId: string,
  domainId: string,
): Promise<SsoProviderItem> {
  const provider = await existingProvider(deps, owner, providerId);
  if (!(await deleteDomain(deps.db, providerId, domainId))) {
    throw new AppError('SSO_DOMAIN_NOT_FOUND');
  }
  return providerItem(deps, provider);
}

async function unverifiedDomain(
  deps: AppDeps,
  owner: ProviderOwner,
  providerId: string,
  domainId: string,
): Promise<{ provider: ProviderRow; domain: DomainRow }> {
  const provider = await existingProvider(deps, owner, providerId);
  const domain = await findDomain(deps.db, providerId, domainId);
  if (!domain) throw new AppError('SSO_DOMAIN_NOT_FOUND');
  if (domain.verified_at !== null) throw new AppError('SSO_DOMAIN_ALREADY_VERIFIED');
  await assertNotProvenElsewhere(deps, domain);
  return { provider, domain };
}

/** Checks the domain's TXT record now; verified when it holds the domain's token. */
export async function proveSsoDomainByDns(
  deps: AppDeps,
  owner: ProviderOwner,
  providerId: string,
  domainId: string,
): Promise<SsoProviderItem> {
  const { provider, domain } = await unverifiedDomain(deps, owner, providerId, domainId);
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
  try {
    await markDomainVerified(deps.db, domain.id, 'dns', deps.now());
  } catch (error) {
    // Another organisation proved it between our check and this write (ADR 190).
    if (uniqueViolation(error) !== null) {
      throw new AppError('SSO_DOMAIN_PROVEN_ELSEWHERE', { data: { domain: domain.domain } });
    }
    throw error;
  }
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
  owner: ProviderOwner,
  providerId: string,
  domainId: string,
  mailbox: SsoDomainProofMailbox,
): Promise<SsoProviderItem> {
  const { provider, domain } = await unverifiedDomain(deps, owner, providerId, domainId);
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
  let row: DomainRow | undefined;
  try {
    row = await verifyByEmailToken(deps.db, hashLinkToken(token), deps.now());
  } catch (error) {
    // Another organisation proved this domain after the link was mailed (ADR 190).
    if (uniqueViolation(error) !== null) throw new AppError('SSO_DOMAIN_PROVEN_ELSEWHERE');
    throw error;
  }
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
