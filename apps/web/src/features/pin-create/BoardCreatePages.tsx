// The pages the mobile create-pin page's footer links to (saving.md §2.2): /board/create/ and
// /board/{id}/create_section/. Signed in only; each goes back to where it was opened from when
// done (the create-pin page then lists the new board or section).
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ensureSavingCatalogue, SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useViewer } from '../session/hooks.ts';
import { CreateBoardForm } from '../boards/CreateBoardForm.tsx';
import { useCreateBoardWithInvites, usePickerBoard } from '../boards/hooks.ts';
import { boardCoverUrl } from '../boards/pickerRows.ts';
import { useInviteFailedToast } from '../save/SavingToasts.tsx';
import { useCreateSection } from '../sections/hooks.ts';
import { SectionNameForm } from '../sections/SectionNameForm.tsx';
import { useGoBack } from './navigation.ts';
// After the features' stylesheets: the page's own rules win over theirs.
import './pinCreate.css';

function PageHeader({ title }: { title: string }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const goBack = useGoBack();
  useDocumentTitle(title);
  return (
    <header className="mobile-create__header">
      <button type="button" className="button button--tertiary" onClick={goBack}>
        {t('boardPage.cancel')}
      </button>
      <h1 className="mobile-create__title">{title}</h1>
    </header>
  );
}

export function BoardCreatePage() {
  const { i18n } = useTranslation();
  ensureSavingCatalogue(i18n);
  const viewer = useViewer();
  if (viewer.isPending) return <LoadingState />;
  if (!viewer.data) return <Navigate to="/" replace />;
  return <BoardCreate />;
}

function BoardCreate() {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const createBoard = useCreateBoardWithInvites();
  const inviteFailed = useInviteFailedToast();
  const goBack = useGoBack();
  return (
    <div className="mobile-create">
      <PageHeader title={t('modal.titles.createBoard')} />
      <div className="mobile-create__body mobile-create__body--form">
        <CreateBoardForm
          initialName=""
          advertiser={false}
          busy={false}
          onCancel={goBack}
          onCreate={async (values) => {
            const { invitesFailed } = await createBoard({
              name: values.name,
              secret: values.secret,
              sectionName: values.sectionName,
              invites: values.invites,
            });
            if (invitesFailed) inviteFailed();
            goBack();
          }}
        />
      </div>
    </div>
  );
}

export function SectionCreatePage() {
  const { i18n } = useTranslation();
  ensureSavingCatalogue(i18n);
  const viewer = useViewer();
  if (viewer.isPending) return <LoadingState />;
  if (!viewer.data) return <Navigate to="/" replace />;
  return <SectionCreate />;
}

function SectionCreate() {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const { id = '' } = useParams();
  const board = usePickerBoard(id);
  const createSection = useCreateSection();
  const goBack = useGoBack();
  const writable = board.data?.board_access.includes('write') ?? false;
  return (
    <div className="mobile-create">
      <PageHeader title={t('modal.titles.createSection')} />
      <div className="mobile-create__body mobile-create__body--form">
        {board.isPending ? (
          <LoadingState />
        ) : !board.data || !writable ? (
          <p className="page-state__message" role="alert">
            {t('boardPage.notFound')}
          </p>
        ) : (
          <>
            <p className="mobile-create__board">{board.data.name}</p>
            <SectionNameForm
              thumbUrl={boardCoverUrl(board.data)}
              onSubmit={async (name) => {
                await createSection({ boardId: id, name });
                goBack();
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
