// The quick-promote page: /advertiser/quick_promote?pinId= (from 'Promote your Pin') and
// /advertiser/{advertiserId}/quick-promote/?pinId= (business.md §2.1–§2.3, §3, §4.1, §5.2, §8,
// §9; docs/decisions/102). The form holds the §3 values with the country defaults of §9; its
// payload comes from the shared quickPromotePayload (name cut, micro-currency, end date rule).
// A person with no ad account fills the business form first. Drafts are kept in storage per
// advertiser and pin. A 401 shows on the pin area, any other failure on the error step.
import './business.css';
import type { AdvertiserSummary, BusinessAccessProfile } from '@corkboard/shared/business/api';
import { fromMicroCurrency } from '@corkboard/shared/business/money';
import type { QuickPromoteResult } from '@corkboard/shared/business/campaigns';
import { hasCapability } from '@corkboard/shared/business/permissions';
import {
  defaultQuickPromoteValues,
  quickPromotePayload,
  recommendedDailyBudget,
  type QuickPromoteFormValues,
} from '@corkboard/shared/business/quick-promote';
import {
  AGE_BUCKETS,
  countryListOf,
  INTEREST_TOPICS,
  TARGETING_GENDERS,
} from '@corkboard/shared/business/targeting';
import type { Pin } from '@corkboard/shared/api-types';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { adTermsRequired } from '@corkboard/shared/business/ad-terms';
import { ApiError } from '../../api/client.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { BUSINESS_NAMESPACE, ensureBusinessCatalogue } from '../../i18n/businessCatalogue.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import { PinImage } from '../../ui/PinImage.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useBillingStatusCheck } from '../billing/hooks.ts';
import { QuickPromoteBillingStep } from '../billing/QuickPromoteBillingStep.tsx';
import { usePin } from '../pin/hooks.ts';
import { useViewer } from '../session/hooks.ts';
import { readActiveProfile, writeActiveProfile } from './activeProfile.ts';
import {
  useAdvertiser,
  useBusinessProfiles,
  useCampaign,
  useCreateBusiness,
  useQuickPromote,
} from './hooks.ts';
import { consolePath } from './paths.ts';
import {
  afterBusinessSubmit,
  errorPlacement,
  findDraft,
  parseDrafts,
  QUICK_PROMOTE_DRAFTS_KEY,
  withDraft,
  withoutDraft,
  type QuickPromoteStep,
} from './quickPromoteFlow.ts';
import { SelectField } from './SelectField.tsx';
import { QuickPromoteGdprStep } from './QuickPromoteGdprStep.tsx';
import { QuickPromoteObjective } from './QuickPromoteObjective.tsx';
import { QuickPromoteSteps } from './QuickPromoteSteps.tsx';

/** The ad account quick promote uses: the route's, else the active profile's, else the first. */
export function promotingAdvertiser(
  profiles: readonly BusinessAccessProfile[],
  routeAdvertiserId: string | undefined,
  activeProfileId: string | null,
): AdvertiserSummary | undefined {
  const usable = profiles.filter((profile) =>
    hasCapability(profile.permissions, 'manage_campaigns'),
  );
  const all = usable.flatMap((profile) =>
    profile.advertisers.map((advertiser) => ({ profile, advertiser })),
  );
  if (routeAdvertiserId !== undefined) {
    return all.find((entry) => entry.advertiser.id === routeAdvertiserId)?.advertiser;
  }
  return (all.find((entry) => entry.profile.id === activeProfileId) ?? all[0])?.advertiser;
}

function readDrafts() {
  try {
    return parseDrafts(window.localStorage.getItem(QUICK_PROMOTE_DRAFTS_KEY));
  } catch {
    return [];
  }
}

function writeDrafts(drafts: ReturnType<typeof readDrafts>) {
  try {
    window.localStorage.setItem(QUICK_PROMOTE_DRAFTS_KEY, JSON.stringify(drafts));
  } catch {
    // Storage blocked: the form simply is not kept.
  }
}

export function QuickPromotePage() {
  const { i18n } = useTranslation();
  ensureBusinessCatalogue(i18n);
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const { advertiserId: routeAdvertiserId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const pinId = new URLSearchParams(location.search).get('pinId')?.trim() ?? '';
  const viewer = useViewer();
  const profiles = useBusinessProfiles(viewer.data !== undefined);
  const pin = usePin(/^\d+$/.test(pinId) ? pinId : '0');
  useDocumentTitle(t('quickPromote.title'));

  if (viewer.isPending || profiles.isPending) return <LoadingState />;
  const advertiser = viewer.data
    ? promotingAdvertiser(
        profiles.data ?? [],
        routeAdvertiserId,
        readActiveProfile(viewer.data.id).profileId,
      )
    : undefined;
  // GDPR and pin selection come before the page (QuickPromoteSteps, docs/decisions/181, 182).
  return (
    <QuickPromoteSteps
      advertiser={advertiser}
      pinId={pinId}
      onChoosePin={(chosen) => void navigate({ search: `?pinId=${encodeURIComponent(chosen)}` })}
    >
      {pin.isPending && /^\d+$/.test(pinId) ? <LoadingState /> : pageFor()}
    </QuickPromoteSteps>
  );

  function pageFor() {
    if (!viewer.data || !pin.data) {
      return (
        <div className="business-page">
          <h1 className="heading heading--md">{t('quickPromote.title')}</h1>
          <p className="business-alert" role="alert">
            {viewer.data ? t('quickPromote.loadError') : t('quickPromote.pinError')}
          </p>
        </div>
      );
    }
    return (
      <QuickPromote
        // Not keyed by the ad account: the one the business form creates arrives while the ad is
        // being sent, and the flow must keep its step.
        pin={pin.data}
        advertiser={advertiser}
        viewerId={viewer.data.id}
      />
    );
  }
}

function QuickPromote({
  pin,
  advertiser,
  viewerId,
}: {
  pin: Pin;
  advertiser: AdvertiserSummary | undefined;
  viewerId: string;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const promote = useQuickPromote();
  const country = advertiser?.country ?? 'US';
  const [values, setValues] = useState<QuickPromoteFormValues>(() => {
    const defaults = defaultQuickPromoteValues({
      advertiserId: advertiser?.id ?? '',
      country,
      pinTitle: pin.title,
      pinLink: pin.link,
    });
    const draft = advertiser ? findDraft(readDrafts(), advertiser.id, pin.id) : undefined;
    return draft ? { ...defaults, ...draft.values, advertiser_id: advertiser?.id ?? '' } : defaults;
  });
  const [countryList, setCountryList] = useState(countryListOf([country]));
  const [step, setStep] = useState<QuickPromoteStep>('page');
  const [pinError, setPinError] = useState<string | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const [result, setResult] = useState<{ advertiserId: string; outcome: QuickPromoteResult }>();
  // An ad account the business form created that must accept the terms first (ADR 181).
  const [termsFor, setTermsFor] = useState<{ id: string; name: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Every change is kept as the draft of this advertiser and pin (business.md §9).
  useEffect(() => {
    if (!advertiser || step !== 'page') return;
    writeDrafts(withDraft(readDrafts(), { advertiserId: advertiser.id, pinId: pin.id, values }));
  }, [advertiser, pin.id, values, step]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const submitFor = (advertiserId: string) => {
    setPinError(null);
    const payload = quickPromotePayload(
      { ...values, advertiser_id: advertiserId },
      pin.id,
      countryList,
    );
    promote.mutate(payload, {
      onSuccess: (outcome) => {
        writeDrafts(withoutDraft(readDrafts(), advertiserId, pin.id));
        setResult({ advertiserId, outcome });
        setStep('success');
      },
      onError: (error) => {
        const message = serverMessage(error) ?? t('quickPromote.errorFallback');
        if (error instanceof ApiError && errorPlacement(error.httpStatus) === 'pin') {
          setPinError(t('quickPromote.pinError'));
          return;
        }
        setModalError(message);
        setStep('error');
      },
    });
  };

  // §4.1: with business and billing → promote (success); business only → the billing form.
  // The billing answer is the server's (modules/billing, docs/decisions/171).
  const billingStatus = useBillingStatusCheck();
  const [billingFor, setBillingFor] = useState<string>();
  const promoteIfBilled = (advertiserId: string) => {
    void billingStatus(advertiserId).then(
      ({ has_billing }) => {
        const next = afterBusinessSubmit({
          modalError: false,
          hasBusiness: true,
          hasBilling: has_billing,
          onQuickPromotePage: true,
        });
        if (next === 'billingForm') {
          setBillingFor(advertiserId);
          setStep('billingForm');
        } else submitFor(advertiserId);
      },
      (error: unknown) => {
        setModalError(serverMessage(error) ?? t('quickPromote.errorFallback'));
        setStep('error');
      },
    );
  };

  const onSubmitForm = (event: FormEvent) => {
    event.preventDefault();
    if (values.ad_type === 'web_conversion' && !values.selected_ocpm_tag) {
      setPinError(t('quickPromoteSteps.tagNeeded'));
      return;
    }
    if (advertiser) promoteIfBilled(advertiser.id);
    else setStep('businessForm');
  };

  return (
    <div className="business-page">
      <div className="quick-promote__pin">
        <div className="quick-promote__image">
          <PinImage
            images={pin.images}
            sizes={['236x', '474x']}
            displayWidth="120px"
            alt={pin.title || t('quickPromote.title')}
            dominantColor={pin.dominant_color}
          />
        </div>
        {pinError ? (
          <p className="business-alert" role="alert">
            {pinError}
          </p>
        ) : null}
      </div>
      {step === 'page' ? (
        <>
          <h1 ref={headingRef} tabIndex={-1} className="heading heading--md">
            {t('quickPromote.title')}
          </h1>
          <p className="business-page__intro">{t('quickPromote.intro')}</p>
          <PromoteForm
            values={values}
            onChange={setValues}
            countryList={countryList}
            onCountryList={setCountryList}
            currency={advertiser?.currency ?? 'USD'}
            country={country}
            busy={promote.isPending}
            onSubmit={onSubmitForm}
            objective={
              advertiser ? (
                <QuickPromoteObjective
                  advertiserId={advertiser.id}
                  values={values}
                  onChange={setValues}
                />
              ) : null
            }
          />
        </>
      ) : null}
      {step === 'gdpr' && termsFor ? (
        <QuickPromoteGdprStep
          advertiserId={termsFor.id}
          businessName={termsFor.name}
          onAccepted={() => promoteIfBilled(termsFor.id)}
        />
      ) : null}
      {step === 'businessForm' ? (
        <BusinessStep
          headingRef={headingRef}
          viewerId={viewerId}
          onBack={() => setStep('page')}
          onCreated={(created) => {
            if (!adTermsRequired(created.country)) return promoteIfBilled(created.id);
            setTermsFor(created);
            setStep('gdpr');
          }}
          busy={promote.isPending}
        />
      ) : null}
      {step === 'billingForm' && billingFor ? (
        <QuickPromoteBillingStep
          advertiserId={billingFor}
          defaultCountry={country}
          headingRef={headingRef}
          busy={promote.isPending}
          onBack={() => setStep('page')}
          onComplete={() => submitFor(billingFor)}
        />
      ) : null}
      {step === 'success' && result ? <Outcome headingRef={headingRef} result={result} /> : null}
      {step === 'error' ? (
        <div className="business-form">
          <h1 ref={headingRef} tabIndex={-1} className="heading heading--md">
            {t('quickPromote.errorTitle')}
          </h1>
          <p className="business-alert" role="alert">
            {modalError}
          </p>
          <div className="business-form__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setStep('page')}
            >
              {t('quickPromote.back')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function CheckboxGroup<T extends string>({
  legend,
  options,
  selected,
  onChange,
  labelOf,
}: {
  legend: string;
  options: readonly T[];
  selected: readonly T[];
  onChange: (next: T[]) => void;
  labelOf: (value: T) => string;
}) {
  return (
    <fieldset className="quick-promote__group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="business-form__choice">
          <input
            type="checkbox"
            checked={selected.includes(option)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? options.filter((value) => value === option || selected.includes(value))
                  : selected.filter((value) => value !== option),
              )
            }
          />
          {labelOf(option)}
        </label>
      ))}
    </fieldset>
  );
}

function PromoteForm({
  values,
  onChange,
  countryList,
  onCountryList,
  currency,
  country,
  busy,
  onSubmit,
  objective,
}: {
  objective: ReactNode;
  values: QuickPromoteFormValues;
  onChange: (values: QuickPromoteFormValues) => void;
  countryList: string;
  onCountryList: (value: string) => void;
  currency: string;
  country: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const id = useId();
  const set = <K extends keyof QuickPromoteFormValues>(key: K, value: QuickPromoteFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const interestNames = new Map(INTEREST_TOPICS.map((topic) => [topic.topic_id, topic.name]));
  return (
    <form className="business-form" onSubmit={onSubmit}>
      <TextField
        id={`${id}-name`}
        label={t('quickPromote.adName')}
        value={values.name}
        onChange={(value) => set('name', value)}
      />
      <TextField
        id={`${id}-destination`}
        label={t('quickPromote.destination')}
        value={values.destination_url}
        onChange={(value) => set('destination_url', value)}
        helperText={t('quickPromote.destinationHelp')}
      />
      <NumberField
        id={`${id}-budget`}
        label={t('quickPromote.budget', { currency })}
        value={values.budget}
        min={1}
        step="0.01"
        helper={t('quickPromote.budgetHelp', { amount: recommendedDailyBudget(country) })}
        onChange={(value) => set('budget', value)}
      />
      <label className="business-form__choice">
        <input
          type="checkbox"
          checked={values.is_ongoing}
          onChange={(event) => set('is_ongoing', event.target.checked)}
        />
        {t('quickPromote.ongoing')}
      </label>
      {values.is_ongoing ? null : (
        <>
          <NumberField
            id={`${id}-duration`}
            label={t('quickPromote.duration')}
            value={values.duration}
            min={1}
            step="1"
            onChange={(value) => set('duration', Math.round(value))}
          />
          <TextField
            id={`${id}-end`}
            type="date"
            label={t('quickPromote.endDate')}
            value={values.inclusive_end_date}
            onChange={(value) => set('inclusive_end_date', value)}
          />
        </>
      )}
      {objective}
      <fieldset className="quick-promote__group">
        <legend>{t('quickPromote.targetingLegend')}</legend>
        <label className="business-form__choice">
          <input
            type="checkbox"
            checked={values.isAutoTargeting}
            onChange={(event) => set('isAutoTargeting', event.target.checked)}
          />
          {t('quickPromote.autoTargeting')}
        </label>
        <TextField
          id={`${id}-locations`}
          label={t('quickPromote.locations')}
          value={countryList}
          onChange={onCountryList}
          helperText={t('quickPromote.locationsHelp')}
        />
        <CheckboxGroup
          legend={t('quickPromote.genders')}
          options={TARGETING_GENDERS}
          selected={values.genders}
          onChange={(next) => set('genders', next)}
          labelOf={(gender) => t(`quickPromote.gender.${gender}`)}
        />
        <CheckboxGroup
          legend={t('quickPromote.ages')}
          options={AGE_BUCKETS}
          selected={values.ages}
          onChange={(next) => set('ages', next)}
          labelOf={(age) => age}
        />
        <CheckboxGroup
          legend={t('quickPromote.interests')}
          options={INTEREST_TOPICS.map((topic) => topic.topic_id)}
          selected={values.interests}
          onChange={(next) => set('interests', next)}
          labelOf={(topicId) => interestNames.get(topicId) ?? topicId}
        />
      </fieldset>
      <p role="status" className="business-status">
        {busy ? t('quickPromote.submitting') : ''}
      </p>
      <div className="business-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('quickPromote.submit')}
        </button>
      </div>
    </form>
  );
}

function NumberField({
  id,
  label,
  value,
  min,
  step,
  helper,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  step: string;
  helper?: ReactNode;
  onChange: (value: number) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={id}
        className="field__input"
        type="number"
        inputMode="decimal"
        min={min}
        step={step}
        value={Number.isFinite(value) ? value : ''}
        onChange={(event) => onChange(event.target.valueAsNumber)}
        aria-describedby={helper ? `${id}-helper` : undefined}
      />
      {helper ? (
        <p id={`${id}-helper`} className="field__helper">
          {helper}
        </p>
      ) : null}
    </div>
  );
}

function BusinessStep({
  headingRef,
  viewerId,
  onBack,
  onCreated,
  busy,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  viewerId: string;
  onBack: () => void;
  onCreated: (created: { id: string; name: string; country: string }) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation(BUSINESS_NAMESPACE);
  const id = useId();
  const create = useCreateBusiness();
  const [name, setName] = useState('');
  const [country, setCountry] = useState('US');
  const [error, setError] = useState<string | null>(null);
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      {
        kind: 'linked',
        details: {
          business_name: name,
          country: country as 'US',
          language: i18n.language.startsWith('es') ? 'es' : 'en',
          advertising_intent: 'products',
        },
      },
      {
        onSuccess: (created) => {
          writeActiveProfile({ viewerId, profileId: created.profile.id, visible: true });
          onCreated({ id: created.advertiser_id, name, country });
        },
        onError: (failure) => setError(serverMessage(failure) ?? t('create.genericError')),
      },
    );
  };
  return (
    <form className="business-form" onSubmit={submit} noValidate>
      <h1 ref={headingRef} tabIndex={-1} className="heading heading--md">
        {t('quickPromote.businessTitle')}
      </h1>
      <p className="business-page__intro">{t('quickPromote.businessIntro')}</p>
      <TextField
        id={`${id}-name`}
        label={t('create.businessName')}
        value={name}
        onChange={setName}
        autoComplete="organization"
        errorMessage={error ?? undefined}
      />
      <SelectField
        id={`${id}-country`}
        label={t('create.country')}
        value={country}
        options={['US', 'GB', 'CA', 'AU', 'NZ', 'IE', 'ES', 'MX', 'DE', 'FR'].map((code) => ({
          value: code,
          label: names.of(code) ?? code,
        }))}
        onChange={setCountry}
      />
      <div className="business-form__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('quickPromote.back')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={create.isPending || busy || name.trim() === ''}
        >
          {t('quickPromote.businessSubmit')}
        </button>
      </div>
    </form>
  );
}

function Outcome({
  headingRef,
  result,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  result: { advertiserId: string; outcome: QuickPromoteResult };
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const rejected = result.outcome.review_status === 'REJECTED';
  return (
    <div className="business-form">
      <h1 ref={headingRef} tabIndex={-1} className="heading heading--md">
        {rejected ? t('quickPromote.rejectedTitle') : t('quickPromote.successTitle')}
      </h1>
      <p role="status">
        {rejected
          ? t('quickPromote.rejectedText', {
              reasons: result.outcome.rejection_reasons.map((r) => t(`reasons.${r}`)).join(', '),
            })
          : t('quickPromote.successText')}
      </p>
      {rejected ? null : (
        <PromotedResults
          advertiserId={result.advertiserId}
          campaignId={result.outcome.campaign_id}
        />
      )}
      <div className="business-form__actions">
        <Link
          className="button button--primary"
          to={consolePath(result.advertiserId, result.outcome.campaign_id)}
        >
          {t('quickPromote.openConsole')}
        </Link>
      </div>
    </div>
  );
}

/** The campaign's delivery so far, from the same figures as Ads Manager (docs/decisions/104). */
function PromotedResults({
  advertiserId,
  campaignId,
}: {
  advertiserId: string;
  campaignId: string;
}) {
  const { t, i18n } = useTranslation(BUSINESS_NAMESPACE);
  const advertiser = useAdvertiser(advertiserId);
  const campaign = useCampaign(advertiserId, campaignId);
  if (!advertiser.data || !campaign.data) return null;
  const money = new Intl.NumberFormat(i18n.language, {
    style: 'currency',
    currency: advertiser.data.currency,
  });
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <p>
      {t('console.promotedResults', {
        spend: money.format(fromMicroCurrency(campaign.data.spend_in_micro_currency)),
        impressions: count.format(campaign.data.impressions),
        clicks: count.format(campaign.data.clicks),
      })}
    </p>
  );
}
