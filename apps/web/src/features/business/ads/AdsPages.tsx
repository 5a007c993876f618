// The console's Ads pages (business.md §2.1: /ads/create/, /ads/edit/?campaign_id=,
// /ads/edit_draft/?draft_id=, /ads/duplicate/?campaign_id=, /ads/campaign_mode/; docs/decisions/
// 176–178). campaign_mode is where a campaign starts: a new one, a draft to continue, or a copy
// of an existing campaign. Writers only see the buttons; the server checks every request.
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import { advertiserUrl } from '@corkboard/shared/business/advertiser-urls';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { flattenPages } from '../../../api/lists.ts';
import { serverMessage } from '../../../api/errorMessages.ts';
import {
  ADS_EDITOR_NAMESPACE,
  ensureAdsEditorCatalogue,
} from '../../../i18n/adsEditorCatalogue.ts';
import { LoadingState } from '../../../ui/PageStates.tsx';
import { useCampaigns } from '../hooks.ts';
import { CampaignEditor } from './CampaignEditor.tsx';
import { defaultFormValues, fromDraftPayload, fromEditable } from './formValues.ts';
import {
  useDeleteDraft,
  useDraft,
  useDrafts,
  useDuplicateCampaign,
  useEditableCampaign,
} from './hooks.ts';

export type AdsPageKey =
  'adsCreate' | 'adsEdit' | 'adsEditDraft' | 'adsDuplicate' | 'adsCampaignMode';

function canWrite(context: AdvertiserContext): boolean {
  return context.capabilities.includes('manage_campaigns');
}

function Alert({ children }: { children: string }) {
  return (
    <p className="business-alert" role="alert">
      {children}
    </p>
  );
}

/** One of the Ads pages, by its §2.1 key. */
export function AdsPage({ context, page }: { context: AdvertiserContext; page: AdsPageKey }) {
  const { i18n } = useTranslation();
  ensureAdsEditorCatalogue(i18n);
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const titles: Record<AdsPageKey, string> = {
    adsCreate: t('createTitle'),
    adsEdit: t('editTitle'),
    adsEditDraft: t('draftTitle'),
    adsDuplicate: t('duplicateTitle'),
    adsCampaignMode: t('modeTitle'),
  };
  let body;
  switch (page) {
    case 'adsCreate':
      body = canWrite(context) ? (
        <CampaignEditor
          context={context}
          mode={{ kind: 'create' }}
          initial={defaultFormValues(context.country, new Date())}
          readOnly={false}
        />
      ) : (
        <p className="business-page__intro">{t('readOnly')}</p>
      );
      break;
    case 'adsEdit':
      body = <EditCampaign context={context} campaignId={query.get('campaign_id') ?? ''} />;
      break;
    case 'adsEditDraft':
      body = <EditDraft context={context} draftId={query.get('draft_id') ?? ''} />;
      break;
    case 'adsDuplicate':
      body = <Duplicate context={context} campaignId={query.get('campaign_id') ?? ''} />;
      break;
    case 'adsCampaignMode':
      body = <CampaignMode context={context} />;
      break;
  }
  return (
    <section aria-labelledby="ads-page-title" className="console-section">
      <h1 id="ads-page-title" className="heading heading--md">
        {titles[page]}
      </h1>
      {body}
    </section>
  );
}

function EditCampaign({ context, campaignId }: { context: AdvertiserContext; campaignId: string }) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const campaign = useEditableCampaign(context.id, campaignId);
  if (!/^\d+$/.test(campaignId)) return <Alert>{t('notFound')}</Alert>;
  if (campaign.isPending) return <LoadingState />;
  if (!campaign.data) return <Alert>{serverMessage(campaign.error) ?? t('genericError')}</Alert>;
  return (
    <CampaignEditor
      key={campaign.data.id}
      context={context}
      mode={{ kind: 'edit', campaignId: campaign.data.id }}
      initial={fromEditable(campaign.data)}
      readOnly={!canWrite(context) || campaign.data.status === 'ARCHIVED'}
    />
  );
}

function EditDraft({ context, draftId }: { context: AdvertiserContext; draftId: string }) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const location = useLocation();
  const draft = useDraft(context.id, canWrite(context) ? draftId : '');
  if (!canWrite(context)) return <p className="business-page__intro">{t('readOnly')}</p>;
  if (!/^\d+$/.test(draftId)) return <Alert>{t('notFound')}</Alert>;
  if (draft.isPending) return <LoadingState />;
  if (!draft.data) return <Alert>{serverMessage(draft.error) ?? t('genericError')}</Alert>;
  const state = location.state as { notice?: unknown } | null;
  return (
    <>
      {draft.data.source_campaign_id ? (
        <p className="business-page__intro">{t('duplicateIntro', { name: draft.data.name })}</p>
      ) : null}
      <CampaignEditor
        key={draft.data.id}
        context={context}
        mode={{ kind: 'draft', draftId: draft.data.id }}
        initial={fromDraftPayload(draft.data.payload, context.country, new Date())}
        readOnly={false}
        initialNotice={typeof state?.notice === 'string' ? state.notice : null}
      />
    </>
  );
}

/** 'Copy {{name}}': a copy of the campaign becomes a draft, opened to finish and publish. */
function CopyButton({
  context,
  campaign,
}: {
  context: AdvertiserContext;
  campaign: { id: string; name: string };
}) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const navigate = useNavigate();
  const duplicate = useDuplicateCampaign(context.id);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={duplicate.isPending}
        onClick={() => {
          setError(null);
          duplicate.mutate(campaign.id, {
            onSuccess: (draft) =>
              void navigate(advertiserUrl('adsEditDraft', context.id, {}, { draft_id: draft.id })),
            onError: (failure) => setError(serverMessage(failure) ?? t('genericError')),
          });
        }}
      >
        {t('duplicate', { name: campaign.name })}
      </button>
      {error ? <Alert>{error}</Alert> : null}
    </>
  );
}

function Duplicate({ context, campaignId }: { context: AdvertiserContext; campaignId: string }) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const campaign = useEditableCampaign(context.id, campaignId);
  if (!canWrite(context)) return <p className="business-page__intro">{t('readOnly')}</p>;
  if (!/^\d+$/.test(campaignId)) {
    return (
      <p>
        <Link to={advertiserUrl('adsCampaignMode', context.id)}>{t('chooseCampaign')}</Link>
      </p>
    );
  }
  if (campaign.isPending) return <LoadingState />;
  if (!campaign.data) return <Alert>{serverMessage(campaign.error) ?? t('genericError')}</Alert>;
  return (
    <>
      <p className="business-page__intro">{t('copyIntro')}</p>
      <CopyButton context={context} campaign={campaign.data} />
    </>
  );
}

function CampaignMode({ context }: { context: AdvertiserContext }) {
  const { t, i18n } = useTranslation(ADS_EDITOR_NAMESPACE);
  const writer = canWrite(context);
  const drafts = useDrafts(context.id, writer);
  const campaigns = useCampaigns(context.id);
  const remove = useDeleteDraft(context.id);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (!writer) return <p className="business-page__intro">{t('readOnly')}</p>;
  const draftItems = flattenPages(drafts.data);
  const campaignItems = flattenPages(campaigns.data).filter((item) => item.status !== 'ARCHIVED');
  return (
    <>
      <p className="business-page__intro">{t('modeIntro')}</p>
      <div className="ads-mode__choices">
        <div>
          <Link className="button button--primary" to={advertiserUrl('adsCreate', context.id)}>
            {t('modeNew')}
          </Link>
          <p className="field__helper">{t('modeNewHelp')}</p>
        </div>
        <div>
          <Link className="button button--secondary" to={advertiserUrl('quickPromote', context.id)}>
            {t('modeQuick')}
          </Link>
          <p className="field__helper">{t('modeQuickHelp')}</p>
        </div>
      </div>
      <section aria-labelledby="ads-drafts-title">
        <h2 id="ads-drafts-title" className="business-subheading">
          {t('draftsTitle')}
        </h2>
        {drafts.isPending ? <LoadingState /> : null}
        {drafts.isSuccess && draftItems.length === 0 ? <p>{t('noDrafts')}</p> : null}
        <ul className="business-list">
          {draftItems.map((draft) => {
            const name = draft.name || t('untitled');
            return (
              <li key={draft.id} className="business-list__row">
                <span className="business-list__who">
                  <Link to={advertiserUrl('adsEditDraft', context.id, {}, { draft_id: draft.id })}>
                    {t('resume', { name })}
                  </Link>
                  <span className="business-list__meta">
                    {t('savedAt', { when: date.format(new Date(draft.updated_at)) })}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(draft.id)}
                >
                  {t('deleteDraft', { name })}
                </button>
              </li>
            );
          })}
        </ul>
        {drafts.hasNextPage ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void drafts.fetchNextPage()}
          >
            {t('loadMore')}
          </button>
        ) : null}
      </section>
      <section aria-labelledby="ads-copy-title">
        <h2 id="ads-copy-title" className="business-subheading">
          {t('copyTitle')}
        </h2>
        <p className="field__helper">{t('copyIntro')}</p>
        {campaigns.isSuccess && campaignItems.length === 0 ? <p>{t('noCampaigns')}</p> : null}
        <ul className="business-list">
          {campaignItems.map((campaign) => (
            <li key={campaign.id} className="business-list__row">
              <span className="business-list__who">
                <Link to={advertiserUrl('adsEdit', context.id, {}, { campaign_id: campaign.id })}>
                  {t('edit', { name: campaign.name })}
                </Link>
              </span>
              <CopyButton context={context} campaign={campaign} />
            </li>
          ))}
        </ul>
        {campaigns.hasNextPage ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void campaigns.fetchNextPage()}
          >
            {t('loadMore')}
          </button>
        ) : null}
      </section>
    </>
  );
}
