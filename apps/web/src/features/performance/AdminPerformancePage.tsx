// /admin/performance/: signed-out visitors' image visibility and web-vitals, aggregated
// (business.md §4.5; docs/decisions/121): p50/p75/p95 per metric over a recent window, and how
// often the profiler completed or gave up.
import {
  PERFORMANCE_DEFAULT_DAYS,
  type PerformanceMetricSummary,
  type PerformanceSummary,
} from '@corkboard/shared/performance/visitor-performance';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { ADMIN_NAMESPACE } from '../../i18n/adminCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import '../experiments/experiments.css';

/** The windows the page offers (the API allows 1–30 days). */
const WINDOW_DAYS = [1, PERFORMANCE_DEFAULT_DAYS, 30] as const;

function usePerformanceSummary(days: number) {
  return useQuery({
    queryKey: queryKeys.adminPerformance(days),
    queryFn: ({ signal }) =>
      apiGet<PerformanceSummary>('/v3/admin/performance/', { signal, query: { days } }),
  });
}

export function AdminPerformancePage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const selectId = useId();
  const [days, setDays] = useState<number>(PERFORMANCE_DEFAULT_DAYS);
  const summary = usePerformanceSummary(days);
  return (
    <section aria-labelledby="admin-performance-heading">
      <h1 id="admin-performance-heading" className="heading heading--md">
        {t('performance.heading')}
      </h1>
      <p className="admin__intro">{t('performance.intro')}</p>
      <div className="field">
        <label htmlFor={selectId} className="field__label">
          {t('performance.daysLabel')}
        </label>
        <select
          id={selectId}
          className="field__input"
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {WINDOW_DAYS.map((value) => (
            <option key={value} value={value}>
              {t('performance.days', { count: value })}
            </option>
          ))}
        </select>
      </div>
      {summary.isPending ? <LoadingState /> : null}
      {summary.isError ? <ErrorState onRetry={() => summary.refetch()} /> : null}
      {summary.data ? <Summary summary={summary.data} /> : null}
    </section>
  );
}

function Summary({ summary }: { summary: PerformanceSummary }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const value = (row: PerformanceMetricSummary, percentile: number | null) => {
    if (percentile === null) return t('performance.none');
    return row.metric === 'cls'
      ? percentile.toString()
      : t('performance.ms', { value: percentile });
  };
  return (
    <>
      <table className="admin-table">
        <caption>{t('performance.metricsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('performance.columnMetric')}</th>
            <th scope="col">p50</th>
            <th scope="col">p75</th>
            <th scope="col">p95</th>
            <th scope="col">{t('performance.columnCount')}</th>
          </tr>
        </thead>
        <tbody>
          {summary.metrics.map((row) => (
            <tr key={row.metric}>
              <th scope="row">{t(`performance.metric.${row.metric}`)}</th>
              <td>{value(row, row.p50)}</td>
              <td>{value(row, row.p75)}</td>
              <td>{value(row, row.p95)}</td>
              <td>{row.count.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="heading heading--md">{t('performance.profilerHeading')}</h2>
      <dl className="admin-stats">
        <div className="admin-stats__item">
          <dt className="admin-stats__label">{t('performance.complete')}</dt>
          <dd className="admin-stats__value">{summary.profiler.complete.toLocaleString()}</dd>
        </div>
        <div className="admin-stats__item">
          <dt className="admin-stats__label">{t('performance.disabled')}</dt>
          <dd className="admin-stats__value">{summary.profiler.disabled.toLocaleString()}</dd>
        </div>
      </dl>
    </>
  );
}
