import type { UserSummary } from '@corkboard/shared/api-types';

/**
 * Round profile picture, or the first letter of the name when there is none. Decorative: it is
 * always shown next to the person's name.
 */
export function Avatar({ user, size }: { user: UserSummary; size: number }) {
  const initial = (user.full_name || user.username).trim().charAt(0).toUpperCase();
  return user.image_medium_url ? (
    <img
      className="avatar"
      src={user.image_medium_url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  ) : (
    <span
      className="avatar avatar--initial"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}
