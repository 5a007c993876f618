// /sso/verify-domain/?token= (docs/decisions/155): the page the domain-proof mail links to. The
// person confirms with a button — never on page load, so a mail scanner that opens links does
// not prove a domain — and the token is used once.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { serverMessage } from '../../api/errorMessages.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useVerifySsoDomainLink } from '../sso/hooks.ts';
import { AuthSurface } from './AuthSurface.tsx';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import { AUTH_MODAL_WIDTH } from './layout.ts';
import { AuthMark, AuthTitle } from './ViewParts.tsx';

export function SsoVerifyDomainPage() {
  const { i18n } = useTranslation();
  ensureAuthCatalogue(i18n);
  const { t } = useTranslation('auth');
  useDocumentTitle(t('sso.verify.title'));
  const headingId = useId();
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const verify = useVerifySsoDomainLink();
  return (
    <AuthSurface>
      <div className="auth-page" style={{ maxWidth: AUTH_MODAL_WIDTH }}>
        <div className="auth">
          <div className="auth__view">
            <AuthMark />
            <AuthTitle id={headingId}>{t('sso.verify.title')}</AuthTitle>
            {verify.isSuccess ? (
              <p className="auth__subtitle" role="status">
                {t('sso.verify.done', { domain: verify.data.domain })}
              </p>
            ) : (
              <>
                <p className="auth__subtitle">{t('sso.verify.intro')}</p>
                {verify.isError ? (
                  <p className="auth__form-error" role="alert">
                    {serverMessage(verify.error) ?? t('sso.verify.failed')}
                  </p>
                ) : null}
                <button
                  type="button"
                  className="button button--primary button--full"
                  disabled={token === '' || verify.isPending}
                  onClick={() => verify.mutate(token)}
                >
                  {t('sso.verify.confirm')}
                </button>
              </>
            )}
          </div>
        </div>
      </div>
    </AuthSurface>
  );
}
