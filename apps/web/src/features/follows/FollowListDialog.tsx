// A profile's followers or the people they follow (issue 10 "followers/following lists on
// profiles"), in a dialog: each person links to their profile and, for a signed-in viewer, has
// a Follow button (optimistic, silently reverted, saving.md §4/§8). Paged with 'Show more'.
import type { UserFollowData } from '@corkboard/shared/saving/api';
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flattenPages } from '../../api/lists.ts';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { profilePath } from '../../ui/links.ts';
import { Modal } from '../../ui/Modal.tsx';
import { EmptyState, ErrorState, Spinner } from '../../ui/PageStates.tsx';
import { useViewer } from '../session/hooks.ts';
import { useFollowList, useFollowUser, useOptimisticToggle } from './hooks.ts';
import './follows.css';

/** Not in the spec: the list's width. */
export const FOLLOW_LIST_WIDTH = 420;

export function FollowListDialog({
  username,
  side,
  onDismiss,
}: {
  username: string;
  side: 'followers' | 'following';
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const headingId = useId();
  const list = useFollowList(username, side);
  const viewer = useViewer();
  const people = useMemo(() => flattenPages(list.data), [list.data]);
  return (
    <Modal
      labelledBy={headingId}
      onDismiss={onDismiss}
      closeLabel={t('follow.close')}
      width={FOLLOW_LIST_WIDTH}
    >
      <h2 id={headingId} className="heading heading--lg">
        {side === 'followers' ? t('follow.followersTitle') : t('follow.followingTitle')}
      </h2>
      {list.isPending ? <Spinner label={t('follow.followersTitle')} /> : null}
      {list.isError && !list.data ? <ErrorState onRetry={() => list.refetch()} /> : null}
      {list.data && people.length === 0 ? (
        <EmptyState
          title={side === 'followers' ? t('follow.followersEmpty') : t('follow.followingEmpty')}
        />
      ) : null}
      <ul className="follow-list">
        {people.map((person) => (
          <li key={person.id} className="follow-list__row">
            <Link to={profilePath(person.username)} className="person-link" onClick={onDismiss}>
              <Avatar user={person} size={40} />
              <span>{person.full_name || person.username}</span>
            </Link>
            {viewer.data && viewer.data.id !== person.id ? <PersonFollow person={person} /> : null}
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('follow.showMore')}
        </button>
      ) : null}
    </Modal>
  );
}

function PersonFollow({ person }: { person: UserFollowData }) {
  const { t } = useTranslation(ORGANISE_NAMESPACE);
  const followUser = useFollowUser();
  const send = useCallback((next: boolean) => followUser(person, next), [followUser, person]);
  const { on, toggle } = useOptimisticToggle(person.followed_by_me, send);
  const name = person.full_name || person.username;
  return (
    <button
      type="button"
      className={on ? 'button button--secondary' : 'button button--primary'}
      aria-pressed={on}
      aria-label={t(on ? 'follow.followingPerson' : 'follow.followPerson', { name })}
      onClick={() => void toggle()}
    >
      {on ? t('follow.following') : t('follow.follow')}
    </button>
  );
}
