// The closeup's Save button (saving.md §2.3): the main action for a signed-in person (visitors
// get the signup buttons of EntryPoints there). Nothing renders until we know the viewer is
// signed in, or outside a SaveFlowProvider. The button is the save tooltip's anchor
// (docs/decisions/083); the tooltip is its own lazily loaded chunk.
import type { Pin } from '@corkboard/shared/api-types';
import { ANCHOR_ATTRIBUTE } from '@corkboard/shared/experiences/experiences';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalSaveFlow } from './saveFlowContext.ts';
import { preloadSaving } from './savingChunk.ts';

const SaveTooltip = lazy(() =>
  import('../experiences/SaveTooltip.tsx').then((module) => ({ default: module.SaveTooltip })),
);

export function CloseupSaveButton({ pin }: { pin: Pin }) {
  const { t } = useTranslation();
  const flow = useOptionalSaveFlow();
  if (flow?.viewer !== 'signedIn') return null;
  return (
    <div className="closeup__actions" onPointerEnter={preloadSaving} onFocus={preloadSaving}>
      <button
        type="button"
        className="button button--primary"
        onClick={() => flow.savePin(pin)}
        {...{ [ANCHOR_ATTRIBUTE]: 'pin_save_button' }}
      >
        {t('pin.save')}
      </button>
      <Suspense fallback={null}>
        <SaveTooltip />
      </Suspense>
    </div>
  );
}
