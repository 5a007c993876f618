// The save, download and follow buttons a visitor sees (auth.md §2 containers save, download,
// follow): each opens the signup modal with its container and source. Saving and following
// themselves come with a later issue, so a signed-in person sees nothing here yet.
import type { Pin } from '@corkboard/shared/api-types';
import { useTranslation } from 'react-i18next';
import { preloadAuth, useAuthModal } from './AuthModalProvider.tsx';
import { useViewer } from '../session/hooks.ts';

function useIsVisitor(): boolean {
  const viewer = useViewer();
  return viewer.isSuccess && viewer.data === null;
}

export function PinAuthActions({ pin }: { pin: Pin }) {
  const { t } = useTranslation();
  const { openAuth } = useAuthModal();
  const viewer = useViewer();
  if (viewer.isPending) return <PendingPinActions />;
  if (!(viewer.isSuccess && viewer.data === null)) return null;
  const image = { url: pin.images['236x'].url, dominantColor: pin.dominant_color };
  return (
    <div className="closeup__actions" onPointerEnter={preloadAuth} onFocus={preloadAuth}>
      <button
        type="button"
        className="button button--secondary"
        onClick={() =>
          openAuth({
            initialView: 'signup',
            container: 'download',
            signupSource: 'downloadImageBtnUnauth',
            loginSource: 'downloadImageBtnUnauth',
            pin: image,
          })
        }
      >
        {t('pin.download')}
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={() =>
          openAuth({
            initialView: 'signup',
            container: 'save',
            signupSource: 'saveButton',
            loginSource: 'saveButton',
            limitedAction: 'save',
            pin: image,
          })
        }
      >
        {t('pin.save')}
      </button>
    </div>
  );
}

/**
 * Until the app knows who is looking, the actions row keeps its box, hidden (not focusable, not in
 * the accessibility tree): a visitor's pin page draws the pin from the HTML's own data in its
 * first render (ADR 207), before the session's answer, and the row appearing then pushed the
 * pin's facts down (a 0.038 layout shift in one of three Lighthouse runs). A signed-in person's
 * Save button takes a row of the same height.
 */
function PendingPinActions() {
  const { t } = useTranslation();
  return (
    <div className="closeup__actions closeup__actions--pending" aria-hidden="true">
      <button type="button" className="button button--secondary" tabIndex={-1} disabled>
        {t('pin.download')}
      </button>
      <button type="button" className="button button--primary" tabIndex={-1} disabled>
        {t('pin.save')}
      </button>
    </div>
  );
}

export function FollowAuthButton({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const { t } = useTranslation();
  const { openAuth } = useAuthModal();
  const visitor = useIsVisitor();
  if (!visitor) return null;
  return (
    <button
      type="button"
      className="button button--primary"
      onPointerEnter={preloadAuth}
      onFocus={preloadAuth}
      onClick={() =>
        openAuth({
          initialView: 'signup',
          container: 'follow',
          signupSource: 'followButton',
          loginSource: 'followButton',
          limitedAction: 'follow',
          followee: { name, imageUrl },
        })
      }
    >
      {t('profile.follow')}
    </button>
  );
}
