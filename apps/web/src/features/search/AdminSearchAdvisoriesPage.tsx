// /admin/search-advisories/: the operators' list of search terms and patterns with their
// advisories (docs/decisions/073, 019). The entry's fields have form controls; its notices are
// edited as JSON in the shape the API takes (prefilled with a template). The server keeps the
// rules; its field errors are listed as they come.
import {
  ADVISORY_MATCH_KINDS,
  ADVISORY_SEVERITIES,
  ADVISORY_SEVERITY_NAMES,
  type AdminSearchAdvisory,
  type AdvisoryMatchKind,
  type AdvisoryNotice,
  type AdvisorySeverity,
} from '@corkboard/shared/search/advisories';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { ADMIN_NAMESPACE } from '../../i18n/adminCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  useRemoveSearchAdvisory,
  useSaveSearchAdvisory,
  useSearchAdvisories,
} from './advisoryAdminHooks.ts';
import './advisoryAdmin.css';

/** The notices a new entry starts from: one notice showing every field. */
const NOTICE_TEMPLATE: AdvisoryNotice[] = [
  {
    style: 'info',
    title: '',
    description: { text: '', text_tags: [] },
    actions: [],
    footer: null,
    phone_number: null,
  },
];

interface Draft {
  id: string | null;
  matchKind: AdvisoryMatchKind;
  matchText: string;
  advisory: string;
  severity: AdvisorySeverity;
  advisoryType: string;
  country: string;
  notices: string;
}

function emptyDraft(): Draft {
  return {
    id: null,
    matchKind: 'term',
    matchText: '',
    advisory: '',
    severity: 1,
    advisoryType: '4',
    country: '',
    notices: JSON.stringify(NOTICE_TEMPLATE, null, 2),
  };
}

function draftOf(entry: AdminSearchAdvisory): Draft {
  return {
    id: entry.id,
    matchKind: entry.match_kind,
    matchText: entry.match_text,
    advisory: entry.advisory,
    severity: entry.severity,
    advisoryType: String(entry.advisory_type),
    country: entry.resource_country ?? '',
    notices: JSON.stringify(entry.notices, null, 2),
  };
}

/** The server's field problems, one line each (`path: message`). */
function fieldProblems(error: unknown): string[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.data?.fields)) return [];
  return (error.data.fields as unknown[]).flatMap((field) => {
    if (typeof field !== 'object' || field === null) return [];
    const { path, message } = field as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string' ? [`${path}: ${message}`] : [];
  });
}

export function AdminSearchAdvisoriesPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [status, setStatus] = useState('');
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  return (
    <section aria-labelledby="admin-advisories-heading">
      <h1 id="admin-advisories-heading" className="heading heading--md">
        {t('searchAdvisories.heading')}
      </h1>
      <p className="admin__intro">{t('searchAdvisories.intro')}</p>
      <AdvisoryForm
        key={draft.id ?? 'new'}
        initial={draft}
        onDone={(message) => {
          setStatus(message);
          if (message) setDraft(emptyDraft());
        }}
        onCancel={() => setDraft(emptyDraft())}
      />
      <p role="status" className="admin__status">
        {status}
      </p>
      <AdvisoryList
        onEdit={(entry) => {
          setStatus('');
          setDraft(draftOf(entry));
        }}
        onDone={setStatus}
      />
    </section>
  );
}

function AdvisoryForm({
  initial,
  onDone,
  onCancel,
}: {
  initial: Draft;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const ids = {
    kind: useId(),
    text: useId(),
    advisory: useId(),
    severity: useId(),
    type: useId(),
    country: useId(),
    notices: useId(),
    problems: useId(),
  };
  const save = useSaveSearchAdvisory();
  const [draft, setDraft] = useState(initial);
  const [jsonError, setJsonError] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone('');
    let notices: unknown;
    try {
      notices = JSON.parse(draft.notices);
      setJsonError(false);
    } catch {
      setJsonError(true);
      return;
    }
    save.mutate(
      {
        id: draft.id,
        input: {
          match_kind: draft.matchKind,
          match_text: draft.matchText,
          advisory: draft.advisory,
          severity: draft.severity,
          advisory_type: Number(draft.advisoryType),
          resource_country: draft.country.trim() || null,
          // The server checks the shape; its field errors say what is wrong.
          notices: notices as AdvisoryNotice[],
        },
      },
      {
        onSuccess: (saved) => onDone(t('searchAdvisories.saved', { match: saved.match_text })),
      },
    );
  };
  const problems = save.isError ? fieldProblems(save.error) : [];
  return (
    <form className="advisory-form" onSubmit={submit} aria-describedby={ids.problems}>
      <h2 className="heading heading--md">
        {draft.id === null ? t('searchAdvisories.newHeading') : t('searchAdvisories.editHeading')}
      </h2>
      <div className="field">
        <label htmlFor={ids.kind} className="field__label">
          {t('searchAdvisories.matchKindLabel')}
        </label>
        <select
          id={ids.kind}
          className="field__input"
          value={draft.matchKind}
          onChange={(event) => {
            const chosen = ADVISORY_MATCH_KINDS.find((value) => value === event.target.value);
            if (chosen) set('matchKind', chosen);
          }}
        >
          {ADVISORY_MATCH_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`searchAdvisories.matchKind.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={ids.text}
        label={t('searchAdvisories.matchTextLabel')}
        helperText={t('searchAdvisories.matchTextHelp')}
        value={draft.matchText}
        onChange={(value) => set('matchText', value)}
        autoComplete="off"
      />
      <TextField
        id={ids.advisory}
        label={t('searchAdvisories.advisoryLabel')}
        value={draft.advisory}
        onChange={(value) => set('advisory', value)}
        autoComplete="off"
      />
      <div className="field">
        <label htmlFor={ids.severity} className="field__label">
          {t('searchAdvisories.severityLabel')}
        </label>
        <select
          id={ids.severity}
          className="field__input"
          value={draft.severity}
          onChange={(event) => {
            const chosen = ADVISORY_SEVERITIES.find(
              (value) => String(value) === event.target.value,
            );
            if (chosen !== undefined) set('severity', chosen);
          }}
        >
          {ADVISORY_SEVERITIES.map((value) => (
            <option key={value} value={value}>
              {t(`searchAdvisories.severity.${ADVISORY_SEVERITY_NAMES[value]}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={ids.type}
        label={t('searchAdvisories.typeLabel')}
        helperText={t('searchAdvisories.typeHelp')}
        value={draft.advisoryType}
        onChange={(value) => set('advisoryType', value)}
        autoComplete="off"
      />
      <TextField
        id={ids.country}
        label={t('searchAdvisories.countryLabel')}
        helperText={t('searchAdvisories.countryHelp')}
        value={draft.country}
        onChange={(value) => set('country', value)}
        autoComplete="off"
      />
      <div className="field">
        <label htmlFor={ids.notices} className="field__label">
          {t('searchAdvisories.noticesLabel')}
        </label>
        <textarea
          id={ids.notices}
          className="field__input advisory-form__code"
          rows={14}
          spellCheck={false}
          value={draft.notices}
          aria-invalid={jsonError || undefined}
          onChange={(event) => set('notices', event.target.value)}
        />
      </div>
      <div id={ids.problems} role="alert">
        {jsonError ? <p>{t('searchAdvisories.badJson')}</p> : null}
        {save.isError ? <p>{serverMessage(save.error)}</p> : null}
        {problems.length > 0 ? (
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="advisory-form__buttons">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {draft.id === null ? t('searchAdvisories.create') : t('searchAdvisories.update')}
        </button>
        {draft.id === null ? null : (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('searchAdvisories.cancelEdit')}
          </button>
        )}
      </div>
    </form>
  );
}

function AdvisoryList({
  onEdit,
  onDone,
}: {
  onEdit: (entry: AdminSearchAdvisory) => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const entries = useSearchAdvisories();
  const remove = useRemoveSearchAdvisory();
  const rows = entries.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <h2 className="heading heading--md">{t('searchAdvisories.listHeading')}</h2>
      {entries.isPending ? <LoadingState /> : null}
      {entries.isError ? <ErrorState onRetry={() => entries.refetch()} /> : null}
      {entries.isSuccess && rows.length === 0 ? <p>{t('searchAdvisories.empty')}</p> : null}
      <ul className="admin-list">
        {rows.map((row) => (
          <li key={row.id} className="admin-list__row">
            <span className="admin-list__name">
              {row.match_text}{' '}
              <span className="admin-list__meta">
                {t(`searchAdvisories.matchKind.${row.match_kind}`)} ·{' '}
                {t(`searchAdvisories.severity.${ADVISORY_SEVERITY_NAMES[row.severity]}`)} ·{' '}
                {t('searchAdvisories.typeShort', { type: row.advisory_type })} · {row.advisory}
                {row.resource_country ? ` · ${row.resource_country}` : ''}
                {row.notices[0] ? ` · “${row.notices[0].title}”` : ''}
              </span>
            </span>
            <button type="button" className="button button--secondary" onClick={() => onEdit(row)}>
              {t('searchAdvisories.edit', { match: row.match_text })}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(row.id, {
                  onSuccess: () => onDone(t('searchAdvisories.removed', { match: row.match_text })),
                  onError: (error) => onDone(serverMessage(error) ?? ''),
                })
              }
            >
              {t('searchAdvisories.remove', { match: row.match_text })}
            </button>
          </li>
        ))}
      </ul>
      {entries.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={entries.isFetchingNextPage}
          onClick={() => void entries.fetchNextPage()}
        >
          {t('searchAdvisories.loadMore')}
        </button>
      ) : null}
    </>
  );
}
