// The pin page's way into pin edit (issue 10; docs/decisions/057): an Edit button for the
// people who may change the pin (its board's owner and accepted collaborators: the answer's
// board_access has 'write'). /pin/{id}/edit/ opens the dialog at once; a visitor there is told
// 'Log in to edit this Pin' with a log-in link that comes back, and a signed-in person who may
// not change the pin is told so. The dialog itself is its own chunk.
import type { Pin, PinDetail } from '@corkboard/shared/api-types';
import { PIN_EDIT_LOGIN_MESSAGE } from '@corkboard/shared/saving/organise-copy';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { useViewer } from '../session/hooks.ts';

const PinEditDialog = lazy(() =>
  import('./PinEditDialog.tsx').then((module) => ({ default: module.PinEditDialog })),
);

/** A list's pin has no board_access yet; the detail answer does. */
export type PinWithAccess = Pin & Partial<Pick<PinDetail, 'board_access'>>;

export function pinEditPath(pinId: string): string {
  return `/pin/${encodeURIComponent(pinId)}/edit/`;
}

export function PinEditEntry({ pin, requested }: { pin: PinWithAccess; requested: boolean }) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const viewer = useViewer();
  const [open, setOpen] = useState(requested);
  if (viewer.isPending) return null;
  if (!viewer.data) {
    if (!requested) return null;
    return (
      <div className="pin-edit__notice" role="status">
        <p className="text">{PIN_EDIT_LOGIN_MESSAGE}</p>
        <Link
          className="button button--primary"
          to={`/login/?next=${encodeURIComponent(pinEditPath(pin.id))}`}
        >
          {t('pinEdit.logIn')}
        </Link>
      </div>
    );
  }
  // Until the detail answer arrives (a grid's copy paints first) nothing is decided.
  if (pin.board_access === undefined) return null;
  if (!pin.board_access.includes('write')) {
    return requested ? (
      <p className="pin-edit__notice text" role="status">
        {t('pinEdit.notEditable')}
      </p>
    ) : null;
  }
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('pinEdit.edit')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PinEditDialog pin={pin} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
