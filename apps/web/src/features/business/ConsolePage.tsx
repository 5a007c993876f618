// The advertiser console /advertiser/{advertiserId}/… (business.md §2.1; docs/decisions/102,
// 151–153). Routes come from the shared URL table (matchAdvertiserPath). Built: the Overview
// (figures for a date range, a chart, the campaigns with pause/resume), Reporting (campaigns, ad
// groups, ads; columns; CSV), History, /campaign-insights/{campaignId}/, and the Ads pages
// (ads/AdsPages.tsx: campaign mode, create, edit, edit_draft, duplicate; ADR 176–178). Every
// other path of §2.1 shows the console's 'Not available yet' screen (listed in
// docs/advertiser-console.md); a path outside §2.1 is 'no such page'. The shell follows the narrow / medium / wide layouts (<870,
// 870–1275, >1275) with the 80 / 56 header. The server checks every read and write; the page
// only hides the buttons a viewer's permissions would have refused.
import '../../ui/data-table.css';
import './business.css';
import {
  advertiserUrl,
  matchAdvertiserPath,
  type AdvertiserPathKey,
} from '@corkboard/shared/business/advertiser-urls';
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import type { CampaignItem } from '@corkboard/shared/business/campaigns';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { flattenPages } from '../../api/lists.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { BUSINESS_NAMESPACE, ensureBusinessCatalogue } from '../../i18n/businessCatalogue.ts';
import { LoadingState, NotFoundState } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useLayoutWidth } from '../../ui/useLayoutWidth.ts';
import { BillingPage } from '../billing/BillingPages.tsx';
import { ConsoleHistory } from './ConsoleHistory.tsx';
import { CampaignInsightsFigures, ConsoleOverview } from './ConsoleOverview.tsx';
import { ReportingPage, ReportPreferencesPage, ReportTable } from './ConsoleReporting.tsx';
import { useMoney, useRate } from './consoleFormat.ts';
import { useAdvertiser, useCampaign, useCampaigns, useSetCampaignStatus } from './hooks.ts';
import { consolePath } from './paths.ts';
import { AudienceExclusions } from './AudienceExclusions.tsx';

// The Ads pages (the campaign editor, ADR 178) are their own chunk, fetched from the console
// when one is opened: readers of reports never download the form.
const AdsPage = lazy(() =>
  import('./ads/AdsPages.tsx').then((module) => ({ default: module.AdsPage })),
);

export function ConsolePage() {
  const { i18n } = useTranslation();
  ensureBusinessCatalogue(i18n);
  const { advertiserId = '', '*': rest = '' } = useParams();
  return <Console key={advertiserId} advertiserId={advertiserId} rest={`/${rest}`} />;
}

/** The console pages this branch builds (docs/decisions/151); every other §2.1 key is listed in
 * NOT_AVAILABLE_YET_KEYS and shows 'Not available yet'. */
export const BUILT_CONSOLE_KEYS = [
  'overview',
  'reportingCampaigns',
  'reportingAdGroups',
  'reportingAds',
  'reportingPreferences',
  'history',
  'campaignInsights',
  // The Ads pages (docs/decisions/176–178).
  'adsCreate',
  'adsEdit',
  'adsEditDraft',
  'adsDuplicate',
  'adsCampaignMode',
  'billing',
  'billingHistory',
  'billingOrderLines',
  'billingDocuments',
] as const satisfies readonly AdvertiserPathKey[];

function NotAvailableYet() {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  return (
    <section aria-labelledby="console-not-available" className="console-section">
      <h1 id="console-not-available" className="heading heading--md">
        {t('console.notAvailableTitle')}
      </h1>
      <p>{t('console.notAvailableBody')}</p>
    </section>
  );
}

function Console({ advertiserId, rest }: { advertiserId: string; rest: string }) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const context = useAdvertiser(advertiserId);
  const match = matchAdvertiserPath(rest);
  const layout = useLayoutWidth();
  useDocumentTitle(context.data ? `${t('console.navLabel')} · ${context.data.name}` : undefined);

  if (context.isPending) return <LoadingState />;
  if (!context.data) {
    return (
      <div className="business-page">
        <p className="business-alert" role="alert">
          {serverMessage(context.error) ?? t('console.genericError')}
        </p>
      </div>
    );
  }
  const data = context.data;
  let body = <NotFoundState title={t('console.noSuchPage')} level={2} />;
  switch (match?.key) {
    case undefined:
      break;
    case 'overview':
      body = (
        <>
          <ConsoleOverview context={data} />
          <Campaigns context={data} />
        </>
      );
      break;
    case 'reportingCampaigns':
      body = <ReportingPage context={data} level="campaigns" />;
      break;
    case 'reportingAdGroups':
      body = <ReportingPage context={data} level="adgroups" />;
      break;
    case 'reportingAds':
      body = <ReportingPage context={data} level="ads" />;
      break;
    case 'reportingPreferences':
      body = <ReportPreferencesPage context={data} />;
      break;
    case 'history':
      body = <ConsoleHistory context={data} />;
      break;
    case 'adsCreate':
    case 'adsEdit':
    case 'adsEditDraft':
    case 'adsDuplicate':
    case 'adsCampaignMode':
      body = (
        <Suspense fallback={<LoadingState />}>
          <AdsPage context={data} page={match.key} />
        </Suspense>
      );
      break;
    // Billing (docs/decisions/171): the server answers view_billing / manage_billing.
    case 'billing':
      body = <BillingPage context={data} page="settings" />;
      break;
    case 'billingHistory':
      body = <BillingPage context={data} page="history" />;
      break;
    case 'billingOrderLines':
      body = <BillingPage context={data} page="orderLines" />;
      break;
    case 'billingDocuments':
      body = <BillingPage context={data} page="documents" />;
      break;
    case 'campaignInsights':
      if (match.params.campaignId !== undefined)
        body = <CampaignView context={data} campaignId={match.params.campaignId} />;
      break;
    default:
      // A §2.1 path this console does not build yet (docs/advertiser-console.md).
      body = <NotAvailableYet />;
  }

  return (
    <div className="console" data-console-layout={layout}>
      <header className="console__header">
        <p className="console__title">{t('console.navLabel')}</p>
        <p className="business-page__intro">
          {t('console.actingFor', { name: context.data.profile.business_name })}
        </p>
      </header>
      <div className="console__main">
        <nav aria-label={t('console.navLabel')} className="console__sidebar">
          <ul className="console__nav">
            <li>
              <NavLink end to={advertiserUrl('overview', advertiserId)}>
                {t('console.overview')}
              </NavLink>
            </li>
            <li>
              {/* Every reporting level and the columns page are "Reporting". */}
              <Link
                to={advertiserUrl('reportingCampaigns', advertiserId)}
                aria-current={match?.key.startsWith('reporting') ? 'page' : undefined}
              >
                {t('console.reporting')}
              </Link>
            </li>
            <li>
              <NavLink to={advertiserUrl('history', advertiserId)}>{t('console.history')}</NavLink>
            </li>
            {data.capabilities.includes('manage_campaigns') ? (
              <li>
                {/* Every Ads page (create, edit, drafts, copies) sits under campaign mode. */}
                <Link
                  to={advertiserUrl('adsCampaignMode', advertiserId)}
                  aria-current={match?.key.startsWith('ads') ? 'page' : undefined}
                >
                  {t('console.ads')}
                </Link>
              </li>
            ) : null}
            {data.capabilities.includes('view_billing') ? (
              <li>
                <Link
                  to={advertiserUrl('billing', advertiserId)}
                  aria-current={match?.key.startsWith('billing') ? 'page' : undefined}
                >
                  {t('console.billing')}
                </Link>
              </li>
            ) : null}
            <li>
              <NavLink to={advertiserUrl('quickPromote', advertiserId)}>
                {t('console.quickPromote')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="console__body">{body}</div>
      </div>
    </div>
  );
}

function Campaigns({ context }: { context: AdvertiserContext }) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const campaigns = useCampaigns(context.id);
  const money = useMoney(context.currency);
  const canManage = context.capabilities.includes('manage_campaigns');
  const items = flattenPages(campaigns.data);
  return (
    <section aria-labelledby="console-campaigns">
      <h2 id="console-campaigns" className="heading heading--md">
        {t('console.campaignsTitle')}
      </h2>
      {canManage ? null : <p className="business-page__intro">{t('console.readOnly')}</p>}
      {campaigns.isPending ? <LoadingState /> : null}
      {campaigns.isSuccess && items.length === 0 ? (
        <p>
          {t('console.noCampaigns')} {t('console.promotePrompt')}
        </p>
      ) : null}
      {items.length > 0 ? (
        <div className="data-table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{t('console.campaignsTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.name')}</th>
                <th scope="col">{t('console.status')}</th>
                <th scope="col">{t('console.review')}</th>
                <th scope="col">{t('console.budget')}</th>
                <th scope="col">{t('console.spend')}</th>
                <th scope="col">{t('console.impressions')}</th>
                <th scope="col">{t('console.clicks')}</th>
                <th scope="col">{t('console.ctr')}</th>
                {canManage ? (
                  <th scope="col">
                    <span className="visually-hidden">{t('console.status')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {items.map((campaign) => (
                <CampaignRow
                  key={campaign.id}
                  campaign={campaign}
                  advertiserId={context.id}
                  money={money}
                  canManage={canManage}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {campaigns.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={campaigns.isFetchingNextPage}
          onClick={() => void campaigns.fetchNextPage()}
        >
          {t('console.loadMore')}
        </button>
      ) : null}
    </section>
  );
}

function reviewLabel(
  campaign: CampaignItem,
  t: (key: 'review.PENDING' | 'review.APPROVED' | 'review.REJECTED') => string,
): string {
  const parts: string[] = [];
  if (campaign.review_summary.pending > 0) parts.push(t('review.PENDING'));
  if (campaign.review_summary.approved > 0) parts.push(t('review.APPROVED'));
  if (campaign.review_summary.rejected > 0) parts.push(t('review.REJECTED'));
  return parts.join(', ');
}

function StatusToggle({
  advertiserId,
  campaign,
}: {
  advertiserId: string;
  campaign: Pick<CampaignItem, 'id' | 'name' | 'status'>;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const setStatus = useSetCampaignStatus(advertiserId);
  const [error, setError] = useState<string | null>(null);
  if (campaign.status === 'ARCHIVED') return null;
  const pausing = campaign.status === 'ACTIVE';
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-label={t(pausing ? 'console.pauseLabel' : 'console.resumeLabel', {
          name: campaign.name,
        })}
        disabled={setStatus.isPending}
        onClick={() => {
          setError(null);
          setStatus.mutate(
            { campaignId: campaign.id, status: pausing ? 'PAUSED' : 'ACTIVE' },
            { onError: (failure) => setError(serverMessage(failure) ?? t('console.genericError')) },
          );
        }}
      >
        {t(pausing ? 'console.pause' : 'console.resume')}
      </button>
      {error ? (
        <span className="business-alert" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}

function CampaignRow({
  campaign,
  advertiserId,
  money,
  canManage,
}: {
  campaign: CampaignItem;
  advertiserId: string;
  money: (micro: number) => string;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation(BUSINESS_NAMESPACE);
  const count = new Intl.NumberFormat(i18n.language);
  const rate = useRate();
  return (
    <tr>
      <th scope="row">
        <Link to={consolePath(advertiserId, campaign.id)}>{campaign.name}</Link>
      </th>
      <td>{t(`console.statusValue.${campaign.status}`)}</td>
      <td>{reviewLabel(campaign, t)}</td>
      <td>{money(campaign.budget_in_micro_currency)}</td>
      <td>{money(campaign.spend_in_micro_currency)}</td>
      <td>{count.format(campaign.impressions)}</td>
      <td>{count.format(campaign.clicks)}</td>
      <td>{rate(campaign.ctr)}</td>
      {canManage ? (
        <td>
          <StatusToggle advertiserId={advertiserId} campaign={campaign} />
        </td>
      ) : null}
    </tr>
  );
}

function CampaignView({ context, campaignId }: { context: AdvertiserContext; campaignId: string }) {
  const { t, i18n } = useTranslation(BUSINESS_NAMESPACE);
  const campaign = useCampaign(context.id, campaignId);
  const money = useMoney(context.currency);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const count = new Intl.NumberFormat(i18n.language);
  const rate = useRate();
  if (campaign.isPending) return <LoadingState />;
  if (!campaign.data) {
    return (
      <p className="business-alert" role="alert">
        {serverMessage(campaign.error) ?? t('console.genericError')}
      </p>
    );
  }
  const data = campaign.data;
  return (
    <section aria-labelledby="console-campaign">
      <Link to={consolePath(context.id)}>{t('console.back')}</Link>
      <h1 id="console-campaign" className="heading heading--md">
        {data.name}
      </h1>
      <dl className="console__facts">
        <dt>{t('console.status')}</dt>
        <dd>{t(`console.statusValue.${data.status}`)}</dd>
        <dt>{t('console.budget')}</dt>
        <dd>{money(data.budget_in_micro_currency)}</dd>
        <dt>{t('console.spend')}</dt>
        <dd>{money(data.spend_in_micro_currency)}</dd>
        <dt>{t('console.impressions')}</dt>
        <dd>{count.format(data.impressions)}</dd>
        <dt>{t('console.clicks')}</dt>
        <dd>{count.format(data.clicks)}</dd>
        <dt>{t('console.ctr')}</dt>
        <dd>{rate(data.ctr)}</dd>
      </dl>
      {context.capabilities.includes('manage_campaigns') ? (
        <>
          <StatusToggle advertiserId={context.id} campaign={data} />
          {data.status === 'ARCHIVED' ? null : (
            <Link
              className="button button--secondary"
              to={advertiserUrl('adsEdit', context.id, {}, { campaign_id: data.id })}
            >
              {t('console.editCampaign')}
            </Link>
          )}
          <Link
            className="button button--secondary"
            to={advertiserUrl('adsDuplicate', context.id, {}, { campaign_id: data.id })}
          >
            {t('console.copyCampaign')}
          </Link>
        </>
      ) : null}
      <section aria-labelledby="console-insights">
        <h2 id="console-insights" className="business-subheading">
          {t('console.byDay')}
        </h2>
        <CampaignInsightsFigures context={context} campaignId={data.id} />
        <h3 className="business-subheading">{t('console.reportingPage.levels.ads')}</h3>
        <ReportTable
          context={context}
          level="ads"
          campaignId={data.id}
          headingId="console-insights"
        />
      </section>
      <h2 className="business-subheading">{t('console.adsHeading')}</h2>
      <ul className="business-list">
        {data.ads.map((ad) => (
          <li key={ad.id} className="business-list__row">
            <span className="business-list__who">
              <span>{ad.pin_title || ad.name}</span>
              <span className="business-list__meta">
                {t(`review.${ad.review_status}`)}
                {ad.rejection_reasons.length > 0
                  ? ` · ${ad.rejection_reasons.map((r) => t(`reasons.${r}`)).join(', ')}`
                  : ''}
              </span>
              <span className="business-list__meta">
                {ad.end_time === null
                  ? t('console.scheduleOngoing', { start: date.format(new Date(ad.start_time)) })
                  : t('console.schedule', {
                      start: date.format(new Date(ad.start_time)),
                      end: date.format(new Date(ad.end_time)),
                    })}
              </span>
              <span className="business-list__meta">{ad.destination_url}</span>
            </span>
            <AudienceExclusions context={context} ads={data.ads} ad={ad} />
          </li>
        ))}
      </ul>
    </section>
  );
}
