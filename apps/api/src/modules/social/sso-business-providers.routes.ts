// A business's own identity providers (issue 9; docs/decisions/190), for its OWNER and ADMIN
// members (capability manage_sso; anyone else: BUSINESS_PROFILE_NOT_FOUND, other members:
// BUSINESS_PERMISSION_DENIED). The same rules and answers as the operators' admin
// (sso-providers.routes.ts), limited to the business's providers: another business's provider
// answers SSO_PROVIDER_NOT_FOUND.
//   GET    /v3/business/profiles/{profileId}/sso/providers/?bookmark=       → SsoProviderItem[]
//   POST   /v3/business/profiles/{profileId}/sso/providers/ {slug,name,issuer,client_id,client_secret,domains}
//   PUT    /v3/business/profiles/{profileId}/sso/providers/{id}/ {name,issuer,client_id,client_secret?,enabled?,domains?}
//   DELETE /v3/business/profiles/{profileId}/sso/providers/{id}/
//   POST   /v3/business/profiles/{profileId}/sso/providers/{id}/domains/ {domain}
//   DELETE /v3/business/profiles/{profileId}/sso/providers/{id}/domains/{domainId}/
//   POST   …/{id}/domains/{domainId}/dns-proof/
//   POST   …/{id}/domains/{domainId}/email-proof/ {mailbox}
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../core/app-deps.ts';
import { registerRoute } from '../../core/http/route.ts';
import { pageQuerySchema, pageRequest } from '../../core/schemas.ts';
import { SSO_PROOF_RATE_LIMIT_MAX } from './sso-providers.routes.ts';
import {
  businessDomainParamsSchema,
  businessParamsSchema,
  businessProviderParamsSchema,
  domainBodySchema,
  domainInputErrors,
  emailProofBodySchema,
  mailboxInputErrors,
  providerChangeErrors,
  providerChangeSchema,
  providerInputErrors,
  providerInputSchema,
  providerItemSchema,
} from './sso-providers.schemas.ts';
import {
  addSsoDomain,
  businessSsoOwner,
  changeSsoProvider,
  createSsoProvider,
  listSsoProviders,
  proveSsoDomainByDns,
  removeSsoDomain,
  removeSsoProvider,
  sendSsoDomainProofMail,
} from './sso-providers.service.ts';

const tags = ['business', 'auth'];
const BASE = '/v3/business/profiles/:profileId/sso/providers/';

export function registerBusinessSsoProviderRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, {
    method: 'GET',
    url: BASE,
    summary: "The business's identity providers, newest first (OWNER, ADMIN)",
    tags,
    access: 'viewer',
    params: businessParamsSchema,
    query: pageQuerySchema,
    response: z.array(providerItemSchema),
    handler: async ({ viewer, params, query, reply }) => {
      void reply.header('Cache-Control', 'private, no-store');
      const owner = await businessSsoOwner(deps, viewer, params.profileId);
      const page = await listSsoProviders(deps, owner, pageRequest(query));
      return { data: page.items, bookmark: page.bookmark };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: BASE,
    summary: "Registers the business's OpenID Connect provider (OWNER, ADMIN)",
    tags,
    access: 'viewer',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: businessParamsSchema,
    body: providerInputSchema,
    inputErrors: providerInputErrors,
    response: providerItemSchema,
    handler: async ({ viewer, params, body }) => {
      const owner = await businessSsoOwner(deps, viewer, params.profileId);
      return { data: await createSsoProvider(deps, viewer, owner, body) };
    },
  });

  registerRoute(app, {
    method: 'PUT',
    url: `${BASE}:id/`,
    summary: "Changes the business's provider: client id, secret, domains, enabled (OWNER, ADMIN)",
    tags,
    access: 'viewer',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: businessProviderParamsSchema,
    body: providerChangeSchema,
    inputErrors: providerChangeErrors,
    response: providerItemSchema,
    handler: async ({ viewer, params, body }) => {
      const owner = await businessSsoOwner(deps, viewer, params.profileId);
      return { data: await changeSsoProvider(deps, owner, params.id, body) };
    },
  });

  registerRoute(app, {
    method: 'DELETE',
    url: `${BASE}:id/`,
    summary: "Removes the business's provider and its domains (OWNER, ADMIN)",
    tags,
    access: 'viewer',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: businessProviderParamsSchema,
    response: z.object({ id: z.string() }),
    handler: async ({ viewer, params }) => {
      const owner = await businessSsoOwner(deps, viewer, params.profileId);
      return { data: await removeSsoProvider(deps, owner, params.id) };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: `${BASE}:id/domains/`,
    summary: "Adds an e-mail domain to the business's provider, unproven (OWNER, ADMIN)",
    tags,
    access: 'viewer',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: businessProviderParamsSchema,
    body: domainBodySchema,
    inputErrors: domainInputErrors,
    response: providerItemSchema,
    handler: async ({ viewer, params, body }) => {
      const owner = await businessSsoOwner(deps, viewer, params.profileId);
      return { data: await addSsoDomain(deps, owner, params.id, body.domain) };
    },
  });

  registerRoute(app, {
    method: 'DELETE',
    url: `${BASE}:id/domains/:domainId/`,
    summary: "Removes an e-mail domain from the business's provider (OWNER, ADMIN)",
    tags,
    access: 'viewer',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: businessDomainParamsSchema,
    response: providerItemSchema,
    handler: async ({ viewer, params }) => {
      const owner = await businessSsoOwner(deps, viewer, params.profileId);
      return { data: await removeSsoDomain(deps, owner, params.id, params.domainId) };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: `${BASE}:id/domains/:domainId/dns-proof/`,
    summary: "Checks the domain's TXT record for the business's provider (OWNER, ADMIN)",
    tags,
    access: 'viewer',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: businessDomainParamsSchema,
    response: providerItemSchema,
    handler: async ({ viewer, params }) => {
      const owner = await businessSsoOwner(deps, viewer, params.profileId);
      return { data: await proveSsoDomainByDns(deps, owner, params.id, params.domainId) };
    },
  });

  registerRoute(app, {
    method: 'POST',
    url: `${BASE}:id/domains/:domainId/email-proof/`,
    summary: 'Mails a single-use proof link to an administrative address (OWNER, ADMIN)',
    tags,
    access: 'viewer',
    rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    params: businessDomainParamsSchema,
    body: emailProofBodySchema,
    inputErrors: mailboxInputErrors,
    response: providerItemSchema,
    handler: async ({ viewer, params, body }) => {
      const owner = await businessSsoOwner(deps, viewer, params.profileId);
      return {
        data: await sendSsoDomainProofMail(deps, owner, params.id, params.domainId, body.mailbox),
      };
    },
  });
}
