// /business/{profileId}/sso/: a business registers its own identity provider (issue 9;
// docs/decisions/190). Its OWNER and ADMIN members register the OpenID Connect issuer, client id
// and secret and the e-mail domains, prove each domain (DNS TXT record or mailed link), edit and
// turn the provider off. The server decides who may (BUSINESS_PERMISSION_DENIED for other
// members, BUSINESS_PROFILE_NOT_FOUND for everyone else) and the page shows its sentence. The
// panel is the sso feature's, shared with the operators' /admin/sso/.
import './business.css';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ensureSsoCatalogue, SSO_NAMESPACE } from '../../i18n/ssoCatalogue.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { businessSsoScope } from '../sso/hooks.ts';
import { SsoProvidersPanel } from '../sso/SsoProviders.tsx';
import { useBusinessProfiles } from './hooks.ts';
import { businessMembersPath } from './paths.ts';

export function BusinessSsoPage() {
  const { i18n } = useTranslation();
  ensureSsoCatalogue(i18n);
  const { t } = useTranslation(SSO_NAMESPACE);
  const { profileId = '' } = useParams();
  const profiles = useBusinessProfiles();
  const profile = profiles.data?.find((item) => item.id === profileId);
  const title = profile
    ? t('business.title', { name: profile.user.businessName })
    : t('business.titleNoName');
  useDocumentTitle(title);
  const manages = profile?.permissions.some((p) => p === 'OWNER' || p === 'ADMIN') ?? false;
  return (
    <div className="business-page">
      <h1 className="heading heading--md">{title}</h1>
      <p className="business-page__intro">{t('business.intro')}</p>
      {manages ? (
        <p>
          <Link to={businessMembersPath(profileId)}>{t('business.membersLink')}</Link>
        </p>
      ) : null}
      <SsoProvidersPanel scope={businessSsoScope(profileId)} />
    </div>
  );
}
