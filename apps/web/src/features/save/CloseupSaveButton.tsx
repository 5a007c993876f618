// The closeup's Save button (saving.md §2.3): the main action for a signed-in person (visitors
// get the signup buttons of EntryPoints there). Nothing renders until we know the viewer is
// signed in, or outside a SaveFlowProvider.
import type { Pin } from '@corkboard/shared/api-types';
import { useTranslation } from 'react-i18next';
import { useOptionalSaveFlow } from './saveFlowContext.ts';
import { preloadSaving } from './savingChunk.ts';

export function CloseupSaveButton({ pin }: { pin: Pin }) {
  const { t } = useTranslation();
  const flow = useOptionalSaveFlow();
  if (flow?.viewer !== 'signedIn') return null;
  return (
    <div className="closeup__actions" onPointerEnter={preloadSaving} onFocus={preloadSaving}>
      <button type="button" className="button button--primary" onClick={() => flow.savePin(pin)}>
        {t('pin.save')}
      </button>
    </div>
  );
}
