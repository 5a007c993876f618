// A grid card's Save button (saving.md §2.3 "Save modal from every pin's Save button"): over the
// image, shown on hover and on keyboard focus. Nothing renders until we know who is looking, or
// outside a SaveFlowProvider. First-visit code (app/ puts it on every card); its CSS is in
// ui/styles.css. The closeup's button is CloseupSaveButton.tsx, in the pin page's chunk.
import type { Pin } from '@corkboard/shared/api-types';
import { useTranslation } from 'react-i18next';
import { preloadAuth } from '../auth/AuthModalProvider.tsx';
import { useOptionalSaveFlow } from './saveFlowContext.ts';
import { preloadSaving } from './savingChunk.ts';

export function CardSaveButton({ pin, name }: { pin: Pin; name: string }) {
  const { t } = useTranslation();
  const flow = useOptionalSaveFlow();
  if (!flow || flow.viewer === 'unknown') return null;
  const preload = flow.viewer === 'signedIn' ? preloadSaving : preloadAuth;
  return (
    <button
      type="button"
      className="button button--primary pin-card__save"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => flow.savePin(pin)}
    >
      {t('pin.save')}
      {/* Many cards, one word each: the pin's name tells the buttons apart. */}{' '}
      <span className="visually-hidden">{name}</span>
    </button>
  );
}
