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
import type { ViewerOf } from '../../core/access.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import type { InputErrorMapper } from '../../core/http/input.ts';
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
  type ProviderOwner,
} from './sso-providers.service.ts';

const tags = ['business', 'auth'];
const BASE = '/v3/business/profiles/:profileId/sso/providers/';

/** A write on the business's providers: what differs from one to the next. */
interface WriteRoute<Params extends { profileId: string }, Body, Data> {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Below BASE. */
  path: string;
  summary: string;
  params: z.ZodType<Params>;
  body?: z.ZodType<Body>;
  inputErrors?: InputErrorMapper;
  response: z.ZodType<Data>;
  /** The service call, for the owner the profile's OWNER or ADMIN acts for. */
  run(
    owner: ProviderOwner,
    input: { viewer: ViewerOf<'viewer'>; params: Params; body: Body },
  ): Promise<Data>;
}

export function registerBusinessSsoProviderRoutes(app: FastifyInstance, deps: AppDeps): void {
  /** Every write: a signed-in OWNER or ADMIN of the profile (checked first), the proof rate limit. */
  const write = <Params extends { profileId: string }, Body = undefined, Data = unknown>(
    route: WriteRoute<Params, Body, Data>,
  ): void =>
    registerRoute(app, {
      method: route.method,
      url: `${BASE}${route.path}`,
      summary: route.summary,
      tags,
      access: 'viewer',
      rateLimit: { max: SSO_PROOF_RATE_LIMIT_MAX, timeWindow: '1 minute' },
      params: route.params,
      body: route.body,
      inputErrors: route.inputErrors,
      response: route.response,
      handler: async ({ viewer, params, body }) => {
        const owner = await businessSsoOwner(deps, viewer, params.profileId);
        return { data: await route.run(owner, { viewer, params, body }) };
      },
    });

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

  write({
    method: 'POST',
    path: '',
    summary: "Registers the business's OpenID Connect provider (OWNER, ADMIN)",
    params: businessParamsSchema,
    body: providerInputSchema,
    inputErrors: providerInputErrors,
    response: providerItemSchema,
    run: (owner, { viewer, body }) => createSsoProvider(deps, viewer, owner, body),
  });

  write({
    method: 'PUT',
    path: ':id/',
    summary: "Changes the business's provider: client id, secret, domains, enabled (OWNER, ADMIN)",
    params: businessProviderParamsSchema,
    body: providerChangeSchema,
    inputErrors: providerChangeErrors,
    response: providerItemSchema,
    run: (owner, { params, body }) => changeSsoProvider(deps, owner, params.id, body),
  });

  write({
    method: 'DELETE',
    path: ':id/',
    summary: "Removes the business's provider and its domains (OWNER, ADMIN)",
    params: businessProviderParamsSchema,
    response: z.object({ id: z.string() }),
    run: (owner, { params }) => removeSsoProvider(deps, owner, params.id),
  });

  write({
    method: 'POST',
    path: ':id/domains/',
    summary: "Adds an e-mail domain to the business's provider, unproven (OWNER, ADMIN)",
    params: businessProviderParamsSchema,
    body: domainBodySchema,
    inputErrors: domainInputErrors,
    response: providerItemSchema,
    run: (owner, { params, body }) => addSsoDomain(deps, owner, params.id, body.domain),
  });

  write({
    method: 'DELETE',
    path: ':id/domains/:domainId/',
    summary: "Removes an e-mail domain from the business's provider (OWNER, ADMIN)",
    params: businessDomainParamsSchema,
    response: providerItemSchema,
    run: (owner, { params }) => removeSsoDomain(deps, owner, params.id, params.domainId),
  });

  write({
    method: 'POST',
    path: ':id/domains/:domainId/dns-proof/',
    summary: "Checks the domain's TXT record for the business's provider (OWNER, ADMIN)",
    params: businessDomainParamsSchema,
    response: providerItemSchema,
    run: (owner, { params }) => proveSsoDomainByDns(deps, owner, params.id, params.domainId),
  });

  write({
    method: 'POST',
    path: ':id/domains/:domainId/email-proof/',
    summary: 'Mails a single-use proof link to an administrative address (OWNER, ADMIN)',
    params: businessDomainParamsSchema,
    body: emailProofBodySchema,
    inputErrors: mailboxInputErrors,
    response: providerItemSchema,
    run: (owner, { params, body }) =>
      sendSsoDomainProofMail(deps, owner, params.id, params.domainId, body.mailbox),
  });
}
