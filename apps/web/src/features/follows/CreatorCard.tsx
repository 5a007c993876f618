// The creator card of the pin-saved dialog (saving.md §2.9): the link domain's official user —
// avatar and name linking to their profile (/{username}/, §2.10) — and a Follow button.
// Following is optimistic: the button says 'Following' at once and goes back if the request
// fails (§4 "User follow and unfollow behave the same"). §8 "Follow and unfollow failures
// silently revert the state": the dialog passes no onFollowError, so nothing else is shown.
// The button keeps one name ('Follow {name}') and tells its state with aria-pressed.
import './follows.css';
import type { FollowableUser } from '@corkboard/shared/api-types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { profilePath } from '../../ui/links.ts';
import { useFollowUser } from './hooks.ts';

/** Not in the spec: the card's avatar size. */
export const CREATOR_AVATAR_SIZE = 40;

interface CreatorCardProps {
  user: FollowableUser;
  /** The link's domain, named under the person. */
  domain: string;
  /** The pin the follow comes from (§7 aux_data pin_id). */
  pinId: string;
  /** Called after a failed follow or unfollow has been put back. */
  onFollowError?: ((error: unknown) => void) | undefined;
}

export function CreatorCard({ user, domain, pinId, onFollowError }: CreatorCardProps) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const setFollow = useFollowUser();
  const [following, setFollowing] = useState(user.followed_by_me);
  const [busy, setBusy] = useState(false);
  const name = user.full_name || user.username;

  async function toggle(): Promise<void> {
    // One request at a time: a second press while one runs would race the rollback.
    if (busy) return;
    const next = !following;
    setFollowing(next);
    setBusy(true);
    try {
      await setFollow(user, next, { pinId });
    } catch (error) {
      setFollowing(!next);
      onFollowError?.(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="creator-card">
      <Link to={profilePath(user.username)} className="person-link creator-card__person">
        <Avatar user={user} size={CREATOR_AVATAR_SIZE} />
        <span className="creator-card__text">
          <span className="creator-card__name">{name}</span>
          <span className="creator-card__domain">{t('saved.creatorDomain', { domain })}</span>
        </span>
      </Link>
      <button
        type="button"
        className={following ? 'button button--secondary' : 'button button--primary'}
        aria-pressed={following}
        aria-label={t('saved.followName', { name })}
        onClick={() => void toggle()}
      >
        {following ? t('saved.following') : t('saved.follow')}
      </button>
    </div>
  );
}
