// Quick promote's billing form step (business.md §2.3, §4.1: "with only business info, go to
// billing"): the billing profile and then the card, for the ad account being promoted. When both
// are saved the flow goes on (onComplete). A person who may run campaigns but not manage billing
// is told who can add it; the server refuses them either way.
import type { BillingOverview } from '@corkboard/shared/business/billing';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { BILLING_NAMESPACE, ensureBillingCatalogue } from '../../i18n/billingCatalogue.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import { BillingProfileForm } from './BillingProfileForm.tsx';
import { useBilling } from './hooks.ts';
import { PaymentMethodForm } from './PaymentMethodForm.tsx';

export function QuickPromoteBillingStep({
  advertiserId,
  defaultCountry,
  headingRef,
  busy,
  onBack,
  onComplete,
}: {
  advertiserId: string;
  /** The country the profile form starts with (the ad account's). */
  defaultCountry: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  busy: boolean;
  onBack: () => void;
  onComplete: () => void;
}) {
  const { i18n } = useTranslation();
  ensureBillingCatalogue(i18n);
  const { t } = useTranslation(BILLING_NAMESPACE);
  const billing = useBilling(advertiserId);
  const denied = billing.error instanceof ApiError && billing.error.httpStatus === 403;
  const done = (answer: BillingOverview) => {
    if (answer.has_billing) onComplete();
  };
  return (
    <div className="business-form">
      <h1 ref={headingRef} tabIndex={-1} className="heading heading--md">
        {t('quickPromote.heading')}
      </h1>
      <p className="business-page__intro">{t('quickPromote.intro')}</p>
      {billing.isPending ? <LoadingState /> : null}
      {denied ? (
        <p className="business-alert" role="alert">
          {t('quickPromote.noPermission')}
        </p>
      ) : null}
      {billing.isError && !denied ? (
        <p className="business-alert" role="alert">
          {serverMessage(billing.error) ?? t('errors.load')}
        </p>
      ) : null}
      {billing.data ? (
        <>
          <BillingProfileForm
            advertiserId={advertiserId}
            profile={billing.data.profile}
            currency={billing.data.currency}
            defaultCountry={defaultCountry}
            disabled={busy}
          />
          <PaymentMethodForm
            advertiserId={advertiserId}
            billing={billing.data}
            disabled={busy}
            submitLabel={t('quickPromote.continue')}
            onSaved={done}
          />
        </>
      ) : null}
      <div className="business-form__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('quickPromote.back')}
        </button>
      </div>
    </div>
  );
}
