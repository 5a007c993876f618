import type { Pin } from '@corkboard/shared/api-types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pinPath } from './links.ts';
import { usePinCardActions } from './PinCardActions.tsx';
import { PinImage } from './PinImage.tsx';
import { pinAltText } from './pinText.ts';

/**
 * Grid cell: the image (dominant-colour placeholder) and the title, linking to the closeup, and
 * the actions the app gives cards (PinCardActions).
 */
export function PinCard({ pin, displayWidth }: { pin: Pin; displayWidth: string }) {
  const { t } = useTranslation();
  const actions = usePinCardActions();
  const alt = pinAltText(pin, t);
  const title = pin.title.trim();
  return (
    <div className="pin-card">
      <Link to={pinPath(pin.id)} className="pin-card__link">
        <PinImage
          images={pin.images}
          sizes={['236x', '474x']}
          displayWidth={displayWidth}
          alt={alt}
          dominantColor={pin.dominant_color}
        />
        {title ? (
          // The image alt already names the link; reading the visible title too would repeat it.
          <span className="pin-card__title" aria-hidden="true">
            {title}
          </span>
        ) : null}
      </Link>
      {actions?.(pin, alt)}
    </div>
  );
}
