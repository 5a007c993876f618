// The console's Reporting (business.md §2.1 /reporting/campaigns|adgroups|ads/ and
// /reporting/preferences/; issue 11; docs/decisions/151, 152): a table per level with the
// reader's chosen columns for a date range, one row per item or per item and day, paged; a CSV
// download of the same report; the column chooser saved on the server per ad account and person.
import { advertiserUrl } from '@corkboard/shared/business/advertiser-urls';
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import type { AdObjective } from '@corkboard/shared/business/campaigns';
import {
  columnValue,
  DEFAULT_REPORT_COLUMNS,
  REPORT_COLUMNS,
  SHORTCUT_OBJECTIVES,
  type ReportColumn,
  type ReportGranularity,
  type ReportLevel,
  type ReportRow,
} from '@corkboard/shared/business/reporting';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSearchParams } from 'react-router';
import { serverMessage } from '../../api/errorMessages.ts';
import { BUSINESS_NAMESPACE } from '../../i18n/businessCatalogue.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import '../../ui/data-table.css';
import { RangeForm, useConsoleRange } from './ConsoleRange.tsx';
import { useColumnFormat, useDayFormat } from './consoleFormat.ts';
import {
  reportExportUrl,
  useReport,
  useReportPreferences,
  useSaveReportPreferences,
  type ReportFilter,
} from './hooks.ts';
import { consolePath } from './paths.ts';

const LEVEL_KEYS = {
  campaigns: 'reportingCampaigns',
  adgroups: 'reportingAdGroups',
  ads: 'reportingAds',
} as const satisfies Record<ReportLevel, string>;

/** The range kept while moving between levels. */
function withRange(path: string, range: { from: string; to: string }): string {
  const search = new URLSearchParams();
  if (range.from) search.set('start_date', range.from);
  if (range.to) search.set('end_date', range.to);
  const qs = search.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export function ReportingPage({
  context,
  level,
}: {
  context: AdvertiserContext;
  level: ReportLevel;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const range = useConsoleRange();
  const [params] = useSearchParams();
  const shortcut = level === 'campaigns' ? params.get('objective') : null;
  const objective: AdObjective | null | undefined =
    shortcut === null ? undefined : (SHORTCUT_OBJECTIVES[shortcut] ?? null);
  return (
    <section aria-labelledby="console-reporting" className="console-section">
      <h1 id="console-reporting" className="heading heading--md">
        {t('console.reportingPage.title')}
      </h1>
      <nav aria-label={t('console.reportingPage.levelsLabel')}>
        <ul className="console__tabs">
          {(Object.keys(LEVEL_KEYS) as ReportLevel[]).map((key) => (
            <li key={key}>
              <NavLink to={withRange(advertiserUrl(LEVEL_KEYS[key], context.id), range)}>
                {t(`console.reportingPage.levels.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {shortcut !== null ? (
        <p className="business-page__intro">
          {objective
            ? t('console.reportingPage.objectiveFilter', {
                objective: t(`console.objectives.${objective}`),
              })
            : t('console.reportingPage.objectiveNone')}{' '}
          <Link to={withRange(advertiserUrl('reportingCampaigns', context.id), range)}>
            {t('console.reportingPage.clearFilter')}
          </Link>
        </p>
      ) : null}
      {objective === null ? null : (
        <ReportTable
          context={context}
          level={level}
          objective={objective}
          headingId="console-reporting"
        />
      )}
    </section>
  );
}

/** A report table with its range, granularity, columns link and download (also on insights). */
export function ReportTable({
  context,
  level,
  campaignId,
  objective,
  headingId,
}: {
  context: AdvertiserContext;
  level: ReportLevel;
  campaignId?: string | undefined;
  objective?: AdObjective | undefined;
  headingId: string;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const range = useConsoleRange();
  const [granularity, setGranularity] = useState<ReportGranularity>('TOTAL');
  const granularityId = useId();
  const filter: ReportFilter = {
    level,
    granularity,
    from: range.from,
    to: range.to,
    campaignId,
    objective,
  };
  const report = useReport(context.id, filter);
  const preferences = useReportPreferences(context.id);
  const columns = preferences.data?.columns ?? DEFAULT_REPORT_COLUMNS;
  const formatOf = useColumnFormat(context.currency);
  const dayFormat = useDayFormat();
  const rows = report.data?.pages.flatMap((page) => page.data) ?? [];
  const byDay = granularity === 'DAY';
  return (
    <div className="console-report">
      {campaignId === undefined ? <RangeForm range={range} shown={undefined} /> : null}
      <div className="console-report__tools">
        <label htmlFor={granularityId}>{t('console.reportingPage.granularity')} </label>
        <select
          id={granularityId}
          value={granularity}
          onChange={(event) => setGranularity(event.target.value as ReportGranularity)}
        >
          <option value="TOTAL">{t('console.reportingPage.granularityValue.TOTAL')}</option>
          <option value="DAY">{t('console.reportingPage.granularityValue.DAY')}</option>
        </select>
        <Link to={advertiserUrl('reportingPreferences', context.id)}>
          {t('console.reportingPage.chooseColumns')}
        </Link>
        <a
          className="button button--secondary"
          href={reportExportUrl(context.id, filter)}
          download
          aria-describedby={`${headingId}-download-hint`}
        >
          {t('console.reportingPage.download')}
        </a>
        <span id={`${headingId}-download-hint`} className="business-page__intro">
          {t('console.reportingPage.downloadHint')}
        </span>
      </div>
      {report.isPending ? <LoadingState /> : null}
      {report.isError ? (
        <p className="business-alert" role="alert">
          {serverMessage(report.error) ?? t('console.genericError')}
        </p>
      ) : null}
      {report.isSuccess && rows.length === 0 ? <p>{t('console.reportingPage.empty')}</p> : null}
      {rows.length > 0 ? (
        <div
          className="data-table-wrap"
          tabIndex={0}
          role="region"
          aria-label={t(`console.reportingPage.levels.${level}`)}
        >
          <table className="data-table">
            <caption className="visually-hidden">
              {t(`console.reportingPage.levels.${level}`)}
            </caption>
            <thead>
              <tr>
                {byDay ? <th scope="col">{t('console.day')}</th> : null}
                <th scope="col">{t('console.name')}</th>
                {level === 'campaigns' ? null : (
                  <th scope="col">{t('console.reportingPage.campaign')}</th>
                )}
                {level === 'ads' ? <th scope="col">{t('console.reportingPage.adGroup')}</th> : null}
                <th scope="col">{t('console.status')}</th>
                {columns.map((column) => (
                  <th scope="col" key={column}>
                    {t(`console.metrics.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ReportTableRow
                  key={`${row.id}:${row.day ?? ''}`}
                  row={row}
                  level={level}
                  byDay={byDay}
                  columns={columns}
                  advertiserId={context.id}
                  formatOf={formatOf}
                  dayFormat={dayFormat}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={report.isFetchingNextPage}
          onClick={() => void report.fetchNextPage()}
        >
          {t('console.loadMore')}
        </button>
      ) : null}
    </div>
  );
}

function ReportTableRow({
  row,
  level,
  byDay,
  columns,
  advertiserId,
  formatOf,
  dayFormat,
}: {
  row: ReportRow;
  level: ReportLevel;
  byDay: boolean;
  columns: readonly ReportColumn[];
  advertiserId: string;
  formatOf: ReturnType<typeof useColumnFormat>;
  dayFormat: (day: string) => string;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const insights = consolePath(advertiserId, row.campaign.id);
  return (
    <tr>
      {byDay ? <td>{row.day === null ? '' : dayFormat(row.day)}</td> : null}
      <th scope="row">
        {level === 'campaigns' ? <Link to={insights}>{row.name}</Link> : row.name}
      </th>
      {level === 'campaigns' ? null : (
        <td>
          <Link to={insights}>{row.campaign.name}</Link>
        </td>
      )}
      {level === 'ads' ? <td>{row.ad_group?.name ?? ''}</td> : null}
      <td>{t(`console.statusValue.${row.status}`)}</td>
      {columns.map((column) => (
        <td key={column}>{formatOf(column)(columnValue(row, column))}</td>
      ))}
    </tr>
  );
}

/** /reporting/preferences/: which columns this person's reports show and download. */
export function ReportPreferencesPage({ context }: { context: AdvertiserContext }) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const preferences = useReportPreferences(context.id);
  if (preferences.isPending) return <LoadingState />;
  if (!preferences.data) {
    return (
      <p className="business-alert" role="alert">
        {serverMessage(preferences.error) ?? t('console.genericError')}
      </p>
    );
  }
  return <PreferencesForm context={context} initial={preferences.data.columns} />;
}

function PreferencesForm({
  context,
  initial,
}: {
  context: AdvertiserContext;
  initial: readonly ReportColumn[];
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const save = useSaveReportPreferences(context.id);
  const [chosen, setChosen] = useState<ReadonlySet<ReportColumn>>(new Set(initial));
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    save.mutate(
      REPORT_COLUMNS.filter((column) => chosen.has(column)),
      {
        onSuccess: () => setMessage({ error: false, text: t('console.preferencesPage.saved') }),
        onError: (failure) =>
          setMessage({ error: true, text: serverMessage(failure) ?? t('console.genericError') }),
      },
    );
  };
  return (
    <section aria-labelledby="console-preferences" className="console-section">
      <h1 id="console-preferences" className="heading heading--md">
        {t('console.preferencesPage.title')}
      </h1>
      <p className="business-page__intro">{t('console.preferencesPage.intro')}</p>
      <form onSubmit={submit}>
        <fieldset className="console-columns">
          <legend>{t('console.preferencesPage.legend')}</legend>
          {REPORT_COLUMNS.map((column) => (
            <label key={column}>
              <input
                type="checkbox"
                name="columns"
                value={column}
                checked={chosen.has(column)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(column);
                  else next.delete(column);
                  setChosen(next);
                }}
              />{' '}
              {t(`console.metrics.${column}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('console.preferencesPage.save')}
        </button>
      </form>
      <p role="status">{message && !message.error ? message.text : ''}</p>
      {message?.error ? (
        <p className="business-alert" role="alert">
          {message.text}
        </p>
      ) : null}
      <Link to={advertiserUrl('reportingCampaigns', context.id)}>
        {t('console.preferencesPage.backToReports')}
      </Link>
    </section>
  );
}
