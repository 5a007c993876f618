// The lazily loaded side of saving (see SaveFlowProvider): the save modal for a pin's Save
// button, then the pin-saved dialog and the save toast; every saving toast's region. Everything
// here, its CSS and its copy load with this chunk.
import './save.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ensureSavingCatalogue } from '../../i18n/savingCatalogue.ts';
import { useViewer } from '../session/hooks.ts';
import { PinSavedDialog } from './PinSavedDialog.tsx';
import type { SavedResult } from './saveFlow.ts';
import type { SaveRequest, SavingToastItem } from './saveFlowContext.ts';
import { SaveModal } from './SaveModal.tsx';
import { SavingToastRegion } from './SavingToasts.tsx';

interface SaveFlowHostProps {
  request: SaveRequest | null;
  onRequestClose: () => void;
  toasts: readonly SavingToastItem[];
  onToastDone: (id: number) => void;
}

export function SaveFlowHost(props: SaveFlowHostProps) {
  const { i18n } = useTranslation();
  // Synchronous and idempotent: the children's useTranslation('saving') must find the
  // namespace on their first render.
  ensureSavingCatalogue(i18n);
  return <Host {...props} />;
}

interface ShownResult extends SavedResult {
  readonly locationKey: string;
}

function Host({ request, onRequestClose, toasts, onToastDone }: SaveFlowHostProps) {
  const location = useLocation();
  const viewer = useViewer();
  const [shown, setShown] = useState<ShownResult | null>(null);
  // Like the modal, the dialog belongs to the page it opened on ('See it now', Back).
  if (shown && shown.locationKey !== location.key) setShown(null);

  const region = <SavingToastRegion toasts={toasts} onDone={onToastDone} />;
  const user = viewer.data;
  return (
    <>
      {request ? (
        <SaveModal
          key={request.locationKey + request.pin.id}
          pin={request.pin}
          onClose={onRequestClose}
          onSaved={(result) => {
            // The controller has shown the save toast; the pin-saved dialog follows the modal.
            onRequestClose();
            setShown({ ...result, locationKey: location.key });
          }}
        >
          {region}
        </SaveModal>
      ) : shown && user ? (
        <PinSavedDialog
          pin={shown.pin}
          boardName={shown.board.name}
          sectionName={shown.section?.title ?? null}
          viewer={user}
          onDismiss={() => setShown(null)}
        >
          {region}
        </PinSavedDialog>
      ) : (
        region
      )}
    </>
  );
}
