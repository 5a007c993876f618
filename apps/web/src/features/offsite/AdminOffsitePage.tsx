// /admin/offsite/: the operators' outbound-link list (docs/decisions/080, 019). List a domain as
// blocked, suspicious, adult content or allowed, take it off again, check what a link would get
// and why, and see last week's outbound clicks per status. The server keeps the rules; its
// messages are shown as they come.
import {
  OFFSITE_LIST_STATUSES,
  OFFSITE_STATUSES,
  type AdminOffsiteCheck,
  type AdminOffsiteDomain,
  type OffsiteListStatus,
} from '@corkboard/shared/offsite/offsite';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { ADMIN_NAMESPACE } from '../../i18n/adminCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  useExplainLink,
  useOffsiteClicks,
  useOffsiteDomains,
  useRemoveOffsiteDomain,
  useSetOffsiteDomain,
} from './adminHooks.ts';

export function AdminOffsitePage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [status, setStatus] = useState('');
  return (
    <section aria-labelledby="admin-offsite-heading">
      <h1 id="admin-offsite-heading" className="heading heading--md">
        {t('offsite.heading')}
      </h1>
      <p className="admin__intro">{t('offsite.intro')}</p>
      <DomainForm onDone={setStatus} />
      <p role="status" className="admin__status">
        {status}
      </p>
      <DomainList onDone={setStatus} />
      <LinkCheck />
      <ClickSummary />
    </section>
  );
}

function DomainForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const ids = { domain: useId(), status: useId(), note: useId() };
  const save = useSetOffsiteDomain();
  const [domain, setDomain] = useState('');
  const [listStatus, setListStatus] = useState<OffsiteListStatus>('blocked');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone('');
    save.mutate(
      { domain: domain.trim(), status: listStatus, note },
      {
        onSuccess: (answer) => {
          onDone(t('offsite.saved', { domain: answer.domain }));
          setDomain('');
          setNote('');
        },
      },
    );
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <TextField
        id={ids.domain}
        label={t('offsite.domainLabel')}
        value={domain}
        onChange={setDomain}
        autoComplete="off"
        placeholder="example.com"
        errorMessage={save.isError ? serverMessage(save.error) : undefined}
      />
      <div className="field">
        <label htmlFor={ids.status} className="field__label">
          {t('offsite.statusLabel')}
        </label>
        <select
          id={ids.status}
          className="field__input"
          value={listStatus}
          onChange={(event) => {
            const chosen = OFFSITE_LIST_STATUSES.find((value) => value === event.target.value);
            if (chosen) setListStatus(chosen);
          }}
        >
          {OFFSITE_LIST_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`offsite.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={ids.note}
        label={t('offsite.noteLabel')}
        value={note}
        onChange={setNote}
        autoComplete="off"
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={save.isPending || domain.trim() === ''}
      >
        {t('offsite.save')}
      </button>
    </form>
  );
}

function DomainList({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const domains = useOffsiteDomains();
  const remove = useRemoveOffsiteDomain();
  const rows: AdminOffsiteDomain[] = domains.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <h2 className="heading heading--md">{t('offsite.listHeading')}</h2>
      {domains.isPending ? <LoadingState /> : null}
      {domains.isError ? <ErrorState onRetry={() => domains.refetch()} /> : null}
      {domains.isSuccess && rows.length === 0 ? <p>{t('offsite.empty')}</p> : null}
      <ul className="admin-list">
        {rows.map((row) => (
          <li key={row.domain} className="admin-list__row">
            <span className="admin-list__name">
              {row.domain}{' '}
              <span className="admin-list__meta">
                {t(`offsite.status.${row.status}`)}
                {row.note ? ` · ${row.note}` : ''}
                {row.updated_by ? ` · ${t('offsite.by', { username: row.updated_by })}` : ''}
              </span>
            </span>
            <button
              type="button"
              className="button button--secondary"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(row.domain, {
                  onSuccess: (answer) => onDone(t('offsite.removed', { domain: answer.domain })),
                  onError: (error) => onDone(serverMessage(error) ?? ''),
                })
              }
            >
              {t('offsite.remove', { domain: row.domain })}
            </button>
          </li>
        ))}
      </ul>
      {domains.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={domains.isFetchingNextPage}
          onClick={() => void domains.fetchNextPage()}
        >
          {t('offsite.loadMore')}
        </button>
      ) : null}
    </>
  );
}

function LinkCheck() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  const explain = useExplainLink();
  const [url, setUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    explain.mutate(url.trim());
  };
  return (
    <>
      <h2 className="heading heading--md">{t('offsite.checkHeading')}</h2>
      <form className="admin-form" onSubmit={submit}>
        <TextField
          id={id}
          label={t('offsite.checkLabel')}
          value={url}
          onChange={setUrl}
          autoComplete="off"
          placeholder="https://example.com/page"
          errorMessage={explain.isError ? serverMessage(explain.error) : undefined}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={explain.isPending || url.trim() === ''}
        >
          {t('offsite.check')}
        </button>
      </form>
      <div role="status">{explain.data ? <Verdict check={explain.data} /> : null}</div>
    </>
  );
}

function Verdict({ check }: { check: AdminOffsiteCheck }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const reason =
    check.source === 'admin_list'
      ? t('offsite.sourceList', { domain: check.listed_domain ?? '' })
      : check.source === 'safe_browsing'
        ? t('offsite.sourceSafeBrowsing', { threats: check.threat_types.join(', ') })
        : t('offsite.sourceNone');
  return (
    <>
      <p>
        <strong>
          {t('offsite.verdict', {
            url: check.url,
            status: t(`offsite.status.${check.redirect_status}`),
          })}
        </strong>
      </p>
      <p>{reason}</p>
      {check.reputation_checked ? null : <p>{t('offsite.reputationDown')}</p>}
    </>
  );
}

function ClickSummary() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const clicks = useOffsiteClicks();
  if (!clicks.data) return null;
  return (
    <>
      <h2 className="heading heading--md">{t('offsite.clicksHeading')}</h2>
      <dl className="admin-stats">
        {OFFSITE_STATUSES.map((status) => (
          <div key={status} className="admin-stats__item">
            <dt className="admin-stats__label">{t(`offsite.status.${status}`)}</dt>
            <dd className="admin-stats__value">{clicks.data.by_status[status].toLocaleString()}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
