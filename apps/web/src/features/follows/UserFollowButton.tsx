// Follow a person from their profile (saving.md §4 "User follow and unfollow behave the same":
// optimistic, silently reverted on failure). Visitors get the sign-up flow; nobody gets a button
// on their own profile.
import type { User } from '@corkboard/shared/api-types';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureOrganiseCatalogue, ORGANISE_NAMESPACE } from '../../i18n/organiseCatalogue.ts';
import { FollowAuthButton } from '../auth/EntryPoints.tsx';
import { useViewer } from '../session/hooks.ts';
import { useFollowUser, useOptimisticToggle } from './hooks.ts';

export function UserFollowButton({ user }: { user: User }) {
  const viewer = useViewer();
  const name = user.full_name || user.username;
  if (viewer.isPending) return null;
  if (!viewer.data) return <FollowAuthButton name={name} imageUrl={user.image_medium_url} />;
  if (viewer.data.id === user.id) return null;
  return <SignedInUserFollow user={user} name={name} />;
}

function SignedInUserFollow({ user, name }: { user: User; name: string }) {
  const { t, i18n } = useTranslation(ORGANISE_NAMESPACE);
  ensureOrganiseCatalogue(i18n);
  const followUser = useFollowUser();
  const send = useCallback((next: boolean) => followUser(user, next), [followUser, user]);
  const { on, toggle } = useOptimisticToggle(user.followed_by_me, send);
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
