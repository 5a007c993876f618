// The payment method (docs/decisions/172): the card on file, and the form that sets up a new one
// with the payment provider. The number is checked here (digits, Luhn) and sent once — to Stripe
// directly when it is the processor (cardEntry.ts); the page keeps only what the server answers
// (brand, last four digits, expiry).
import {
  cardInputSchema,
  luhnValid,
  type BillingOverview,
} from '@corkboard/shared/business/billing';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { BILLING_NAMESPACE } from '../../i18n/billingCatalogue.ts';
import { TextField } from '../../ui/TextField.tsx';
import { issuesToFieldErrors, serverFieldErrors, type FieldErrors } from './formErrors.ts';
import { ProcessorCardError } from './cardEntry.ts';
import { useSavePaymentMethod } from './hooks.ts';

const EMPTY = { number: '', exp_month: '', exp_year: '', cvc: '' };
type CardField = keyof typeof EMPTY;

export function PaymentMethodForm({
  advertiserId,
  billing,
  disabled = false,
  submitLabel,
  onSaved,
}: {
  advertiserId: string;
  billing: BillingOverview;
  disabled?: boolean;
  submitLabel?: string;
  onSaved?: (billing: BillingOverview) => void;
}) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const id = useId();
  const save = useSavePaymentMethod(advertiserId, billing.card_entry);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const needsProfile = billing.profile === null;
  const card = billing.payment_method;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = cardInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues, values));
      return;
    }
    if (!luhnValid(parsed.data.number)) {
      setErrors({ number: 'invalid' });
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        setValues(EMPTY);
        setSaved(true);
        onSaved?.(answer);
      },
      onError: (error) =>
        setErrors(
          error instanceof ProcessorCardError
            ? error.field
              ? { [error.field]: 'invalid' }
              : {}
            : serverFieldErrors(error),
        ),
    });
  };

  const field = (name: CardField, label: string, autoComplete: string) => {
    const error = errors[name];
    return (
      <TextField
        id={`${id}-${name}`}
        name={name}
        label={label}
        autoComplete={autoComplete}
        value={values[name]}
        disabled={disabled || needsProfile || save.isPending}
        errorMessage={error ? t(`errors.${error}`) : undefined}
        onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
      />
    );
  };

  const headingId = `${id}-heading`;
  return (
    <form className="business-form" aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <h2 id={headingId} className="heading heading--sm">
        {t('card.heading')}
      </h2>
      <p>
        {card
          ? t('card.current', {
              brand: card.brand,
              last4: card.last4,
              month: String(card.exp_month).padStart(2, '0'),
              year: card.exp_year,
            })
          : t('card.none')}
      </p>
      {billing.processor === 'test' ? (
        <p className="business-page__intro">{t('testProcessor')}</p>
      ) : null}
      {needsProfile ? <p className="business-page__intro">{t('card.needsProfile')}</p> : null}
      {field('number', t('card.number'), 'cc-number')}
      {field('exp_month', t('card.expMonth'), 'cc-exp-month')}
      {field('exp_year', t('card.expYear'), 'cc-exp-year')}
      {field('cvc', t('card.cvc'), 'cc-csc')}
      {save.isError && Object.keys(errors).length === 0 ? (
        <p className="business-alert" role="alert">
          {(save.error instanceof ProcessorCardError
            ? save.error.processorMessage
            : serverMessage(save.error)) ?? t('errors.generic')}
        </p>
      ) : null}
      {saved ? <p role="status">{t('card.saved')}</p> : null}
      <div className="business-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={disabled || needsProfile || save.isPending}
        >
          {save.isPending
            ? t('card.saving')
            : (submitLabel ?? (card ? t('card.replace') : t('card.add')))}
        </button>
      </div>
    </form>
  );
}
