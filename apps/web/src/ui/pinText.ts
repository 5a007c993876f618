import type { Pin } from '@corkboard/shared/api-types';
import type { TFunction } from 'i18next';

/** Alt text for a pin image: its title, else its description, else who pinned it. */
export function pinAltText(pin: Pin, t: TFunction): string {
  const title = pin.title.trim();
  if (title) return title;
  const description = pin.description.trim();
  if (description) return description;
  return t('pinCard.untitled', { name: pin.pinner.full_name || pin.pinner.username });
}

/** An outbound link is shown only for http(s) URLs: never `javascript:` or `data:`. */
export function safeExternalUrl(link: string | null): URL | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
