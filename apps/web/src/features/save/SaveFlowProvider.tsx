// The first-visit side of saving: lets every Save button open the save modal (signed in) or the
// signup modal (visitor, source saveButton), and keeps saving toasts that outlive a page (the
// mobile create page goes back after saving). The modal, the pickers, the pin-saved dialog and
// their copy are one lazily loaded chunk (SaveFlowHost), fetched when it is first needed — or
// earlier, when a pointer or keyboard focus reaches a Save button.
import type { Pin } from '@corkboard/shared/api-types';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuthModal } from '../auth/AuthModalProvider.tsx';
import { useViewer } from '../session/hooks.ts';
import {
  SaveFlowContext,
  type SaveRequest,
  type SavingToast,
  type SavingToastItem,
  type ViewerState,
} from './saveFlowContext.ts';
import { loadSavingChunk } from './savingChunk.ts';

const SaveFlowHost = lazy(() =>
  loadSavingChunk().then((module) => ({ default: module.SaveFlowHost })),
);

export function SaveFlowProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const viewerQuery = useViewer();
  const { openAuth } = useAuthModal();
  const [request, setRequest] = useState<SaveRequest | null>(null);
  const [toasts, setToasts] = useState<readonly SavingToastItem[]>([]);
  // The host stays mounted once used, so a dialog or toast it shows survives the modal closing.
  const [hostUsed, setHostUsed] = useState(false);
  const nextToastId = useRef(0);

  const viewer: ViewerState = !viewerQuery.isSuccess
    ? 'unknown'
    : viewerQuery.data
      ? 'signedIn'
      : 'visitor';

  const savePin = useCallback(
    (pin: Pin) => {
      if (viewer === 'visitor') {
        openAuth({
          initialView: 'signup',
          container: 'save',
          signupSource: 'saveButton',
          loginSource: 'saveButton',
          limitedAction: 'save',
          pin: { url: pin.images['236x'].url, dominantColor: pin.dominant_color },
        });
        return;
      }
      if (viewer !== 'signedIn') return;
      setHostUsed(true);
      setRequest({ pin, locationKey: location.key });
    },
    [viewer, openAuth, location.key],
  );

  const showToast = useCallback((toast: SavingToast) => {
    nextToastId.current += 1;
    const item = { id: nextToastId.current, toast, expiresAt: Date.now() + toast.durationMs };
    setHostUsed(true);
    setToasts((current) => [...current, item]);
  }, []);
  const removeToast = useCallback(
    (id: number) => setToasts((current) => current.filter((item) => item.id !== id)),
    [],
  );
  const closeRequest = useCallback(() => setRequest(null), []);

  // Another page (a link, Back) closes the modal for good; coming back does not reopen it.
  if (request && request.locationKey !== location.key) setRequest(null);

  const api = useMemo(() => ({ viewer, savePin, showToast }), [viewer, savePin, showToast]);
  return (
    <SaveFlowContext.Provider value={api}>
      {children}
      {hostUsed ? (
        <Suspense fallback={null}>
          <SaveFlowHost
            request={request}
            onRequestClose={closeRequest}
            toasts={toasts}
            onToastDone={removeToast}
          />
        </Suspense>
      ) : null}
    </SaveFlowContext.Provider>
  );
}
