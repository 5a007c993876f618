// The mobile create-pin page (saving.md §2.2), signed in only (visitors go home): a fixed
// header 'Choose board' / 'Choose section' with Cancel or Back, 'Top choices' then 'All boards'
// (with a loading indicator while more arrive), and a fixed footer link 'Create board'
// (/board/create/) or, once a board is chosen, 'Create section' (/board/{id}/create_section/).
// A url that is one of our own pin pages becomes /pin/{id}/repin/x/. While the pin is created a
// spinner shows; success shows a toast for 5000 ms and goes back; failure says so and resets.
import type { PickerBoardItem } from '@corkboard/shared/saving/api';
import { boardPickerView, sortBoardsByName } from '@corkboard/shared/saving/board-sort';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ensureSavingCatalogue, SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { LoadingOverlay } from '../../ui/LoadingOverlay.tsx';
import { ErrorState, LoadingState, NotFoundState } from '../../ui/PageStates.tsx';
import { PickerListbox, usePickerState } from '../../ui/PickerListbox.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useViewer } from '../session/hooks.ts';
import { boardListGroups, BoardRow } from '../boards/BoardRows.tsx';
import { usePickerBoards, type PickerPinContext } from '../boards/hooks.ts';
import { boardRowKey } from '../boards/pickerRows.ts';
import { STEP_TITLE_KEYS } from '../save/saveFlow.ts';
import { pickerContextOf, type SaveSource } from '../save/saveSource.ts';
import { useSaveController } from '../save/useSaveController.ts';
import { SectionPicker } from '../sections/SectionPicker.tsx';
import { readCreateQuery } from './createQuery.ts';
import { useCreateImage, useRepinPin } from './hooks.ts';
import { useGoBack } from './navigation.ts';
import {
  BOARD_CREATE_PATH,
  mobileRepinPath,
  ownPinIdFromUrl,
  saveMethodOf,
  sectionCreatePath,
} from './paths.ts';
import type { PinCreatePageMethod } from './paths.ts';
import { readCreateAction } from './createAction.ts';
// After the features' stylesheets: the page's own rules win over theirs.
import './pinCreate.css';

/** /pin/create/{method}/ on a mobile device: a new pin from the query's media or url. */
export function MobileCreatePinPage({ method }: { method: PinCreatePageMethod }) {
  const viewer = useViewer();
  const location = useLocation();
  const query = useMemo(
    () => readCreateQuery(location.search, window.location.origin),
    [location.search],
  );
  const action = readCreateAction(location.search, window.location.origin);
  if (viewer.isPending) return <LoadingState />;
  if (!viewer.data) return <Navigate to="/" replace />;
  if (action.action === 'invalid') return <UnknownAction />;
  if (action.action === 'repin') return <Navigate to={mobileRepinPath(action.pinId)} replace />;
  const ownPinId = ownPinIdFromUrl(query.url, window.location.origin);
  if (ownPinId) return <Navigate to={mobileRepinPath(ownPinId)} replace />;
  return <MobileCreate method={method} query={query} />;
}

function UnknownAction() {
  const { t } = useTranslation(SAVING_NAMESPACE);
  return <NotFoundState title={t('details.unknownAction')} />;
}

function MobileCreate({
  method,
  query,
}: {
  method: PinCreatePageMethod;
  query: ReturnType<typeof readCreateQuery>;
}) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const state = useCreateImage(query);
  const [pickerContext] = useState<PickerPinContext>(() => ({
    description: query.description || undefined,
    link: query.url ?? undefined,
  }));
  const source = useMemo<SaveSource | null>(
    () =>
      state.kind === 'ready'
        ? {
            kind: 'create',
            method: saveMethodOf(method),
            image: state.image.source,
            link: state.image.link,
            title: state.image.title,
            description: state.image.description,
            color: query.color,
            guid: query.guid,
            query: query.raw,
          }
        : null,
    [state, method, query],
  );
  if (state.kind === 'finding') return <LoadingState />;
  if (state.kind === 'none' || !source) {
    return (
      <div className="page-state">
        <h1 className="page-state__title">{t('create.noImageTitle')}</h1>
        <p className="page-state__message">
          {state.kind === 'none' && state.reason === 'noImage'
            ? t('create.noImage')
            : t('create.missingImage')}
        </p>
      </div>
    );
  }
  return <MobileSaveFlow source={source} pickerContext={pickerContext} />;
}

/** /pin/{id}/repin/x/: saving an existing pin on a mobile device. */
export function MobileRepinPage() {
  const { id = '' } = useParams();
  const { i18n } = useTranslation();
  ensureSavingCatalogue(i18n);
  const viewer = useViewer();
  const pin = useRepinPin(id);
  const source = useMemo<SaveSource | null>(
    () => (pin.data ? { kind: 'repin', pin: pin.data } : null),
    [pin.data],
  );
  if (viewer.isPending) return <LoadingState />;
  if (!viewer.data) return <Navigate to="/" replace />;
  if (source) return <MobileSaveFlow source={source} pickerContext={pickerContextOf(source)} />;
  if (pin.isError) return <ErrorState onRetry={() => pin.refetch()} />;
  return <LoadingState />;
}

function MobileSaveFlow({
  source,
  pickerContext,
}: {
  source: SaveSource;
  pickerContext: PickerPinContext;
}) {
  const { t, i18n } = useTranslation(SAVING_NAMESPACE);
  const goBack = useGoBack();
  // §2.2: success shows the mobile toast and goes back; failure apologises and resets the row;
  // Cancel on the board list goes back, Back on the section list returns to the boards.
  const controller = useSaveController({
    source,
    surface: 'mobile',
    closeOnFailure: false,
    onSaved: goBack,
    onClose: goBack,
  });
  const { state } = controller;
  const listboxId = useId();
  const picker = usePickerBoards(pickerContext, false);
  const title = t(STEP_TITLE_KEYS[state.step === 'sections' ? 'sections' : 'boards']);
  useDocumentTitle(title);

  const sorted = useMemo(
    () => sortBoardsByName(picker.boards, i18n.language),
    [picker.boards, i18n.language],
  );
  const view = useMemo(
    () => boardPickerView(sorted, { shortlistIds: picker.shortlistIds, locale: i18n.language }),
    [sorted, picker.shortlistIds, i18n.language],
  );
  const groups = boardListGroups(
    view,
    (prefix, board: PickerBoardItem) => ({
      key: `${prefix}:${board.id}`,
      content: <BoardRow board={board} ranges={[]} state={state.rows[boardRowKey(board.id)]} />,
      onSelect: () => controller.chooseBoard(board),
    }),
    { topChoices: t('picker.topChoices'), allBoards: t('picker.allBoards') },
  );
  const listState = usePickerState(groups, { disabled: state.saving });

  const board = state.board;
  const inSections = state.step === 'sections' && board !== null;
  return (
    <div className="mobile-create" aria-busy={state.saving || undefined}>
      <header className="mobile-create__header">
        <button
          type="button"
          className="button button--tertiary"
          onClick={controller.back}
          disabled={state.saving}
        >
          {inSections ? t('mobile.back') : t('mobile.cancel')}
        </button>
        <h1 className="mobile-create__title">{title}</h1>
      </header>
      <div className="mobile-create__body">
        {inSections ? (
          <SectionPicker
            board={board}
            rows={state.rows}
            saving={state.saving}
            onChoose={controller.chooseSection}
          />
        ) : picker.isPending ? (
          <LoadingState />
        ) : picker.isError ? (
          <ErrorState onRetry={picker.retry} />
        ) : (
          <>
            <PickerListbox
              id={listboxId}
              label={t('picker.listLabel')}
              groups={groups}
              state={listState}
              disabled={state.saving}
              focusable
            />
            {picker.isLoadingMore ? (
              <div className="picker-note" role="status">
                <span className="spinner spinner--small" aria-hidden="true" />{' '}
                {t('picker.loadingMore')}
              </div>
            ) : null}
          </>
        )}
      </div>
      <footer className="mobile-create__footer">
        {inSections ? (
          <Link to={sectionCreatePath(board.id)} className="button button--secondary">
            {t('mobile.createSection')}
          </Link>
        ) : (
          <Link to={BOARD_CREATE_PATH} className="button button--secondary">
            {t('mobile.createBoard')}
          </Link>
        )}
      </footer>
      {state.saving ? <LoadingOverlay label={t('mobile.saving')} /> : null}
    </div>
  );
}
