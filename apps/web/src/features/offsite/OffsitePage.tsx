// /offsite/?token=&url=&pin=&isThirdPartyAd=&csr=&client_tracking_params=&aux_data= (business.md
// §2.2, §5.3; docs/decisions/080): every outbound pin link comes through here. The server checks
// the link; the page then
//   - goes on by itself to the pin's own link when it is ok (`direct`),
//   - shows any other ok link and lets the person choose (never an open redirect),
//   - refuses blocked, suspicious and porn links and says why.
// It only ever goes to the URL the server answered, and only if that is http(s).
import './offsite.css';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import {
  parseOffsiteUrl,
  type OffsiteCheckAnswer,
  type RefusedOffsiteStatus,
} from '@corkboard/shared/offsite/offsite';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { ensureOffsiteCatalogue, OFFSITE_NAMESPACE } from '../../i18n/offsiteCatalogue.ts';
import { ErrorState, Spinner } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { readOffsiteParams, useOffsiteCheck } from './hooks.ts';
import { leaveTo } from './leave.ts';

export function OffsitePage() {
  const { i18n } = useTranslation();
  ensureOffsiteCatalogue(i18n);
  return <Offsite />;
}

function Offsite() {
  const { t } = useTranslation(OFFSITE_NAMESPACE);
  const location = useLocation();
  const params = readOffsiteParams(location.search);
  // A link that can never leave is refused here without asking (and without counting a click).
  const wellFormed = parseOffsiteUrl(params.url) !== undefined;
  const check = useOffsiteCheck(params, wellFormed);
  useDocumentTitle(t('pageTitle'));

  if (!wellFormed || isApiError(check.error, 'OFFSITE_URL_NOT_HTTP')) {
    return <Notice heading={t('notHttp.heading')} message={t('notHttp.message')} />;
  }
  if (isApiError(check.error, 'OFFSITE_URL_INTERNAL')) {
    return <Notice heading={t('internal.heading')} message={t('internal.message')} />;
  }
  if (check.isError) return <ErrorState onRetry={() => check.refetch()} />;
  if (!check.data) return <Spinner label={t('checking')} />;
  return <Verdict answer={check.data} />;
}

function isApiError(error: unknown, name: 'OFFSITE_URL_NOT_HTTP' | 'OFFSITE_URL_INTERNAL') {
  return error instanceof ApiError && error.code === ERROR_CODES[name].code;
}

function Verdict({ answer }: { answer: OffsiteCheckAnswer }) {
  const { t } = useTranslation(OFFSITE_NAMESPACE);
  // The server's URL, checked again: a page never goes anywhere but http(s).
  const target = parseOffsiteUrl(answer.url);
  const goesOn = answer.redirect_status === 'ok' && answer.direct && target !== undefined;
  useEffect(() => {
    if (goesOn) leaveTo(target.href);
  }, [goesOn, target?.href]);

  if (!target) return <Notice heading={t('notHttp.heading')} message={t('notHttp.message')} />;
  const domain = target.hostname;
  if (answer.redirect_status !== 'ok') {
    const status: RefusedOffsiteStatus = answer.redirect_status;
    return (
      <Notice
        heading={t(`refused.${status}.heading`)}
        message={t(`refused.${status}.message`, { domain })}
      >
        <Destination url={target.href} />
      </Notice>
    );
  }
  if (goesOn) {
    return (
      <div className="page-state offsite" role="status">
        <span className="spinner" aria-hidden="true" />
        <h1 className="page-state__title">{t('redirecting', { domain })}</h1>
        <a className="text-link" href={target.href} rel="nofollow">
          {t('leaving.continue', { domain })}
        </a>
      </div>
    );
  }
  return (
    <Notice
      heading={t('leaving.heading')}
      message={t('leaving.message', { domain })}
      primary={
        <a className="button button--primary" href={target.href} rel="nofollow">
          {t('leaving.continue', { domain })}
        </a>
      }
    >
      <Destination url={target.href} />
    </Notice>
  );
}

function Notice({
  heading,
  message,
  primary,
  children,
}: {
  heading: string;
  message: string;
  primary?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation(OFFSITE_NAMESPACE);
  return (
    <div className="page-state offsite">
      <h1 className="page-state__title">{heading}</h1>
      <p className="page-state__message">{message}</p>
      {children}
      <div className="offsite__actions">
        {primary}
        <Link to="/" className="button button--secondary">
          {t('backHome')}
        </Link>
      </div>
    </div>
  );
}

function Destination({ url }: { url: string }) {
  const { t } = useTranslation(OFFSITE_NAMESPACE);
  return (
    <dl className="offsite__destination">
      <dt>{t('destination')}</dt>
      <dd>{url}</dd>
    </dl>
  );
}
