import type { Board } from '@corkboard/shared/api-types';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { internalPath } from './links.ts';
import { SecretBadge } from './SecretBadge.tsx';

/**
 * Board cover (one large and two small images), name and pin count, linking to the board.
 * `action` is a control beside the link (the follows feature's Follow button, filled in by the
 * page), never inside it: a button in a link is not reachable on its own.
 */
export function BoardCard({ board, action }: { board: Board; action?: ReactNode }) {
  if (action === undefined) return <BoardCardLink board={board} />;
  return (
    <div className="board-card-frame">
      <BoardCardLink board={board} />
      <div className="board-card__action">{action}</div>
    </div>
  );
}

function BoardCardLink({ board }: { board: Board }) {
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
