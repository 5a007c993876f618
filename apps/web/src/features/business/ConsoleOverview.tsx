// The console's Overview (business.md §2.1 "/"; issue 11; docs/decisions/151, 191): spend,
// paid and earned impressions, closeups, outbound clicks and saves, and CTR for a date range, one
// of them as a chart by day, and the figures by day as a table (the chart's text equivalent). Campaign insights use the same pieces
// for one campaign.
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import {
  columnValue,
  type ReportColumn,
  type ReportOverview,
} from '@corkboard/shared/business/reporting';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { BUSINESS_NAMESPACE } from '../../i18n/businessCatalogue.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import '../../ui/data-table.css';
import { RangeForm, useConsoleRange } from './ConsoleRange.tsx';
import { useColumnFormat, useDayFormat } from './consoleFormat.ts';
import { useCampaignInsights, useReportOverview } from './hooks.ts';
import { MetricsChart } from './MetricsChart.tsx';

/**
 * The overview's figures (issue 11; docs/decisions/191), in order: spend, then paid and earned
 * apart for impressions, closeups, outbound clicks and saves, and CTR (on paid figures). The
 * totals, the chart's choices and the day table show the same ones.
 */
const OVERVIEW_COLUMNS: readonly ReportColumn[] = [
  'spend',
  'paid_impressions',
  'earned_impressions',
  'paid_closeups',
  'earned_closeups',
  'paid_outbound_clicks',
  'earned_outbound_clicks',
  'paid_saves',
  'earned_saves',
  'ctr',
];

export function ConsoleOverview({ context }: { context: AdvertiserContext }) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const range = useConsoleRange();
  const overview = useReportOverview(context.id, range.from, range.to);
  return (
    <section aria-labelledby="console-overview" className="console-section">
      <h1 id="console-overview" className="heading heading--md">
        {t('console.overviewPage.title')}
      </h1>
      <OverviewFigures context={context} range={range} query={overview} headingLevel={2} />
    </section>
  );
}

/** One campaign's figures by day for a date range, as on the overview. */
export function CampaignInsightsFigures({
  context,
  campaignId,
}: {
  context: AdvertiserContext;
  campaignId: string;
}) {
  const range = useConsoleRange();
  const insights = useCampaignInsights(context.id, campaignId, range.from, range.to);
  return <OverviewFigures context={context} range={range} query={insights} headingLevel={3} />;
}

function OverviewFigures({
  context,
  range,
  query,
  headingLevel,
}: {
  context: AdvertiserContext;
  range: ReturnType<typeof useConsoleRange>;
  query: { isPending: boolean; error: Error | null; data: ReportOverview | undefined };
  headingLevel: 2 | 3;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const formatOf = useColumnFormat(context.currency);
  const dayFormat = useDayFormat();
  const [metric, setMetric] = useState<ReportColumn>('spend');
  const selectId = useId();
  const data = query.data;
  const points = useMemo(
    () => (data?.days ?? []).map((day) => ({ day: day.day, value: columnValue(day, metric) })),
    [data, metric],
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shown = data ? { from: data.start_date, to: data.end_date } : undefined;
  return (
    <>
      <RangeForm key={shown ? `${shown.from}:${shown.to}` : 'none'} range={range} shown={shown} />
      {query.isPending ? <LoadingState /> : null}
      {!query.isPending && !data ? (
        <p className="business-alert" role="alert">
          {serverMessage(query.error) ?? t('console.genericError')}
        </p>
      ) : null}
      {data ? (
        <>
          <Heading className="business-subheading">{t('console.overviewPage.totals')}</Heading>
          <dl className="console-totals">
            {OVERVIEW_COLUMNS.map((column) => (
              <div key={column} className="console-totals__item">
                <dt>{t(`console.metrics.${column}`)}</dt>
                <dd>{formatOf(column)(columnValue(data.totals, column))}</dd>
              </div>
            ))}
          </dl>
          <Heading className="business-subheading">{t('console.overviewPage.chartTitle')}</Heading>
          <label htmlFor={selectId}>{t('console.overviewPage.chartMetric')} </label>
          <select
            id={selectId}
            value={metric}
            onChange={(event) => setMetric(event.target.value as ReportColumn)}
          >
            {OVERVIEW_COLUMNS.map((column) => (
              <option key={column} value={column}>
                {t(`console.metrics.${column}`)}
              </option>
            ))}
          </select>
          <MetricsChart
            points={points}
            seriesLabel={t(`console.metrics.${metric}`)}
            label={t('console.overviewPage.chartLabel', {
              from: dayFormat(data.start_date),
              to: dayFormat(data.end_date),
            })}
            formatValue={(value) => formatOf(metric)(value)}
          />
          <p className="business-page__intro">{t('console.overviewPage.earnedNote')}</p>
          <div
            className="data-table-wrap"
            tabIndex={0}
            role="region"
            aria-label={t('console.overviewPage.tableCaption')}
          >
            <table className="data-table">
              <caption className="visually-hidden">
                {t('console.overviewPage.tableCaption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('console.day')}</th>
                  {OVERVIEW_COLUMNS.map((column) => (
                    <th scope="col" key={column}>
                      {t(`console.metrics.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...data.days].reverse().map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{dayFormat(day.day)}</th>
                    {OVERVIEW_COLUMNS.map((column) => (
                      <td key={column}>{formatOf(column)(columnValue(day, column))}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </>
  );
}
