// The billing profile form (docs/decisions/171): the console's billing page and quick promote's
// billing step. The shared schema checks it before sending; the server checks it again (400
// VALIDATION_FAILED names the fields) and answers the saved billing.
import {
  billingProfileInputSchema,
  type BillingOverview,
  type BillingProfile,
  type BillingProfileForm as FormValues,
} from '@corkboard/shared/business/billing';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { BILLING_NAMESPACE } from '../../i18n/billingCatalogue.ts';
import { TextField } from '../../ui/TextField.tsx';
import { issuesToFieldErrors, serverFieldErrors, type FieldErrors } from './formErrors.ts';
import { useSaveBillingProfile } from './hooks.ts';

type Field = keyof FormValues;

const FIELDS = [
  { name: 'legal_name', label: 'profile.legalName', autoComplete: 'organization' },
  { name: 'billing_email', label: 'profile.email', autoComplete: 'email', type: 'email' },
  { name: 'address_line1', label: 'profile.addressLine1', autoComplete: 'address-line1' },
  { name: 'address_line2', label: 'profile.addressLine2', autoComplete: 'address-line2' },
  { name: 'city', label: 'profile.city', autoComplete: 'address-level2' },
  { name: 'region', label: 'profile.region', autoComplete: 'address-level1' },
  { name: 'postal_code', label: 'profile.postalCode', autoComplete: 'postal-code' },
  { name: 'country', label: 'profile.country', autoComplete: 'country' },
  { name: 'tax_id', label: 'profile.taxId', autoComplete: 'off' },
] as const satisfies readonly {
  name: Field;
  label: string;
  autoComplete: string;
  type?: 'email';
}[];

function initialValues(profile: BillingProfile | null, country: string): Record<Field, string> {
  return {
    legal_name: profile?.legal_name ?? '',
    billing_email: profile?.billing_email ?? '',
    address_line1: profile?.address_line1 ?? '',
    address_line2: profile?.address_line2 ?? '',
    city: profile?.city ?? '',
    region: profile?.region ?? '',
    postal_code: profile?.postal_code ?? '',
    country: profile?.country ?? country,
    tax_id: profile?.tax_id ?? '',
  };
}

export function BillingProfileForm({
  advertiserId,
  profile,
  currency,
  defaultCountry,
  disabled = false,
  onSaved,
}: {
  advertiserId: string;
  profile: BillingProfile | null;
  currency: string;
  defaultCountry: string;
  disabled?: boolean;
  onSaved?: (billing: BillingOverview) => void;
}) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const id = useId();
  const save = useSaveBillingProfile(advertiserId);
  const [values, setValues] = useState(() => initialValues(profile, defaultCountry));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = billingProfileInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues, values));
      return;
    }
    setErrors({});
    save.mutate(values, {
      onSuccess: (billing) => {
        setSaved(true);
        onSaved?.(billing);
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  const headingId = `${id}-heading`;
  return (
    <form className="business-form" aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <h2 id={headingId} className="heading heading--sm">
        {t('profile.heading')}
      </h2>
      <p className="business-page__intro">{t('profile.intro', { currency })}</p>
      {FIELDS.map((field) => {
        const error = errors[field.name];
        return (
          <TextField
            key={field.name}
            id={`${id}-${field.name}`}
            name={field.name}
            label={t(field.label)}
            type={'type' in field ? field.type : 'text'}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            disabled={disabled || save.isPending}
            helperText={field.name === 'country' ? t('profile.countryHelp') : undefined}
            errorMessage={error ? t(`errors.${error}`) : undefined}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        );
      })}
      {save.isError && Object.keys(errors).length === 0 ? (
        <p className="business-alert" role="alert">
          {serverMessage(save.error) ?? t('errors.generic')}
        </p>
      ) : null}
      {saved ? <p role="status">{t('profile.saved')}</p> : null}
      <div className="business-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={disabled || save.isPending}
        >
          {save.isPending ? t('profile.saving') : t('profile.save')}
        </button>
      </div>
    </form>
  );
}
