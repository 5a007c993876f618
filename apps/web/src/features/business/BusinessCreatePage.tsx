// /business/create (linked from the business login page and the business viewer's 'Create new
// account') and /business/convert?next= (business.md §2.2, §2.5; docs/decisions/100). Signed in,
// the person either creates a business account they manage (a linked profile) or converts their
// own account in place; signed out, they sign up or log in first and come back here.
import './business.css';
import {
  ADVERTISING_INTENTS,
  BUSINESS_LANGUAGES,
  businessDetailsSchema,
  type BusinessDetailsInput,
} from '@corkboard/shared/business/accounts';
import { AD_COUNTRIES } from '@corkboard/shared/business/targeting';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { BUSINESS_NAMESPACE, ensureBusinessCatalogue } from '../../i18n/businessCatalogue.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { preloadAuth, useAuthModal } from '../auth/AuthModalProvider.tsx';
import { useViewer } from '../session/hooks.ts';
import { writeActiveProfile } from './activeProfile.ts';
import { useCreateBusiness, type BusinessAccountKind } from './hooks.ts';
import { SelectField } from './SelectField.tsx';
import { afterCreatePath } from './paths.ts';

export function BusinessCreatePage() {
  const { i18n } = useTranslation();
  ensureBusinessCatalogue(i18n);
  return <BusinessCreate initialKind="linked" />;
}

export function BusinessConvertPage() {
  const { i18n } = useTranslation();
  ensureBusinessCatalogue(i18n);
  return <BusinessCreate initialKind="convert" />;
}

type FieldName = 'business_name' | 'website_url';

function BusinessCreate({ initialKind }: { initialKind: BusinessAccountKind }) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const viewer = useViewer();
  const location = useLocation();
  const title = initialKind === 'convert' ? t('create.convertTitle') : t('create.title');
  useDocumentTitle(title);

  if (viewer.isPending) return <LoadingState />;
  return (
    <div className="business-page">
      <h1 className="heading heading--md">{title}</h1>
      <p className="business-page__intro">{t('create.intro')}</p>
      {viewer.data ? (
        <DetailsForm
          initialKind={initialKind}
          username={viewer.data.username}
          isPartner={viewer.data.is_partner}
          viewerId={viewer.data.id}
        />
      ) : (
        <SignInFirst next={`${location.pathname}${location.search}`} />
      )}
    </div>
  );
}

function SignInFirst({ next }: { next: string }) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const { openAuth } = useAuthModal();
  const open = (initialView: 'signup' | 'login') =>
    openAuth({
      initialView,
      container: 'home_page',
      signupSource: 'homePage',
      loginSource: 'homePage',
      next,
    });
  return (
    <>
      <p>{t('create.signedOut')}</p>
      <div className="business-form__actions" onPointerEnter={preloadAuth} onFocus={preloadAuth}>
        <button type="button" className="button button--primary" onClick={() => open('signup')}>
          {t('create.signUp')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => open('login')}>
          {t('create.logIn')}
        </button>
      </div>
    </>
  );
}

function DetailsForm({
  initialKind,
  username,
  isPartner,
  viewerId,
}: {
  initialKind: BusinessAccountKind;
  username: string;
  isPartner: boolean;
  viewerId: string;
}) {
  const { t, i18n } = useTranslation(BUSINESS_NAMESPACE);
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateBusiness();
  // A business account cannot be converted again: it may only add a linked one.
  const [kind, setKind] = useState<BusinessAccountKind>(isPartner ? 'linked' : initialKind);
  const [values, setValues] = useState<BusinessDetailsInput>({
    business_name: '',
    website_url: '',
    country: 'US',
    language: i18n.language.startsWith('es') ? 'es' : 'en',
    advertising_intent: 'products',
  });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const countryNames = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return AD_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort(
      (a, b) => a.label.localeCompare(b.label, i18n.language),
    );
  }, [i18n.language]);

  const set = <K extends keyof BusinessDetailsInput>(key: K, value: BusinessDetailsInput[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = businessDetailsSchema.safeParse(values);
    if (!parsed.success) {
      const errors: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'business_name') errors.business_name = t('create.businessName');
        if (field === 'website_url') errors.website_url = t('create.websiteHelp');
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    create.mutate(
      { kind, details: values },
      {
        onSuccess: (created) => {
          writeActiveProfile({
            viewerId,
            profileId: kind === 'convert' ? null : created.profile.id,
            visible: true,
          });
          void navigate(afterCreatePath(location.search, created));
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.data?.['field'] : undefined;
          const message = serverMessage(error) ?? t('create.genericError');
          if (field === 'business_name' || field === 'website_url') {
            setFieldErrors({ [field]: message });
          } else setFormError(message);
        },
      },
    );
  };

  return (
    <form className="business-form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t('create.kindLegend')}</legend>
        <label className="business-form__choice">
          <input
            type="radio"
            name="kind"
            value="linked"
            checked={kind === 'linked'}
            onChange={() => setKind('linked')}
          />
          {t('create.kindLinked', { username })}
        </label>
        {isPartner ? (
          <p className="business-page__intro">{t('create.alreadyBusiness', { username })}</p>
        ) : (
          <label className="business-form__choice">
            <input
              type="radio"
              name="kind"
              value="convert"
              checked={kind === 'convert'}
              onChange={() => setKind('convert')}
            />
            {t('create.kindConvert', { username })}
          </label>
        )}
      </fieldset>
      <TextField
        id={`${id}-name`}
        label={t('create.businessName')}
        value={values.business_name}
        onChange={(value) => set('business_name', value)}
        autoComplete="organization"
        errorMessage={fieldErrors.business_name}
      />
      <TextField
        id={`${id}-website`}
        label={t('create.website')}
        value={typeof values.website_url === 'string' ? values.website_url : ''}
        onChange={(value) => set('website_url', value)}
        autoComplete="url"
        helperText={t('create.websiteHelp')}
        errorMessage={fieldErrors.website_url}
      />
      <SelectField
        id={`${id}-country`}
        label={t('create.country')}
        value={values.country}
        options={countryNames}
        onChange={(value) => set('country', value as BusinessDetailsInput['country'])}
      />
      <SelectField
        id={`${id}-language`}
        label={t('create.language')}
        value={values.language}
        options={BUSINESS_LANGUAGES.map((code) => ({
          value: code,
          label: t(`languages.${code}`),
        }))}
        onChange={(value) => set('language', value as BusinessDetailsInput['language'])}
      />
      <SelectField
        id={`${id}-intent`}
        label={t('create.intent')}
        value={values.advertising_intent}
        options={ADVERTISING_INTENTS.map((intent) => ({
          value: intent,
          label: t(`intents.${intent}`),
        }))}
        onChange={(value) =>
          set('advertising_intent', value as BusinessDetailsInput['advertising_intent'])
        }
      />
      {formError ? (
        <p className="business-alert" role="alert">
          {formError}
        </p>
      ) : null}
      <p role="status" className="business-status">
        {create.isPending ? t('create.saving') : ''}
      </p>
      <div className="business-form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {kind === 'convert' ? t('create.submitConvert') : t('create.submit')}
        </button>
      </div>
    </form>
  );
}
