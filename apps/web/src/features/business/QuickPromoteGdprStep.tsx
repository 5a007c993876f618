// The quick-promote GDPR step (business.md §2.3 "a GDPR modal"; docs/decisions/181): an ad
// account in an EU/EEA country, the UK or Switzerland accepts the advertising and data-processing
// terms once before it promotes. The acceptance is stored on the server (POST …/terms/), which
// refuses quick promote until then; this step only asks.
import { AD_TERMS_VERSION } from '@corkboard/shared/business/ad-terms';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { BUSINESS_NAMESPACE } from '../../i18n/businessCatalogue.ts';
import { useAcceptAdTerms } from './hooks.ts';

export function QuickPromoteGdprStep({
  advertiserId,
  businessName,
  onAccepted,
}: {
  advertiserId: string;
  businessName: string;
  onAccepted: () => void;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const id = useId();
  const accept = useAcceptAdTerms();
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ticked) {
      setError(t('quickPromoteSteps.gdprRequired'));
      return;
    }
    setError(null);
    accept.mutate(
      { advertiserId, version: AD_TERMS_VERSION },
      {
        onSuccess: () => onAccepted(),
        onError: (failure) => setError(serverMessage(failure) ?? t('quickPromote.errorFallback')),
      },
    );
  };

  return (
    <form className="business-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="heading heading--md">
        {t('quickPromoteSteps.gdprTitle')}
      </h1>
      <p className="business-page__intro">{t('quickPromoteSteps.gdprIntro')}</p>
      <p>{t('quickPromoteSteps.gdprTermsList')}</p>
      <label className="business-form__choice">
        <input
          type="checkbox"
          checked={ticked}
          onChange={(event) => setTicked(event.target.checked)}
          aria-invalid={error !== null && !ticked}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {t('quickPromoteSteps.gdprCheckbox', { business: businessName })}
      </label>
      {error ? (
        <p id={`${id}-error`} className="business-alert" role="alert">
          {error}
        </p>
      ) : null}
      <p role="status" className="business-status">
        {accept.isPending ? t('quickPromoteSteps.gdprSubmitting') : ''}
      </p>
      <div className="business-form__actions">
        <button type="submit" className="button button--primary" disabled={accept.isPending}>
          {t('quickPromoteSteps.gdprSubmit')}
        </button>
      </div>
    </form>
  );
}
