// The identity-provider panel both doors share (docs/decisions/154, 155, 190): the operators'
// /admin/sso/ (every organisation's providers) and a business's /business/{id}/sso/ (its own).
// Register a provider — issuer, client id, client secret (write-only: the server never sends it
// back), e-mail domains —, edit it (client id, a new secret, the domain list, on/off), and prove
// each domain by a DNS TXT record or a single-use link mailed to an administrative address at it.
// Until a domain is proven, or while the provider is off, its e-mails are not routed to SSO. The
// server keeps every rule; its messages are shown as they come, under the field they are about.
import {
  SSO_DOMAIN_PROOF_MAILBOXES,
  type SsoDomainItem,
  type SsoDomainProofMailbox,
  type SsoProviderItem,
} from '@corkboard/shared/auth/social-api';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { flattenPages } from '../../api/lists.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { SSO_NAMESPACE } from '../../i18n/ssoCatalogue.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { FieldGroup, type FieldSpec } from '../../ui/FieldGroup.tsx';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  useAddSsoDomain,
  useChangeSsoProvider,
  useCreateSsoProvider,
  useProveSsoDomainByDns,
  useRemoveSsoDomain,
  useRemoveSsoProvider,
  useSendSsoDomainProofMail,
  useSsoProviders,
  type SsoScope,
} from './hooks.ts';
import {
  checkProviderValues,
  domainOfError,
  fieldOfError,
  parseDomainList,
  PROVIDER_FIELD_ORDER,
  type FieldErrors,
  type ProviderField,
  type ProviderValues,
} from './providerForm.ts';
import './sso.css';

type Announce = (message: string) => void;

export function SsoProvidersPanel({ scope }: { scope: SsoScope }) {
  const { t } = useTranslation(SSO_NAMESPACE);
  const providers = useSsoProviders(scope);
  const [status, setStatus] = useState('');
  const list = flattenPages(providers.data);
  // Refused (not an OWNER or ADMIN of this business, say): the server's sentence, and no form.
  if (providers.error instanceof ApiError && providers.error.isClientError) {
    return (
      <p className="sso-admin__error" role="alert">
        {serverMessage(providers.error) ?? t('providers.failed')}
      </p>
    );
  }
  return (
    <>
      <p role="status" className="admin__status">
        {status}
      </p>
      <ProviderForm scope={scope} mode={{ kind: 'create' }} onDone={setStatus} />
      <h2 className="heading heading--sm">{t('providers.listHeading')}</h2>
      {providers.isPending ? <LoadingState /> : null}
      {providers.isError ? <ErrorState onRetry={() => providers.refetch()} /> : null}
      {providers.isSuccess && list.length === 0 ? (
        <p className="sso-admin__empty">{t('providers.empty')}</p>
      ) : null}
      <ul className="sso-admin__providers">
        {list.map((provider) => (
          <li key={provider.id}>
            <ProviderCard scope={scope} provider={provider} onDone={setStatus} />
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
          {t('providers.loadMore')}
        </button>
      ) : null}
    </>
  );
}

type FormMode =
  { kind: 'create' } | { kind: 'edit'; provider: SsoProviderItem; onClose: () => void };

const EMPTY_VALUES: ProviderValues = {
  name: '',
  slug: '',
  issuer: '',
  client_id: '',
  client_secret: '',
  domains: '',
};

function initialValues(mode: FormMode): ProviderValues {
  if (mode.kind === 'create') return EMPTY_VALUES;
  const { provider } = mode;
  return {
    name: provider.name,
    slug: provider.slug,
    issuer: provider.issuer,
    client_id: provider.client_id,
    // Write-only: the stored secret is never sent to the page; empty keeps it.
    client_secret: '',
    domains: provider.domains.map((domain) => domain.domain).join(', '),
  };
}

/** Registers a provider, or edits one (a new secret only when typed; the whole domain list). */
function ProviderForm({
  scope,
  mode,
  onDone,
}: {
  scope: SsoScope;
  mode: FormMode;
  onDone: Announce;
}) {
  const { t } = useTranslation(SSO_NAMESPACE);
  const id = useId();
  const create = useCreateSsoProvider(scope);
  const change = useChangeSsoProvider(scope);
  const [values, setValues] = useState<ProviderValues>(() => initialValues(mode));
  const [enabled, setEnabled] = useState(mode.kind === 'edit' ? mode.provider.enabled : true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const editing = mode.kind === 'edit';
  const fieldId = (field: ProviderField) => `${id}-${field}`;
  const labels: Record<ProviderField, string> = {
    name: t('providers.name'),
    slug: t('providers.slug'),
    issuer: t('providers.issuer'),
    client_id: t('providers.clientId'),
    client_secret: editing ? t('providers.newClientSecret') : t('providers.clientSecret'),
    domains: t('providers.domains'),
  };
  // The slug names the provider in its redirect URI: set once, at registration.
  const fields: FieldSpec<ProviderField>[] = [
    { name: 'name', label: labels.name },
    ...(editing
      ? []
      : [{ name: 'slug' as const, label: labels.slug, helperText: t('providers.slugHelp') }]),
    { name: 'issuer', label: labels.issuer, placeholder: 'https://login.example.com' },
    { name: 'client_id', label: labels.client_id },
    {
      name: 'client_secret',
      label: labels.client_secret,
      type: 'password',
      autoComplete: 'new-password',
      helperText: editing ? t('providers.newClientSecretHelp') : t('providers.clientSecretHelp'),
    },
    {
      name: 'domains',
      label: labels.domains,
      helperText: editing ? t('providers.editDomainsHelp') : t('providers.domainsHelp'),
    },
  ];

  // Editing opens with the focus in its first field (keyboard users land where they work).
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) firstField.current?.focus();
  }, [editing]);

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = PROVIDER_FIELD_ORDER.find((field) => next[field] !== undefined);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const fail = (failure: unknown) => {
    const message = serverMessage(failure) ?? t('providers.failed');
    const field = fieldOfError(failure);
    if (field === null) {
      setFormError(message);
      return;
    }
    const domain = domainOfError(failure);
    showErrors({
      [field]:
        domain === null
          ? t('providers.fieldError', { field: labels[field], message })
          : t('providers.domainError', { domain, message }),
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const problems = checkProviderValues(values, mode.kind);
    const found: FieldErrors = {};
    for (const [field, problem] of Object.entries(problems) as [ProviderField, string][]) {
      found[field] =
        problem === 'issuer'
          ? t('providers.issuerInvalid')
          : problem === 'slug'
            ? t('providers.fieldError', { field: labels.slug, message: t('providers.slugHelp') })
            : t('providers.fieldRequired', { field: labels[field] });
    }
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    const common = {
      name: values.name.trim(),
      issuer: values.issuer.trim(),
      client_id: values.client_id.trim(),
      domains: parseDomainList(values.domains),
    };
    if (mode.kind === 'create') {
      create.mutate(
        { ...common, slug: values.slug.trim(), client_secret: values.client_secret },
        {
          onSuccess: () => {
            onDone(t('providers.created', { name: common.name }));
            setValues(EMPTY_VALUES);
          },
          onError: fail,
        },
      );
      return;
    }
    change.mutate(
      {
        id: mode.provider.id,
        change: {
          ...common,
          enabled,
          ...(values.client_secret === '' ? {} : { client_secret: values.client_secret }),
        },
      },
      {
        onSuccess: () => {
          onDone(t('providers.saved', { name: common.name }));
          mode.onClose();
        },
        onError: fail,
      },
    );
  };

  const headingId = `${id}-heading`;
  const pending = create.isPending || change.isPending;
  return (
    <form className="sso-admin__form" onSubmit={submit} aria-labelledby={headingId} noValidate>
      {mode.kind === 'edit' ? (
        <h4 id={headingId} className="sso-admin__subheading">
          {t('providers.editHeading', { name: mode.provider.name })}
        </h4>
      ) : (
        <h2 id={headingId} className="heading heading--sm">
          {t('providers.newHeading')}
        </h2>
      )}
      <FieldGroup
        fields={fields}
        values={values}
        errors={errors}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        fieldId={fieldId}
        firstFieldRef={firstField}
      />
      {editing ? (
        <Checkbox
          id={`${id}-enabled`}
          label={t('providers.enabled')}
          checked={enabled}
          onChange={setEnabled}
          after={<p className="sso-admin__help">{t('providers.enabledHelp')}</p>}
        />
      ) : null}
      {formError ? (
        <p className="sso-admin__error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="sso-admin__inline">
        <button type="submit" className="button button--primary" disabled={pending}>
          {editing ? t('providers.save') : t('providers.register')}
        </button>
        {mode.kind === 'edit' ? (
          <button type="button" className="button button--secondary" onClick={mode.onClose}>
            {t('providers.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function ProviderCard({
  scope,
  provider,
  onDone,
}: {
  scope: SsoScope;
  provider: SsoProviderItem;
  onDone: Announce;
}) {
  const { t } = useTranslation(SSO_NAMESPACE);
  const id = useId();
  const remove = useRemoveSsoProvider(scope);
  const addDomain = useAddSsoDomain(scope);
  const [domain, setDomain] = useState('');
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const fail = (failure: unknown) => setError(serverMessage(failure) ?? t('providers.failed'));
  const closeEdit = () => {
    setEditing(false);
    // Back to the button that opened the form, after it is rendered again.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    addDomain.mutate(
      { providerId: provider.id, domain: domain.trim() },
      {
        onSuccess: () => {
          onDone(t('providers.domainAdded', { domain: domain.trim() }));
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
        <dt>{t('providers.status')}</dt>
        <dd>{provider.enabled ? t('providers.statusOn') : t('providers.statusOff')}</dd>
        <dt>{t('providers.registeredBy')}</dt>
        <dd>{provider.business?.name ?? t('providers.byOperators')}</dd>
        <dt>{t('providers.issuer')}</dt>
        <dd>{provider.issuer}</dd>
        <dt>{t('providers.clientId')}</dt>
        <dd>{provider.client_id}</dd>
        <dt>{t('providers.redirectUri')}</dt>
        <dd>
          <code>{provider.redirect_uri}</code>
        </dd>
      </dl>
      {editing ? (
        <ProviderForm
          scope={scope}
          mode={{ kind: 'edit', provider, onClose: closeEdit }}
          onDone={onDone}
        />
      ) : (
        <button
          ref={editButton}
          type="button"
          className="button button--secondary"
          onClick={() => setEditing(true)}
        >
          {t('providers.edit', { name: provider.name })}
        </button>
      )}
      <h4 className="sso-admin__subheading">{t('providers.domainsHeading')}</h4>
      {provider.domains.length === 0 ? (
        <p className="sso-admin__empty">{t('providers.noDomains')}</p>
      ) : (
        <ul className="sso-admin__domains">
          {provider.domains.map((item) => (
            <li key={item.id}>
              <DomainRow
                scope={scope}
                provider={provider}
                domain={item}
                onDone={onDone}
                onError={fail}
              />
            </li>
          ))}
        </ul>
      )}
      <form className="sso-admin__inline" onSubmit={add}>
        <TextField
          id={`${id}-domain`}
          name="domain"
          label={t('providers.addDomainLabel')}
          value={domain}
          onChange={setDomain}
        />
        <button type="submit" className="button button--secondary" disabled={addDomain.isPending}>
          {t('providers.addDomain')}
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
          if (!window.confirm(t('providers.removeConfirm', { name: provider.name }))) return;
          remove.mutate(provider.id, {
            onSuccess: () => onDone(t('providers.removed', { name: provider.name })),
            onError: fail,
          });
        }}
      >
        {t('providers.remove', { name: provider.name })}
      </button>
    </article>
  );
}

function DomainRow({
  scope,
  provider,
  domain,
  onDone,
  onError,
}: {
  scope: SsoScope;
  provider: SsoProviderItem;
  domain: SsoDomainItem;
  onDone: Announce;
  onError: (failure: unknown) => void;
}) {
  const { t } = useTranslation(SSO_NAMESPACE);
  const id = useId();
  const dns = useProveSsoDomainByDns(scope);
  const mail = useSendSsoDomainProofMail(scope);
  const remove = useRemoveSsoDomain(scope);
  const [mailbox, setMailbox] = useState<SsoDomainProofMailbox>('admin');
  const ids = { providerId: provider.id, domainId: domain.id };

  return (
    <div className="sso-admin__domain">
      <p>
        <strong>{domain.domain}</strong>{' '}
        {domain.verified
          ? t(domain.verified_by === 'dns' ? 'providers.verifiedDns' : 'providers.verifiedEmail')
          : t('providers.unverified')}
      </p>
      {domain.verified ? null : (
        <>
          <p className="sso-admin__help">{t('providers.txtHelp')}</p>
          <dl className="sso-admin__facts">
            <dt>{t('providers.txtName')}</dt>
            <dd>
              <code>{domain.txt_record.name}</code>
            </dd>
            <dt>{t('providers.txtValue')}</dt>
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
                onSuccess: () => onDone(t('providers.provenDns', { domain: domain.domain })),
                onError,
              })
            }
          >
            {t('providers.checkTxt', { domain: domain.domain })}
          </button>
          <form
            className="sso-admin__inline"
            onSubmit={(event) => {
              event.preventDefault();
              mail.mutate(
                { ...ids, mailbox },
                {
                  onSuccess: () =>
                    onDone(t('providers.mailSent', { address: `${mailbox}@${domain.domain}` })),
                  onError,
                },
              );
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-mailbox`} className="field__label">
                {t('providers.mailboxLabel', { domain: domain.domain })}
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
              {t('providers.sendMail')}
            </button>
          </form>
          {domain.email_sent_to ? (
            <p className="sso-admin__help">
              {t('providers.mailPending', { address: domain.email_sent_to })}
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
            onSuccess: () => onDone(t('providers.domainRemoved', { domain: domain.domain })),
            onError,
          })
        }
      >
        {t('providers.removeDomain', { domain: domain.domain })}
      </button>
    </div>
  );
}
