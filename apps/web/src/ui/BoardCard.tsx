import type { Board, ImageVariant } from '@corkboard/shared/api-types';
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

/**
 * The large slot is about two thirds of a 236 column (~157 CSS px), the small ones a third: the
 * 170x image fits both at 1x; a 2x screen picks the 236x for the large slot.
 */
const COVER_SLOT_SIZES = ['157px', '78px', '78px'] as const;

/** `src` and `srcSet` of one cover slot: 170x first (decision 143), the 236x as the wider choice. */
export function coverSources(
  small: ImageVariant | undefined,
  large: ImageVariant | undefined,
): { src: string; srcSet: string; width: number; height: number } | null {
  const image = small ?? large;
  if (!image) return null;
  const candidates = [small, large].filter(
    (candidate, index, all): candidate is ImageVariant =>
      candidate !== undefined && all.findIndex((other) => other?.url === candidate.url) === index,
  );
  return {
    src: image.url,
    srcSet: candidates.map((candidate) => `${candidate.url} ${candidate.width}w`).join(', '),
    width: image.width,
    height: image.height,
  };
}

function BoardCardLink({ board }: { board: Board }) {
  const { t } = useTranslation();
  return (
    <Link to={internalPath(board.url)} className="board-card">
      <span className="board-card__cover" aria-hidden="true">
        {[0, 1, 2].map((slot) => {
          const image = coverSources(board.images_170x[slot], board.cover_images[slot]);
          return (
            <span key={slot} className={`board-card__cover-slot board-card__cover-slot--${slot}`}>
              {image ? (
                <img
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes={COVER_SLOT_SIZES[slot]}
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
