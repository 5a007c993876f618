// /admin/jobs/: background jobs that failed their last retry (dead letters), oldest first, with
// their queue, when, how often they were tried and the last error. Retry sends one back onto its
// queue; delete (confirmed inline) drops it. The server's message is shown when an action fails.
import type { DeadJob } from '@corkboard/shared/jobs/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { flattenPages } from '../../api/lists.ts';
import { ADMIN_NAMESPACE } from '../../i18n/adminCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { useDeadJobAction, useDeadJobs } from './hooks.ts';

function messageOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.detail ?? error.message;
  return error instanceof Error ? error.message : undefined;
}

export function AdminJobsPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const jobs = useDeadJobs();
  const action = useDeadJobAction();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | undefined>();
  const rows = flattenPages(jobs.data);

  const act = (job: DeadJob, kind: 'retry' | 'delete') => {
    setStatus('');
    setError(undefined);
    action.mutate(
      { id: job.id, action: kind },
      {
        onSuccess: () =>
          setStatus(t(kind === 'retry' ? 'jobs.retried' : 'jobs.deleted', { queue: job.queue })),
        onError: (failure) => setError(messageOf(failure)),
      },
    );
  };

  return (
    <section aria-labelledby="admin-jobs-heading">
      <h1 id="admin-jobs-heading" className="heading heading--md">
        {t('jobs.heading')}
      </h1>
      <p className="admin__intro">{t('jobs.intro')}</p>
      <p role="status" className="admin__status">
        {status}
      </p>
      {error ? (
        <p role="alert" className="admin__status">
          {error}
        </p>
      ) : null}
      {jobs.isPending ? <LoadingState /> : null}
      {jobs.isError ? <ErrorState onRetry={() => jobs.refetch()} /> : null}
      {jobs.isSuccess && rows.length === 0 ? <p>{t('jobs.empty')}</p> : null}
      <ul className="admin-list">
        {rows.map((job) => (
          <DeadJobRow
            key={job.id}
            job={job}
            busy={action.isPending}
            onRetry={() => act(job, 'retry')}
            onDelete={() => act(job, 'delete')}
          />
        ))}
      </ul>
      {jobs.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={jobs.isFetchingNextPage}
          onClick={() => void jobs.fetchNextPage()}
        >
          {t('jobs.loadMore')}
        </button>
      ) : null}
    </section>
  );
}

function DeadJobRow({
  job,
  busy,
  onRetry,
  onDelete,
}: {
  job: DeadJob;
  busy: boolean;
  onRetry: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const [confirming, setConfirming] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(job.failed_at));
  return (
    <li className="admin-list__row">
      <span className="admin-list__name">
        {job.queue}{' '}
        <span className="admin-list__meta">
          {t('jobs.failedAt', { when, count: job.retry_count + 1 })}
        </span>
        <br />
        <span className="admin-list__meta">{job.error ?? t('jobs.noError')}</span>
      </span>
      {confirming ? (
        <span className="admin-list__confirm">
          <span>{t('jobs.confirmDelete', { queue: job.queue })}</span>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              onDelete();
            }}
          >
            {t('jobs.delete', { queue: job.queue })}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConfirming(false)}
          >
            {t('jobs.cancel')}
          </button>
        </span>
      ) : (
        <span className="admin-list__confirm">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={onRetry}
          >
            {t('jobs.retry', { queue: job.queue })}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('jobs.delete', { queue: job.queue })}
          </button>
        </span>
      )}
    </li>
  );
}
