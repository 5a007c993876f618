// /settings/claim/instagram/callback/: where Instagram sends the browser back (the app's
// registered redirect URI). It hands the code and state to the server once, then goes to
// /settings/claim/ — a fixed path of ours, never one taken from the address — saying what
// happened.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CLAIM_SETTINGS_PATH } from '@corkboard/shared/claim/claim';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import type { InstagramOutcome } from './ClaimSettingsPage.tsx';
import { claimErrorKey } from './claimErrors.ts';
import { useConnectInstagram } from './hooks.ts';

export function InstagramCallbackPage() {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const connect = useConnectInstagram();
  const started = useRef(false);

  useEffect(() => {
    // Once: the state is single use, and a second exchange of the code would fail.
    if (started.current) return;
    started.current = true;
    const done = (instagram: InstagramOutcome) =>
      void navigate(CLAIM_SETTINGS_PATH, { replace: true, state: { instagram } });
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error') !== null || !code || !state) {
      done(params.get('error') === 'access_denied' ? 'cancelled' : { failed: 'instagramFailed' });
      return;
    }
    connect.mutate(
      { code, state },
      {
        onSuccess: () => done('connected'),
        onError: (failure) => done({ failed: claimErrorKey(failure) }),
      },
    );
  }, [connect, navigate, params]);

  return (
    <section className="settings-page" aria-labelledby="settings-instagram-callback-heading">
      <h1 id="settings-instagram-callback-heading" className="heading heading--md">
        {t('claim.instagram.finishing')}
      </h1>
      <LoadingState />
    </section>
  );
}
