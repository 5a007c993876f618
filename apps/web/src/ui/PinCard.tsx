import type { Pin } from '@corkboard/shared/api-types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pinPath } from './links.ts';
import { usePinCardActions } from './PinCardActions.tsx';
import { PinImage } from './PinImage.tsx';
import { pinAltText } from './pinText.ts';

/**
 * Grid cell: the image (dominant-colour placeholder) and the title, linking to the closeup, a
 * promoted pin's 'Promoted by {advertiser}' (issue 11), and the actions the app gives cards
 * (PinCardActions).
 */
export function PinCard({
  pin,
  displayWidth,
  priority = false,
}: {
  pin: Pin;
  displayWidth: string;
  /** One of the first cards: its image loads at once, not lazily (PinGrid). */
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const actions = usePinCardActions();
  const alt = pinAltText(pin, t);
  const title = pin.title.trim();
  const promoter = pin.is_promoted ? pin.promoter : undefined;
  return (
    <div className="pin-card">
      <Link
        to={pinPath(pin.id)}
        className="pin-card__link"
        // The closeup's outbound link then counts as this ad's click (docs/decisions/104).
        state={promoter ? { promotedAd: pin.tracking_params } : undefined}
      >
        <PinImage
          images={pin.images}
          sizes={['236x', '474x']}
          displayWidth={displayWidth}
          alt={alt}
          dominantColor={pin.dominant_color}
          priority={priority}
        />
        {title ? (
          // The image alt already names the link; reading the visible title too would repeat it.
          <span className="pin-card__title" aria-hidden="true">
            {title}
          </span>
        ) : null}
      </Link>
      {promoter ? (
        <p className="pin-card__promoted">
          {t('pinCard.promotedBy', { name: promoter.full_name })}
        </p>
      ) : null}
      {actions?.(pin, alt)}
    </div>
  );
}
