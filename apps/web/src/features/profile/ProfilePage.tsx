import type { Board, User } from '@corkboard/shared/api-types';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Page } from '../../api/client.ts';
import { flattenPages } from '../../api/lists.ts';
import { BoardFollowButton } from '../follows/BoardFollowButton.tsx';
import { FollowListDialog } from '../follows/FollowListDialog.tsx';
import { UserFollowButton } from '../follows/UserFollowButton.tsx';
import { useViewer } from '../session/hooks.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { BoardCard } from '../../ui/BoardCard.tsx';
import { isApiError } from '../../ui/isApiError.ts';
import {
  EmptyState,
  ErrorState,
  GridSkeleton,
  LoadingState,
  NotFoundState,
  Spinner,
} from '../../ui/PageStates.tsx';
import { PinGrid } from '../../ui/PinGrid.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll.ts';
import { BoardInvites } from '../collaborators/BoardInvites.tsx';
import { ProfileBoardControls, ProfileBoardsReorder } from '../organise/ProfileBoardsOrder.tsx';
import { useUser, useUserBoards, useUserPins } from './hooks.ts';
import { PINS_TAB, TAB_PARAM } from './profileTabs.ts';

export function ProfilePage() {
  const { username = '' } = useParams();
  const { t } = useTranslation();
  const user = useUser(username);
  const notFound = isApiError(user.error, 'USER_NOT_FOUND');
  useDocumentTitle(
    notFound
      ? t('notFound.profile')
      : user.data
        ? user.data.full_name || user.data.username
        : undefined,
  );

  if (user.data) return <Profile user={user.data} />;
  if (notFound) return <NotFoundState title={t('notFound.profile')} />;
  if (user.isError) return <ErrorState onRetry={() => user.refetch()} />;
  return <LoadingState />;
}

function Profile({ user }: { user: User }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const showPins = params.get(TAB_PARAM) === PINS_TAB;
  const viewer = useViewer();
  const ownProfile = viewer.data?.username === user.username;
  const [list, setList] = useState<'followers' | 'following' | null>(null);
  const [reordering, setReordering] = useState(false);
  return (
    <>
      <header className="page-header">
        <div className="page-header__body">
          <Avatar user={user} size={120} />
          <h1 className="heading heading--xl">{user.full_name || user.username}</h1>
          <p className="text text--small text--subtle">
            {t('profile.username', { username: user.username })}
          </p>
          {user.about ? <p className="text">{user.about}</p> : null}
          <p className="text text--small text--bold">
            <button type="button" className="text-button" onClick={() => setList('followers')}>
              {t('count.followers', { count: user.follower_count })}
            </button>{' '}
            ·{' '}
            <button type="button" className="text-button" onClick={() => setList('following')}>
              {t('count.following', { count: user.following_count })}
            </button>
          </p>
          {list ? (
            <FollowListDialog
              username={user.username}
              side={list}
              onDismiss={() => setList(null)}
            />
          ) : null}
          <UserFollowButton user={user} />
        </div>
      </header>
      <nav className="tabs" aria-label={t('profile.tabsLabel')}>
        <Link
          to={{ search: '' }}
          className="tabs__tab"
          aria-current={showPins ? undefined : 'page'}
        >
          {t('profile.boardsTab')}
        </Link>
        <Link
          to={{ search: `?${TAB_PARAM}=${PINS_TAB}` }}
          className="tabs__tab"
          aria-current={showPins ? 'page' : undefined}
        >
          {t('profile.pinsTab')}
        </Link>
      </nav>
      <section
        className="profile-content"
        aria-label={showPins ? t('profile.pinsTab') : t('profile.boardsTab')}
      >
        {showPins ? null : ownProfile ? <BoardInvites username={user.username} /> : null}
        {!showPins && ownProfile ? (
          <ProfileBoardControls
            user={user}
            reordering={reordering}
            onReorderingChange={setReordering}
          />
        ) : null}
        {showPins ? (
          <UserPins username={user.username} />
        ) : reordering && ownProfile ? (
          <ProfileBoardsReorder username={user.username} />
        ) : (
          <UserBoards username={user.username} />
        )}
      </section>
    </>
  );
}

function UserPins({ username }: { username: string }) {
  const { t } = useTranslation();
  const pins = useUserPins(username);
  return <PinGrid query={pins} emptyTitle={t('profile.pinsEmpty')} />;
}

function UserBoards({ username }: { username: string }) {
  const { t } = useTranslation();
  const boards = useUserBoards(username);
  return <BoardGrid query={boards} emptyTitle={t('profile.boardsEmpty')} />;
}

function BoardGrid({
  query,
  emptyTitle,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Board>, string | undefined>>;
  emptyTitle: string;
}) {
  const { t } = useTranslation();
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const boards = useMemo(() => flattenPages(data), [data]);
  const loadMore = useCallback(() => fetchNextPage(), [fetchNextPage]);
  const containerRef = useInfiniteScroll({
    canLoadMore: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    loadMore,
  });

  if (query.isPending) return <GridSkeleton />;
  if (query.isError && !data) return <ErrorState onRetry={() => query.refetch()} />;
  if (boards.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <div>
      <div ref={containerRef}>
        <ul className="board-grid">
          {boards.map((board) => (
            <li key={board.id}>
              <BoardCard board={board} action={<BoardFollowButton board={board} />} />
            </li>
          ))}
        </ul>
      </div>
      {isFetchingNextPage ? <Spinner label={t('state.loading')} /> : null}
      {isFetchNextPageError ? <ErrorState onRetry={loadMore} /> : null}
    </div>
  );
}
