// auth.md §2 social buttons above the 'OR' divider, for the providers the server offers
// (GET /v3/auth/providers/). When they are the local stand-ins (`npm start` / `npm run dev`
// without real client ids), a line says so (docs/decisions/020). Google is the one built so far.
import type { AuthProvidersAnswer } from '@corkboard/shared/auth/social-api';
import { useTranslation } from 'react-i18next';
import type { SocialProviderName } from './flowTypes.ts';
import { GoogleButton } from './GoogleButton.tsx';

/** Whether the server offers any social button this page can show. */
export function hasSocialButtons(providers: AuthProvidersAnswer | undefined): boolean {
  return providers?.google != null;
}

interface SocialButtonsProps {
  providers: AuthProvidersAnswer;
  context: 'signin' | 'signup';
  onGoogleCredential: (credential: string, selectBy: string | undefined) => void;
  onUnavailable: (provider: SocialProviderName) => void;
}

export function SocialButtons({
  providers,
  context,
  onGoogleCredential,
  onUnavailable,
}: SocialButtonsProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth__social">
      {providers.google ? (
        <GoogleButton
          clientId={providers.google.client_id}
          scriptUrl={providers.google.gsi_client_url}
          context={context}
          onCredential={onGoogleCredential}
          onUnavailable={() => onUnavailable('google')}
        />
      ) : null}
      {providers.dev_peers ? (
        <p className="auth__dev-providers">{t('social.devProviders')}</p>
      ) : null}
    </div>
  );
}
