import type { Board } from '@corkboard/shared/api-types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { internalPath } from './links.ts';
import { SecretBadge } from './SecretBadge.tsx';

/** Board cover (one large and two small images), name and pin count, linking to the board. */
export function BoardCard({ board }: { board: Board }) {
  const { t } = useTranslation();
  const covers = board.cover_images.slice(0, 3);
  return (
    <Link to={internalPath(board.url)} className="board-card">
      <span className="board-card__cover" aria-hidden="true">
        {[0, 1, 2].map((slot) => {
          const image = covers[slot];
          return (
            <span key={slot} className={`board-card__cover-slot board-card__cover-slot--${slot}`}>
              {image ? (
                <img
                  src={image.url}
                  alt=""
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
            </span>
          );
        })}
      </span>
      <span className="board-card__name">{board.name}</span>{' '}
      <span className="board-card__meta">
        {t('count.pins', { count: board.pin_count })}
        {board.privacy === 'secret' ? <SecretBadge /> : null}
      </span>
    </Link>
  );
}
