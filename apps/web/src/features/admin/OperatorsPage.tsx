// /admin/operators/: who the operators are, make someone an operator, take it away (with an
// inline confirmation). The server keeps the rules (never the last operator); its message is
// shown as it comes.
import type { UserSummary } from '@corkboard/shared/api-types';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { flattenPages } from '../../api/lists.ts';
import { ADMIN_NAMESPACE } from '../../i18n/adminCatalogue.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useViewer } from '../session/hooks.ts';
import { useOperators, useSetOperator } from './hooks.ts';

function messageOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.detail ?? error.message;
  return error instanceof Error ? error.message : undefined;
}

export function OperatorsPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const operators = useOperators();
  const setOperator = useSetOperator();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | undefined>();

  const change = (username: string, operator: boolean) => {
    setStatus('');
    setError(undefined);
    setOperator.mutate(
      { username, operator },
      {
        onSuccess: () =>
          setStatus(t(operator ? 'operators.granted' : 'operators.revoked', { username })),
        onError: (failure) => setError(messageOf(failure)),
      },
    );
  };

  return (
    <section aria-labelledby="admin-operators-heading">
      <h1 id="admin-operators-heading" className="heading heading--md">
        {t('operators.heading')}
      </h1>
      <p className="admin__intro">{t('operators.intro')}</p>
      <GrantForm busy={setOperator.isPending} error={error} onGrant={(u) => change(u, true)} />
      <p role="status" className="admin__status">
        {status}
      </p>
      {operators.isPending ? <LoadingState /> : null}
      {operators.isError ? <ErrorState onRetry={() => operators.refetch()} /> : null}
      <ul className="admin-list">
        {flattenPages(operators.data).map((person) => (
          <OperatorRow
            key={person.id}
            person={person}
            busy={setOperator.isPending}
            onRevoke={() => change(person.username, false)}
          />
        ))}
      </ul>
      {operators.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={operators.isFetchingNextPage}
          onClick={() => void operators.fetchNextPage()}
        >
          {t('operators.loadMore')}
        </button>
      ) : null}
    </section>
  );
}

function GrantForm({
  busy,
  error,
  onGrant,
}: {
  busy: boolean;
  error: string | undefined;
  onGrant: (username: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  const [username, setUsername] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = username.trim();
    if (trimmed) onGrant(trimmed);
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <TextField
        id={id}
        label={t('operators.grantLabel')}
        value={username}
        onChange={setUsername}
        autoComplete="off"
        errorMessage={error}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={busy || username.trim() === ''}
      >
        {t('operators.grantButton')}
      </button>
    </form>
  );
}

function OperatorRow({
  person,
  busy,
  onRevoke,
}: {
  person: UserSummary;
  busy: boolean;
  onRevoke: () => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const viewer = useViewer();
  const [confirming, setConfirming] = useState(false);
  const isMe = viewer.data?.id === person.id;
  return (
    <li className="admin-list__row">
      <Avatar user={person} size={32} />
      <span className="admin-list__name">
        {person.full_name} <span className="admin-list__meta">@{person.username}</span>
        {isMe ? <span className="admin-list__meta"> {t('operators.you')}</span> : null}
      </span>
      {confirming ? (
        <span className="admin-list__confirm">
          <span>{t('operators.confirmRevoke', { username: person.username })}</span>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              onRevoke();
            }}
          >
            {t('operators.revoke', { username: person.username })}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConfirming(false)}
          >
            {t('operators.cancel')}
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {t('operators.revoke', { username: person.username })}
        </button>
      )}
    </li>
  );
}
