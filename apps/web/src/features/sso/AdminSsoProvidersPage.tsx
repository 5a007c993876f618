// /admin/sso/: identity providers registered for organisations (docs/decisions/154, 155). An
// operator registers an organisation's OpenID Connect provider — issuer, client id, client
// secret (write-only: the server never sends it back), e-mail domains — and proves each domain
// by a DNS TXT record or a single-use link mailed to an administrative address at it. Until a
// domain is proven, its e-mails are not routed to SSO. The server keeps the rules; its messages
// are shown as they come.
import {
  SSO_DOMAIN_PROOF_MAILBOXES,
  type SsoDomainItem,
  type SsoDomainProofMailbox,
  type SsoProviderItem,
} from '@corkboard/shared/auth/social-api';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../api/lists.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { ADMIN_NAMESPACE } from '../../i18n/adminCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  useAddSsoDomain,
  useCreateSsoProvider,
  useProveSsoDomainByDns,
  useRemoveSsoDomain,
  useRemoveSsoProvider,
  useSendSsoDomainProofMail,
  useSsoProviders,
} from './hooks.ts';
import './sso.css';

/** Domains typed one per line or separated by commas or spaces. */
export function parseDomainList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter((domain) => domain !== '');
}

export function AdminSsoProvidersPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const providers = useSsoProviders();
  const [status, setStatus] = useState('');
  const list = flattenPages(providers.data);
  return (
    <section aria-labelledby="admin-sso-heading">
      <h1 id="admin-sso-heading" className="heading heading--md">
        {t('ssoProviders.heading')}
      </h1>
      <p className="admin__intro">{t('ssoProviders.intro')}</p>
      <p role="status" className="admin__status">
        {status}
      </p>
      <NewProviderForm onDone={setStatus} />
      <h2 className="heading heading--sm">{t('ssoProviders.listHeading')}</h2>
      {providers.isPending ? <LoadingState /> : null}
      {providers.isError ? <ErrorState onRetry={() => providers.refetch()} /> : null}
      {providers.isSuccess && list.length === 0 ? (
        <p className="sso-admin__empty">{t('ssoProviders.empty')}</p>
      ) : null}
      <ul className="sso-admin__providers">
        {list.map((provider) => (
          <li key={provider.id}>
            <ProviderCard provider={provider} onDone={setStatus} />
          </li>
        ))}
      </ul>
      {providers.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={providers.isFetchingNextPage}
          onClick={() => void providers.fetchNextPage()}
        >
          {t('offsite.loadMore')}
        </button>
      ) : null}
    </section>
  );
}

function NewProviderForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  const create = useCreateSsoProvider();
  const [fields, setFields] = useState({
    name: '',
    slug: '',
    issuer: '',
    client_id: '',
    client_secret: '',
    domains: '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      {
        name: fields.name.trim(),
        slug: fields.slug.trim(),
        issuer: fields.issuer.trim(),
        client_id: fields.client_id.trim(),
        client_secret: fields.client_secret,
        domains: parseDomainList(fields.domains),
      },
      {
        onSuccess: () => {
          onDone(t('ssoProviders.created', { name: fields.name.trim() }));
          setFields({
            name: '',
            slug: '',
            issuer: '',
            client_id: '',
            client_secret: '',
            domains: '',
          });
        },
        onError: (failure) => setError(serverMessage(failure) ?? t('ssoProviders.failed')),
      },
    );
  };

  return (
    <form className="sso-admin__form" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="heading heading--sm">
        {t('ssoProviders.newHeading')}
      </h2>
      <TextField
        id={`${id}-name`}
        name="name"
        label={t('ssoProviders.name')}
        value={fields.name}
        onChange={set('name')}
      />
      <TextField
        id={`${id}-slug`}
        name="slug"
        label={t('ssoProviders.slug')}
        helperText={t('ssoProviders.slugHelp')}
        value={fields.slug}
        onChange={set('slug')}
      />
      <TextField
        id={`${id}-issuer`}
        name="issuer"
        label={t('ssoProviders.issuer')}
        placeholder="https://login.example.com"
        value={fields.issuer}
        onChange={set('issuer')}
      />
      <TextField
        id={`${id}-client-id`}
        name="client_id"
        label={t('ssoProviders.clientId')}
        value={fields.client_id}
        onChange={set('client_id')}
      />
      <TextField
        id={`${id}-client-secret`}
        name="client_secret"
        type="password"
        autoComplete="off"
        label={t('ssoProviders.clientSecret')}
        helperText={t('ssoProviders.clientSecretHelp')}
        value={fields.client_secret}
        onChange={set('client_secret')}
      />
      <TextField
        id={`${id}-domains`}
        name="domains"
        label={t('ssoProviders.domains')}
        helperText={t('ssoProviders.domainsHelp')}
        value={fields.domains}
        onChange={set('domains')}
      />
      {error ? (
        <p className="sso-admin__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {t('ssoProviders.register')}
      </button>
    </form>
  );
}

function ProviderCard({
  provider,
  onDone,
}: {
  provider: SsoProviderItem;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  const remove = useRemoveSsoProvider();
  const addDomain = useAddSsoDomain();
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fail = (failure: unknown) => setError(serverMessage(failure) ?? t('ssoProviders.failed'));

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    addDomain.mutate(
      { providerId: provider.id, domain: domain.trim() },
      {
        onSuccess: () => {
          onDone(t('ssoProviders.domainAdded', { domain: domain.trim() }));
          setDomain('');
        },
        onError: fail,
      },
    );
  };

  return (
    <article className="sso-admin__provider" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} className="heading heading--sm">
        {provider.name} <span className="sso-admin__slug">({provider.slug})</span>
      </h3>
      <dl className="sso-admin__facts">
        <dt>{t('ssoProviders.issuer')}</dt>
        <dd>{provider.issuer}</dd>
        <dt>{t('ssoProviders.clientId')}</dt>
        <dd>{provider.client_id}</dd>
        <dt>{t('ssoProviders.redirectUri')}</dt>
        <dd>
          <code>{provider.redirect_uri}</code>
        </dd>
      </dl>
      <h4 className="sso-admin__subheading">{t('ssoProviders.domainsHeading')}</h4>
      {provider.domains.length === 0 ? (
        <p className="sso-admin__empty">{t('ssoProviders.noDomains')}</p>
      ) : (
        <ul className="sso-admin__domains">
          {provider.domains.map((item) => (
            <li key={item.id}>
              <DomainRow provider={provider} domain={item} onDone={onDone} onError={fail} />
            </li>
          ))}
        </ul>
      )}
      <form className="sso-admin__inline" onSubmit={add}>
        <TextField
          id={`${id}-domain`}
          name="domain"
          label={t('ssoProviders.addDomainLabel')}
          value={domain}
          onChange={setDomain}
        />
        <button type="submit" className="button button--secondary" disabled={addDomain.isPending}>
          {t('ssoProviders.addDomain')}
        </button>
      </form>
      {error ? (
        <p className="sso-admin__error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        disabled={remove.isPending}
        onClick={() => {
          if (!window.confirm(t('ssoProviders.removeConfirm', { name: provider.name }))) return;
          remove.mutate(provider.id, {
            onSuccess: () => onDone(t('ssoProviders.removed', { name: provider.name })),
            onError: fail,
          });
        }}
      >
        {t('ssoProviders.remove', { name: provider.name })}
      </button>
    </article>
  );
}

function DomainRow({
  provider,
  domain,
  onDone,
  onError,
}: {
  provider: SsoProviderItem;
  domain: SsoDomainItem;
  onDone: (message: string) => void;
  onError: (failure: unknown) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  const dns = useProveSsoDomainByDns();
  const mail = useSendSsoDomainProofMail();
  const remove = useRemoveSsoDomain();
  const [mailbox, setMailbox] = useState<SsoDomainProofMailbox>('admin');
  const ids = { providerId: provider.id, domainId: domain.id };

  return (
    <div className="sso-admin__domain">
      <p>
        <strong>{domain.domain}</strong>{' '}
        {domain.verified
          ? t(
              domain.verified_by === 'dns'
                ? 'ssoProviders.verifiedDns'
                : 'ssoProviders.verifiedEmail',
            )
          : t('ssoProviders.unverified')}
      </p>
      {domain.verified ? null : (
        <>
          <p className="sso-admin__help">{t('ssoProviders.txtHelp')}</p>
          <dl className="sso-admin__facts">
            <dt>{t('ssoProviders.txtName')}</dt>
            <dd>
              <code>{domain.txt_record.name}</code>
            </dd>
            <dt>{t('ssoProviders.txtValue')}</dt>
            <dd>
              <code>{domain.txt_record.value}</code>
            </dd>
          </dl>
          <button
            type="button"
            className="button button--secondary"
            disabled={dns.isPending}
            onClick={() =>
              dns.mutate(ids, {
                onSuccess: () => onDone(t('ssoProviders.provenDns', { domain: domain.domain })),
                onError,
              })
            }
          >
            {t('ssoProviders.checkTxt', { domain: domain.domain })}
          </button>
          <form
            className="sso-admin__inline"
            onSubmit={(event) => {
              event.preventDefault();
              mail.mutate(
                { ...ids, mailbox },
                {
                  onSuccess: () =>
                    onDone(t('ssoProviders.mailSent', { address: `${mailbox}@${domain.domain}` })),
                  onError,
                },
              );
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-mailbox`} className="field__label">
                {t('ssoProviders.mailboxLabel', { domain: domain.domain })}
              </label>
              <select
                id={`${id}-mailbox`}
                className="field__input"
                value={mailbox}
                onChange={(event) => setMailbox(event.target.value as SsoDomainProofMailbox)}
              >
                {SSO_DOMAIN_PROOF_MAILBOXES.map((name) => (
                  <option key={name} value={name}>
                    {name}@{domain.domain}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--secondary" disabled={mail.isPending}>
              {t('ssoProviders.sendMail')}
            </button>
          </form>
          {domain.email_sent_to ? (
            <p className="sso-admin__help">
              {t('ssoProviders.mailPending', { address: domain.email_sent_to })}
            </p>
          ) : null}
        </>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(ids, {
            onSuccess: () => onDone(t('ssoProviders.domainRemoved', { domain: domain.domain })),
            onError,
          })
        }
      >
        {t('ssoProviders.removeDomain', { domain: domain.domain })}
      </button>
    </div>
  );
}
