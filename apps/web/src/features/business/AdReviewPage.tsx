// /admin/ad-review/: the operators' queue of ads waiting for review (docs/decisions/103), oldest
// first, each with its pin, business and link; approve, or reject with a reason. The server
// keeps the rules (operators only, one decision per ad) and its message is shown as it comes.
import './business.css';
import {
  OPERATOR_REJECTION_REASONS,
  type AdReviewItem,
  type RejectionReason,
} from '@corkboard/shared/business/campaigns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { flattenPages } from '../../api/lists.ts';
import { ADMIN_NAMESPACE } from '../../i18n/adminCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { useAdReviewQueue, useDecideAd } from './hooks.ts';
import { SelectField } from './SelectField.tsx';

export function AdReviewPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const queue = useAdReviewQueue();
  const decide = useDecideAd();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const items = flattenPages(queue.data);

  const run = (ad: AdReviewItem, approve: boolean, reason: RejectionReason) => {
    setStatus('');
    setError(null);
    decide.mutate(
      { adId: ad.id, status: approve ? 'APPROVED' : 'REJECTED', reasons: approve ? [] : [reason] },
      {
        onSuccess: () =>
          setStatus(t(approve ? 'adReview.approved' : 'adReview.rejected', { name: ad.name })),
        onError: (failure) => setError(serverMessage(failure) ?? ''),
      },
    );
  };

  return (
    <section aria-labelledby="admin-ad-review-heading">
      <h1 id="admin-ad-review-heading" className="heading heading--md">
        {t('adReview.heading')}
      </h1>
      <p className="admin__intro">{t('adReview.intro')}</p>
      {error ? (
        <p className="business-alert" role="alert">
          {error}
        </p>
      ) : null}
      <p role="status" className="admin__status">
        {status}
      </p>
      {queue.isPending ? <LoadingState /> : null}
      {queue.isError ? <ErrorState onRetry={() => queue.refetch()} /> : null}
      {queue.isSuccess && items.length === 0 ? <p>{t('adReview.empty')}</p> : null}
      <ul className="business-list">
        {items.map((ad) => (
          <ReviewRow key={ad.id} ad={ad} busy={decide.isPending} onDecide={run} />
        ))}
      </ul>
      {queue.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={queue.isFetchingNextPage}
          onClick={() => void queue.fetchNextPage()}
        >
          {t('adReview.loadMore')}
        </button>
      ) : null}
    </section>
  );
}

function ReviewRow({
  ad,
  busy,
  onDecide,
}: {
  ad: AdReviewItem;
  busy: boolean;
  onDecide: (ad: AdReviewItem, approve: boolean, reason: RejectionReason) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [reason, setReason] = useState<RejectionReason>('MISLEADING');
  return (
    <li className="business-list__row">
      <img className="ad-review__image" src={ad.pin.image_url} alt="" width={72} />
      <span className="business-list__who">
        <span>{ad.name}</span>
        <span className="business-list__meta">
          {t('adReview.business', { name: ad.business_name })}
        </span>
        <span className="business-list__meta">
          {t('adReview.destination', { url: ad.destination_url })}
        </span>
      </span>
      <button
        type="button"
        className="button button--primary"
        aria-label={t('adReview.approveLabel', { name: ad.name })}
        disabled={busy}
        onClick={() => onDecide(ad, true, reason)}
      >
        {t('adReview.approve')}
      </button>
      <SelectField
        id={`ad-review-reason-${ad.id}`}
        label={t('adReview.reason', { name: ad.name })}
        value={reason}
        options={OPERATOR_REJECTION_REASONS.map((value) => ({
          value,
          label: t(`adReview.reasons.${value as 'OTHER'}`),
        }))}
        onChange={(value) => setReason(value as RejectionReason)}
      />
      <button
        type="button"
        className="button button--secondary"
        aria-label={t('adReview.rejectLabel', { name: ad.name })}
        disabled={busy}
        onClick={() => onDecide(ad, false, reason)}
      >
        {t('adReview.reject')}
      </button>
    </li>
  );
}
