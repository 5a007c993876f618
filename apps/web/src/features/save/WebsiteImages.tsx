// saving.md §2.9 "a scrollable grid of several website images (column width 160, at least 3
// columns, max height 540) when more than one website media item exists": the pin-saved dialog
// and the create page's success view show the images of the saved page this way.
import { useTranslation } from 'react-i18next';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import {
  WEBSITE_IMAGE_COLUMN_WIDTH,
  WEBSITE_IMAGE_MIN_COLUMNS,
  WEBSITE_IMAGES_MAX_HEIGHT,
} from './pinSaved.ts';

export function WebsiteImages({ urls }: { urls: readonly string[] }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  return (
    <ul
      className="website-images"
      aria-label={t('saved.websiteImages')}
      style={{
        gridTemplateColumns: `repeat(auto-fill, minmax(${WEBSITE_IMAGE_COLUMN_WIDTH}px, 1fr))`,
        minWidth: WEBSITE_IMAGE_COLUMN_WIDTH * WEBSITE_IMAGE_MIN_COLUMNS,
        maxHeight: WEBSITE_IMAGES_MAX_HEIGHT,
      }}
    >
      {urls.map((url) => (
        <li key={url}>
          <img src={url} alt="" width={WEBSITE_IMAGE_COLUMN_WIDTH} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}
