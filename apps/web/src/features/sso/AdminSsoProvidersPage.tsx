// /admin/sso/: every organisation's identity provider, for operators (docs/decisions/154, 155,
// 190) — those operators registered and those businesses registered themselves (the card says
// which). The panel (SsoProviders.tsx) is the one businesses use on their own page.
import { useTranslation } from 'react-i18next';
import { ensureSsoCatalogue, SSO_NAMESPACE } from '../../i18n/ssoCatalogue.ts';
import { ADMIN_SSO_SCOPE } from './hooks.ts';
import { SsoProvidersPanel } from './SsoProviders.tsx';

export function AdminSsoProvidersPage() {
  const { i18n } = useTranslation();
  ensureSsoCatalogue(i18n);
  const { t } = useTranslation(SSO_NAMESPACE);
  return (
    <section aria-labelledby="admin-sso-heading">
      <h1 id="admin-sso-heading" className="heading heading--md">
        {t('providers.heading')}
      </h1>
      <p className="admin__intro">{t('providers.intro')}</p>
      <SsoProvidersPanel scope={ADMIN_SSO_SCOPE} />
    </section>
  );
}
