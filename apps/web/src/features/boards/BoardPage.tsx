import type { BoardDetail, BoardSection, ImageVariant } from '@corkboard/shared/api-types';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Avatar } from '../../ui/Avatar.tsx';
import { isApiError } from '../../ui/isApiError.ts';
import { profilePath } from '../../ui/links.ts';
import { ErrorState, LoadingState, NotFoundState } from '../../ui/PageStates.tsx';
import { PinGrid } from '../../ui/PinGrid.tsx';
import { SecretBadge } from '../../ui/SecretBadge.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useBoard, useBoardPins } from './hooks.ts';

export const SECTION_PARAM = 'section';

interface BoardPageProps {
  /**
   * Controls under the board's header that other features bring (the section feature's 'Add
   * section'); app/ fills the slot, so boards/ needs no feature that builds on it.
   */
  actions?: ((board: BoardDetail) => ReactNode) | undefined;
  /**
   * The Organise mode (the organise feature, filled in by app/): shown instead of the pin grid
   * while the viewer organises; offered to people who may write to the board.
   */
  organiser?: ((props: OrganiserSlotProps) => ReactNode) | undefined;
  /**
   * The Reorder mode (the organise feature, filled in by app/): its header button, and the view
   * shown instead of the pin grid while the viewer arranges pins; for people who may write.
   */
  reorderer?:
    | {
        button: (onStart: () => void) => ReactNode;
        view: (props: OrganiserSlotProps) => ReactNode;
      }
    | undefined;
}

export interface OrganiserSlotProps {
  board: BoardDetail;
  sectionId: string | undefined;
  onDone: () => void;
}

export function BoardPage({ actions, organiser, reorderer }: BoardPageProps) {
  const { username = '', slug = '' } = useParams();
  const { t } = useTranslation();
  const board = useBoard(username, slug);
  const notFound =
    isApiError(board.error, 'BOARD_NOT_FOUND') || isApiError(board.error, 'USER_NOT_FOUND');
  useDocumentTitle(notFound ? t('notFound.board') : board.data?.name);

  if (board.data)
    return (
      <Board board={board.data} actions={actions} organiser={organiser} reorderer={reorderer} />
    );
  if (notFound) return <NotFoundState title={t('notFound.board')} />;
  if (board.isError) return <ErrorState onRetry={() => board.refetch()} />;
  return <LoadingState />;
}

function Board({ board, actions, organiser, reorderer }: { board: BoardDetail } & BoardPageProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<'view' | 'organise' | 'reorder'>('view');
  const organising = mode === 'organise';
  const writable = board.board_access.includes('write');
  const canOrganise = organiser !== undefined && writable;
  const sectionId = params.get(SECTION_PARAM) ?? undefined;
  const section = board.sections.find((candidate) => candidate.id === sectionId);
  return (
    <>
      <header className="page-header">
        <div className="page-header__body">
          <h1 className="heading heading--xl">{board.name}</h1>
          {board.privacy === 'secret' ? <SecretBadge /> : null}
          {board.description ? <p className="text">{board.description}</p> : null}
          <Link to={profilePath(board.owner.username)} className="person-link">
            <Avatar user={board.owner} size={32} />
            <span>
              <span className="visually-hidden">{t('board.by')}</span>{' '}
              {board.owner.full_name || board.owner.username}
            </span>
          </Link>
          <p className="text text--small text--subtle">
            {t('count.pins', { count: board.pin_count })}
            {board.section_count > 0
              ? ` · ${t('count.sections', { count: board.section_count })}`
              : ''}
          </p>
          {actions?.(board)}
          {canOrganise && mode === 'view' ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setMode('organise')}
            >
              {t('board.organise')}
            </button>
          ) : null}
          {reorderer && writable && mode === 'view'
            ? reorderer.button(() => setMode('reorder'))
            : null}
        </div>
      </header>
      {board.sections.length > 0 ? <SectionNav board={board} currentId={sectionId} /> : null}
      {organising && organiser ? (
        // A new selection per section: a selection never spans what is no longer on screen.
        <Fragment key={sectionId ?? ''}>
          {organiser({ board, sectionId, onDone: () => setMode('view') })}
        </Fragment>
      ) : mode === 'reorder' && reorderer ? (
        <Fragment key={sectionId ?? ''}>
          {reorderer.view({ board, sectionId, onDone: () => setMode('view') })}
        </Fragment>
      ) : (
        <BoardPins board={board} sectionId={sectionId} section={section} />
      )}
    </>
  );
}

function SectionNav({ board, currentId }: { board: BoardDetail; currentId: string | undefined }) {
  const { t } = useTranslation();
  return (
    <nav className="section-nav" aria-label={t('board.sectionsLabel')}>
      <ul className="section-nav__list">
        <li>
          <SectionCard
            search=""
            title={t('board.allPins')}
            pinCount={board.pin_count}
            cover={board.cover_images[0]}
            current={currentId === undefined}
          />
        </li>
        {board.sections.map((section) => (
          <li key={section.id}>
            <SectionCard
              search={`?${new URLSearchParams({ [SECTION_PARAM]: section.id }).toString()}`}
              title={section.title}
              pinCount={section.pin_count}
              cover={section.preview_images[0]}
              current={section.id === currentId}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A cover, title and pin count; switches the grid below to that section (or all pins). */
function SectionCard({
  search,
  title,
  pinCount,
  cover,
  current,
}: {
  search: string;
  title: string;
  pinCount: number;
  cover: ImageVariant | undefined;
  current: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Link to={{ search }} className="section-card" aria-current={current ? 'page' : undefined}>
      <span className="section-card__cover" aria-hidden="true">
        {cover ? (
          <img src={cover.url} alt="" width={cover.width} height={cover.height} loading="lazy" />
        ) : null}
      </span>
      <span className="section-card__title">{title}</span>{' '}
      <span className="section-card__count">{t('count.pins', { count: pinCount })}</span>
    </Link>
  );
}

function BoardPins({
  board,
  sectionId,
  section,
}: {
  board: BoardDetail;
  sectionId: string | undefined;
  section: BoardSection | undefined;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const pins = useBoardPins(board.id, sectionId);
  if (isApiError(pins.error, 'SECTION_NOT_FOUND'))
    return <NotFoundState title={t('notFound.section')} level={2} />;
  return (
    <section aria-labelledby={headingId} className="board-pins">
      <h2 id={headingId} className="visually-hidden">
        {section ? section.title : t('board.pinsHeading')}
      </h2>
      <PinGrid
        query={pins}
        emptyTitle={sectionId ? t('board.sectionEmptyTitle') : t('board.emptyTitle')}
      />
    </section>
  );
}
