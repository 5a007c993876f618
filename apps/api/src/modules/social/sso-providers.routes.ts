// Identity providers registered by organisations (operators only; docs/decisions/154–156):
//   GET    /v3/admin/sso/providers/?bookmark=                          → SsoProviderItem[]
//   POST   /v3/admin/sso/providers/ {slug,name,issuer,client_id,client_secret,domains}
//   PUT    /v3/admin/sso/providers/{id}/ {name,issuer,client_id,client_secret?,enabled?,domains?}
//   DELETE /v3/admin/sso/providers/{id}/
//   POST   /v3/admin/sso/providers/{id}/domains/ {domain}
//   DELETE /v3/admin/sso/providers/{id}/domains/{domainId}/
//   POST   /v3/admin/sso/providers/{id}/domains/{domainId}/dns-proof/   → checks the TXT record
//   POST   /v3/admin/sso/providers/{id}/domains/{domainId}/email-proof/ {mailbox} → mails a link
// and, for whoever holds the mailed link:
//   POST   /v3/sso/domains/verify/ {token}                              → { domain }
// No answer ever carries a client secret (providerItemSchema is strict). A business's OWNER and
// ADMIN members have the same routes for their own providers (sso-business-providers.routes.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import {
  domainBodySchema,
  domainInputErrors,
  domainParamsSchema,
  domainVerifiedSchema,
  emailProofBodySchema,
  mailboxInputErrors,
  providerChangeErrors,
  providerChangeSchema,
  providerInputErrors,
  providerInputSchema,
  providerItemSchema,
  providerParamsSchema,
  verifyLinkBodySchema,
} from './sso-providers.schemas.ts';
import {
  addSsoDomain,
  changeSsoProvider,
  createSsoProvider,
  defineSsoDomainProofMailJob,
  listSsoProviders,
  OPERATOR,
  proveSsoDomainByDns,
  removeSsoDomain,
  removeSsoProvider,
  sendSsoDomainProofMail,
  verifySsoDomainLink,
} from './sso-providers.service.ts';

/** Decision: a proof asks DNS or sends mail; 20 a minute per client is plenty by hand. */
export const SSO_PROOF_RATE_LIMIT_MAX = 20;
/** Decision: the mailed link is 256 bits; 10 tries a minute per client stops any guessing. */
export const SSO_VERIFY_LINK_RATE_LIMIT_MAX = 10;

const tags = ['admin', 'auth'];

export function registerSsoProviderRoutes(app: FastifyInstance, deps: AppDeps): void {
  defineSsoDomainProofMailJob(deps);

  registerRoute(app, {
    method: 'GET',
    url: '/v3/admin/sso/providers/',
    summary: 'Identity providers registered by organisations, newest first (operators only)',
    tags,
    access: 'admin',
    query: pageQuerySchema,
    response: z.array(providerItemSchema),
    handler: async ({ query, reply }) => {
      void reply.header('Cache-Control', 'private, no-store');
      const page = await listSsoProviders(deps, OPERATOR, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/admin/sso/providers/',
    summary: "Registers an organisation's OpenID Connect provider (operators only)",
    tags,
    access: 'admin',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    body: providerInputSchema,
    inputErrors: providerInputErrors,
    response: providerItemSchema,
    handler: async ({ viewer, body }) => ({
      data: await createSsoProvider(deps, viewer, OPERATOR, body),
    }),
  });

  registerRoute(app, {
    method: 'PUT',
    url: '/v3/admin/sso/providers/:id/',
    summary:
      "Changes a provider's name, issuer, client id, secret, domains or enabled (operators only)",
    tags,
    access: 'admin',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: providerParamsSchema,
    body: providerChangeSchema,
    inputErrors: providerChangeErrors,
    response: providerItemSchema,
    handler: async ({ params, body }) => ({
      data: await changeSsoProvider(deps, OPERATOR, params.id, body),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/admin/sso/providers/:id/',
    summary: 'Removes a provider and its domains (operators only)',
    tags,
    access: 'admin',
    params: providerParamsSchema,
    response: z.object({ id: z.string() }),
    handler: async ({ params }) => ({ data: await removeSsoProvider(deps, OPERATOR, params.id) }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/admin/sso/providers/:id/domains/',
    summary: 'Adds an e-mail domain to a provider, unproven (operators only)',
    tags,
    access: 'admin',
    params: providerParamsSchema,
    body: domainBodySchema,
    inputErrors: domainInputErrors,
    response: providerItemSchema,
    handler: async ({ params, body }) => ({
      data: await addSsoDomain(deps, OPERATOR, params.id, body.domain),
    }),
  });

  registerRoute(app, {
    method: 'DELETE',
    url: '/v3/admin/sso/providers/:id/domains/:domainId/',
    summary: 'Removes an e-mail domain from a provider (operators only)',
    tags,
    access: 'admin',
    params: domainParamsSchema,
    response: providerItemSchema,
    handler: async ({ params }) => ({
      data: await removeSsoDomain(deps, OPERATOR, params.id, params.domainId),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/admin/sso/providers/:id/domains/:domainId/dns-proof/',
    summary: "Checks the domain's TXT record; verified when it holds the token (operators only)",
    tags,
    access: 'admin',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: domainParamsSchema,
    response: providerItemSchema,
    handler: async ({ params }) => ({
      data: await proveSsoDomainByDns(deps, OPERATOR, params.id, params.domainId),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/admin/sso/providers/:id/domains/:domainId/email-proof/',
    summary: 'Mails a single-use proof link to an administrative address at the domain',
    tags,
    access: 'admin',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: domainParamsSchema,
    body: emailProofBodySchema,
    inputErrors: mailboxInputErrors,
    response: providerItemSchema,
    handler: async ({ params, body }) => ({
      data: await sendSsoDomainProofMail(deps, OPERATOR, params.id, params.domainId, body.mailbox),
    }),
  });

  registerRoute(app, {
    method: 'POST',
    url: '/v3/sso/domains/verify/',
    summary: "Proves a domain with the mailed link's token (used once)",
    tags,
    access: 'anyone',
    rateLimit: { max: SSO_VERIFY_LINK_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    body: verifyLinkBodySchema,
    response: domainVerifiedSchema,
    handler: async ({ body }) => ({ data: await verifySsoDomainLink(deps, body.token) }),
  });
}
