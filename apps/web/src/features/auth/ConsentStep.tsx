// auth.md §2 "Consent step" and §4 "Consent": 'Agree to all' ticks and clears every box and is
// ticked exactly when every box is; Next needs the four required boxes; Back on desktop only.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { useLayoutWidth } from '../../ui/useLayoutWidth.ts';
import {
  agreesToAll,
  canContinue,
  OPTIONAL_CONSENTS,
  REQUIRED_CONSENTS,
  setAll,
  toggle,
  type ConsentItem,
  type ConsentState,
} from './consent.ts';
import { TERMS_PATH } from './links.ts';
import { AuthMark, AuthTitle } from './ViewParts.tsx';

const LEARN_MORE: Record<ConsentItem, string> = {
  terms: TERMS_PATH,
  personalInfo: '/privacy/#collection-and-use',
  thirdParty: '/privacy/#third-parties',
  overseas: '/privacy/#overseas-transfer',
  marketing: '/privacy/#marketing',
};

interface ConsentStepProps {
  headingId: string;
  consent: ConsentState;
  onChange: (consent: ConsentState) => void;
  onNext: () => void;
  onBack: () => void;
}

export function ConsentStep({ headingId, consent, onChange, onNext, onBack }: ConsentStepProps) {
  const { t } = useTranslation('auth');
  const { t: tApp } = useTranslation();
  const id = useId();
  const narrow = useLayoutWidth() === 'narrow';

  const item = (name: ConsentItem) => (
    <Checkbox
      key={name}
      id={`${id}-${name}`}
      label={t(`consent.items.${name}`)}
      checked={consent[name]}
      onChange={(checked) => onChange(toggle(consent, name, checked))}
      after={
        <Link
          to={LEARN_MORE[name]}
          target="_blank"
          rel="noopener"
          className="auth__learn-more text-link"
        >
          {t('consent.learnMore')}
          <span className="visually-hidden">
            {' '}
            {t('consent.learnMoreAbout', { item: t(`consent.items.${name}`) })}{' '}
            {tApp('pin.opensInNewTab')}
          </span>
        </Link>
      }
    />
  );

  return (
    <div className="auth__view auth__view--left">
      <AuthMark />
      <AuthTitle id={headingId}>{t('consent.heading')}</AuthTitle>
      <p className="auth__subtitle">{t('consent.intro')}</p>
      <form
        className="auth__form auth__consents"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canContinue(consent)) onNext();
        }}
      >
        <Checkbox
          id={`${id}-all`}
          label={t('consent.agreeAll')}
          checked={agreesToAll(consent)}
          onChange={(checked) => onChange(setAll(checked))}
          strong
        />
        <fieldset className="auth__fieldset">
          <legend>{t('consent.required')}</legend>
          {REQUIRED_CONSENTS.map(item)}
        </fieldset>
        <fieldset className="auth__fieldset">
          <legend>{t('consent.optional')}</legend>
          {OPTIONAL_CONSENTS.map(item)}
        </fieldset>
        <div className="auth__actions">
          {narrow ? null : (
            <button type="button" className="button button--secondary" onClick={onBack}>
              {t('consent.back')}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={!canContinue(consent)}>
            {t('consent.next')}
          </button>
        </div>
      </form>
    </div>
  );
}
