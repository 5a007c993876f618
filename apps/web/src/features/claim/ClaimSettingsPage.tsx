// /settings/claim/ (issue 10 "Upsells"; docs/decisions/127, 128): claim a website — the
// person's verification token, shown as a meta tag, a file or a DNS TXT record, proven by the
// server — with the list of claimed websites (removable); and connect or disconnect an Instagram
// account (the provider's OAuth page, then back to InstagramCallbackPage).
import {
  CLAIM_METHODS,
  verificationFilePath,
  verificationMetaTag,
  verificationTxtValue,
  type ClaimMethod,
  type ClaimState,
} from '@corkboard/shared/claim/claim';
import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { pageLoad } from '../session/pageLoad.ts';
import { claimErrorKey, type ClaimErrorKey } from './claimErrors.ts';
import {
  useClaimState,
  useClaimWebsite,
  useDisconnectInstagram,
  useRemoveWebsite,
  useStartInstagram,
} from './hooks.ts';
import './claim.css';

/** What the Instagram callback page says happened, carried in the navigation state. */
export type InstagramOutcome = 'connected' | 'cancelled' | { failed: ClaimErrorKey };

export function ClaimSettingsPage() {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const claim = useClaimState();
  if (claim.isPending) return <LoadingState />;
  if (claim.isError) return <ErrorState onRetry={() => claim.refetch()} />;
  return (
    <section className="settings-page" aria-labelledby="settings-claim-heading">
      <h1 id="settings-claim-heading" className="heading heading--md">
        {t('claim.heading')}
      </h1>
      <p>{t('claim.intro')}</p>
      <WebsiteSection state={claim.data} />
      <InstagramSection state={claim.data} />
    </section>
  );
}

function proofText(method: ClaimMethod, token: string): string {
  switch (method) {
    case 'meta':
      return verificationMetaTag(token);
    case 'file':
      return token;
    case 'dns':
      return verificationTxtValue(token);
  }
}

function WebsiteSection({ state }: { state: ClaimState }) {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const claimWebsite = useClaimWebsite();
  const removeWebsite = useRemoveWebsite();
  const [url, setUrl] = useState('');
  const [method, setMethod] = useState<ClaimMethod>('meta');
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const proofId = useId();
  const token = state.verification_token;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus('');
    setError(null);
    if (url.trim() === '') {
      setError(t('claim.errors.invalidUrl'));
      return;
    }
    claimWebsite.mutate(
      { url, method },
      {
        onSuccess: (claimed) => {
          setUrl('');
          setStatus(t('claim.website.claimed', { domain: claimed.domain }));
        },
        onError: (failure) => setError(t(`claim.errors.${claimErrorKey(failure)}`)),
      },
    );
  };

  const remove = (domain: string) => {
    setStatus('');
    setError(null);
    removeWebsite.mutate(domain, {
      onSuccess: () => setStatus(t('claim.website.removed', { domain })),
      onError: (failure) => setError(t(`claim.errors.${claimErrorKey(failure)}`)),
    });
  };

  return (
    <>
      <h2 className="settings-heading">{t('claim.website.heading')}</h2>
      <p>{t('claim.website.text')}</p>
      <form className="settings-card settings-card__form" noValidate onSubmit={submit}>
        <fieldset className="claim-methods">
          <legend className="settings-card__title">{t('claim.website.methodLegend')}</legend>
          {CLAIM_METHODS.map((option) => (
            <label key={option} className="claim-methods__option">
              <input
                type="radio"
                name="claim-method"
                value={option}
                checked={method === option}
                onChange={() => setMethod(option)}
              />{' '}
              {t(`claim.website.methods.${option}.label`)}
            </label>
          ))}
        </fieldset>
        <p id={proofId}>
          {t(`claim.website.methods.${method}.how`, { file: verificationFilePath(token) })}
        </p>
        <pre className="claim-proof" data-testid="claim-proof">
          <code>{proofText(method, token)}</code>
        </pre>
        <TextField
          id="claim-website-url"
          name="url"
          label={t('claim.website.urlLabel')}
          placeholder="https://www.example.com"
          autoComplete="url"
          value={url}
          onChange={setUrl}
          helperText={t('claim.website.urlHelp')}
        />
        <button type="submit" className="button button--primary" disabled={claimWebsite.isPending}>
          {claimWebsite.isPending ? t('claim.website.checking') : t('claim.website.submit')}
        </button>
      </form>
      <p role="status" className="settings-page__status">
        {status}
      </p>
      {error ? (
        <p role="alert" className="settings-page__error">
          {error}
        </p>
      ) : null}

      <h3 className="settings-card__title">{t('claim.website.listHeading')}</h3>
      {state.websites.length === 0 ? (
        <p>{t('claim.website.none')}</p>
      ) : (
        <ul className="claim-list">
          {state.websites.map((website) => (
            <li key={website.domain} className="claim-list__item">
              <span className="claim-list__domain">{website.domain}</span>
              {website.method ? (
                <span className="claim-list__method">
                  {t(`claim.website.provenBy.${website.method}`)}
                </span>
              ) : null}
              <button
                type="button"
                className="button button--secondary"
                disabled={removeWebsite.isPending}
                onClick={() => remove(website.domain)}
                aria-label={t('claim.website.removeLabel', { domain: website.domain })}
              >
                {t('claim.website.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function outcomeMessage(
  outcome: InstagramOutcome | undefined,
  t: TFunction<typeof SETTINGS_NAMESPACE>,
): { status: string; error: string | null } {
  if (outcome === undefined) return { status: '', error: null };
  if (outcome === 'connected') return { status: t('claim.instagram.connectedNow'), error: null };
  if (outcome === 'cancelled') return { status: '', error: t('claim.instagram.cancelled') };
  return { status: '', error: t(`claim.errors.${outcome.failed}`) };
}

function InstagramSection({ state }: { state: ClaimState }) {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const location = useLocation();
  const outcome = (location.state as { instagram?: InstagramOutcome } | null)?.instagram;
  const start = useStartInstagram();
  const disconnect = useDisconnectInstagram();
  const initial = outcomeMessage(outcome, t);
  const [status, setStatus] = useState(initial.status);
  const [error, setError] = useState<string | null>(initial.error);

  const connect = () => {
    setStatus('');
    setError(null);
    start.mutate(undefined, {
      onSuccess: (answer) => pageLoad.assign(answer.authorize_url),
      onError: (failure) => setError(t(`claim.errors.${claimErrorKey(failure)}`)),
    });
  };

  return (
    <>
      <h2 className="settings-heading">{t('claim.instagram.heading')}</h2>
      <div className="settings-card">
        {state.instagram ? (
          <>
            <p>{t('claim.instagram.connected', { username: state.instagram.username })}</p>
            <button
              type="button"
              className="button button--secondary"
              disabled={disconnect.isPending}
              onClick={() => {
                setStatus('');
                setError(null);
                disconnect.mutate(undefined, {
                  onSuccess: () => setStatus(t('claim.instagram.disconnected')),
                  onError: (failure) => setError(t(`claim.errors.${claimErrorKey(failure)}`)),
                });
              }}
            >
              {t('claim.instagram.disconnect')}
            </button>
          </>
        ) : state.instagram_available ? (
          <>
            <p>{t('claim.instagram.text')}</p>
            <button
              type="button"
              className="button button--primary"
              disabled={start.isPending}
              onClick={connect}
            >
              {t('claim.instagram.connect')}
            </button>
          </>
        ) : (
          <p>{t('claim.errors.instagramUnavailable')}</p>
        )}
      </div>
      <p role="status" className="settings-page__status">
        {status}
      </p>
      {error ? (
        <p role="alert" className="settings-page__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
