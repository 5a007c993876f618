// The advertiser console /advertiser/{advertiserId}/… (business.md §2.1; docs/decisions/102).
// Routes come from the shared URL table (matchAdvertiserPath): the overview lists campaigns
// with status, review, budget, spend, impressions, clicks and CTR (paginated) and pauses or
// resumes them; /campaign-insights/{campaignId}/ shows one campaign, its figures by day (a date
// range, paged; docs/decisions/104) and its ads. Every other path of
// §2.1 shows the console's 'Not available yet' screen. The server checks every read and write;
// the page only hides the buttons a viewer's permissions would have refused.
import './business.css';
import { advertiserUrl, matchAdvertiserPath } from '@corkboard/shared/business/advertiser-urls';
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import type { CampaignItem } from '@corkboard/shared/business/campaigns';
import { fromMicroCurrency } from '@corkboard/shared/business/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { flattenPages } from '../../api/lists.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { BUSINESS_NAMESPACE, ensureBusinessCatalogue } from '../../i18n/businessCatalogue.ts';
import { LoadingState, NotFoundState } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import {
  useAdvertiser,
  useCampaign,
  useCampaignDays,
  useCampaigns,
  useSetCampaignStatus,
} from './hooks.ts';
import { consolePath } from './paths.ts';

export function ConsolePage() {
  const { i18n } = useTranslation();
  ensureBusinessCatalogue(i18n);
  const { advertiserId = '', '*': rest = '' } = useParams();
  return <Console key={advertiserId} advertiserId={advertiserId} rest={`/${rest}`} />;
}

function useMoney(currency: string) {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
  return (micro: number) => format.format(fromMicroCurrency(micro));
}

/** CTR as a percentage with up to two decimals; a dash before the first impression. */
function useRate() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 2,
  });
  return (ctr: number | null) => (ctr === null ? '–' : format.format(ctr));
}

function Console({ advertiserId, rest }: { advertiserId: string; rest: string }) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const context = useAdvertiser(advertiserId);
  const match = matchAdvertiserPath(rest);
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
  // Paths of Ads Manager this console does not have yet (business.md §2.1) answer like an unknown
  // path: no page promises what is not built.
  let body = <NotFoundState title={t('console.noSuchPage')} level={2} />;
  if (match?.key === 'overview') body = <Campaigns context={context.data} />;
  else if (match?.key === 'campaignInsights' && match.params.campaignId !== undefined)
    body = <CampaignView context={context.data} campaignId={match.params.campaignId} />;

  return (
    <div className="console">
      <header className="console__header">
        <p className="console__title">{t('console.navLabel')}</p>
        <p className="business-page__intro">
          {t('console.actingFor', { name: context.data.profile.business_name })}
        </p>
        <nav aria-label={t('console.navLabel')}>
          <ul className="console__nav">
            <li>
              <NavLink end to={advertiserUrl('overview', advertiserId)}>
                {t('console.overview')}
              </NavLink>
            </li>
            <li>
              <NavLink to={advertiserUrl('quickPromote', advertiserId)}>
                {t('console.quickPromote')}
              </NavLink>
            </li>
          </ul>
        </nav>
      </header>
      <div className="console__body">{body}</div>
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
      <h1 id="console-campaigns" className="heading heading--md">
        {t('console.campaignsTitle')}
      </h1>
      {canManage ? null : <p className="business-page__intro">{t('console.readOnly')}</p>}
      {campaigns.isPending ? <LoadingState /> : null}
      {campaigns.isSuccess && items.length === 0 ? (
        <p>
          {t('console.noCampaigns')} {t('console.promotePrompt')}
        </p>
      ) : null}
      {items.length > 0 ? (
        <div className="console__table-wrap">
          <table className="console__table">
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
        <StatusToggle advertiserId={context.id} campaign={data} />
      ) : null}
      <CampaignDays context={context} campaignId={data.id} />
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
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The campaign's figures per day for a date range (default: the server's last 30 days). */
function CampaignDays({ context, campaignId }: { context: AdvertiserContext; campaignId: string }) {
  const { t, i18n } = useTranslation(BUSINESS_NAMESPACE);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const days = useCampaignDays(context.id, campaignId, from, to);
  const money = useMoney(context.currency);
  const rate = useRate();
  const count = new Intl.NumberFormat(i18n.language);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const rows = days.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="console-days">
      <h2 id="console-days" className="business-subheading">
        {t('console.byDay')}
      </h2>
      <div className="console__range">
        <label>
          {t('console.from')}{' '}
          <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          {t('console.to')}{' '}
          <input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      {days.isPending ? <LoadingState /> : null}
      {days.isError ? (
        <p className="business-alert" role="alert">
          {serverMessage(days.error) ?? t('console.genericError')}
        </p>
      ) : null}
      {days.isSuccess && rows.length === 0 ? <p>{t('console.noDays')}</p> : null}
      {rows.length > 0 ? (
        <div className="console__table-wrap">
          <table className="console__table">
            <thead>
              <tr>
                <th scope="col">{t('console.day')}</th>
                <th scope="col">{t('console.spend')}</th>
                <th scope="col">{t('console.impressions')}</th>
                <th scope="col">{t('console.clicks')}</th>
                <th scope="col">{t('console.ctr')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.day}>
                  <th scope="row">{date.format(new Date(`${row.day}T00:00:00Z`))}</th>
                  <td>{money(row.spend_in_micro_currency)}</td>
                  <td>{count.format(row.impressions)}</td>
                  <td>{count.format(row.clicks)}</td>
                  <td>{rate(row.ctr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {days.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={days.isFetchingNextPage}
          onClick={() => void days.fetchNextPage()}
        >
          {t('console.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
