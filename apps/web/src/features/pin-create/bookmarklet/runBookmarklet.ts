// The bookmarklet itself: on the page being browsed, an overlay (plain DOM we add to the page,
// no iframe) lists the usable images; choosing one opens our create page in a pop-up with the
// page's url, the image (media) and a description (the selected text, else the page's title).
//
// SELF-CONTAINED ON PURPOSE (see collectImages.ts): its source text runs from a `javascript:`
// URL on a page that may forbid every script, style sheet and frame of ours by CSP. So it only
// touches the DOM, styles elements through the CSSOM (allowed where inline style attributes
// are not), never fetches from our origin, and only opens a window — which CSP does not govern.
import type { BookmarkletImage, collectPinnableImages } from './collectImages.ts';

export interface BookmarkletConfig {
  /** Our origin, e.g. https://corkboard.example: where the pop-up opens. */
  readonly origin: string;
  readonly createPath: string;
  readonly minSideExclusive: number;
  readonly popupWidth: number;
  readonly popupHeight: number;
  readonly descriptionMaxLength: number;
  readonly copy: {
    readonly title: string;
    readonly close: string;
    readonly noImages: string;
    readonly save: string;
    /** With {{number}} and {{count}}. */
    readonly image: string;
  };
}

/** The id of the overlay element; running the bookmarklet again while it is open closes it. */
export const BOOKMARKLET_OVERLAY_ID = 'corkboard-bookmarklet-overlay';

export function runBookmarklet(
  collect: typeof collectPinnableImages,
  config: BookmarkletConfig,
): void {
  const doc = document;
  const win = window;
  // BOOKMARKLET_OVERLAY_ID, spelled out: this function cannot name anything of its module.
  const overlayId = 'corkboard-bookmarklet-overlay';
  const existing = doc.getElementById(overlayId);
  if (existing) {
    existing.remove();
    return;
  }
  const previousFocus = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;

  const make = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    styles: Record<string, string>,
    attributes: Record<string, string> = {},
  ): HTMLElementTagNameMap[K] => {
    const element = doc.createElement(tag);
    // `important`: the page's own style sheets must not restyle the overlay.
    for (const name of Object.keys(styles)) {
      element.style.setProperty(name, styles[name] ?? '', 'important');
    }
    for (const name of Object.keys(attributes)) {
      element.setAttribute(name, attributes[name] ?? '');
    }
    return element;
  };

  const font =
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Helvetica, Arial, sans-serif';
  const overlay = make(
    'div',
    {
      position: 'fixed',
      inset: '0',
      'z-index': '2147483647',
      overflow: 'auto',
      background: 'rgba(255, 255, 255, 0.97)',
      color: '#111111',
      'font-family': font,
      'font-size': '16px',
      'line-height': '1.4',
      'text-align': 'left',
    },
    { role: 'dialog', 'aria-modal': 'true', 'aria-label': config.copy.title },
  );
  overlay.id = overlayId;

  const header = make('div', {
    display: 'flex',
    'align-items': 'center',
    'justify-content': 'space-between',
    gap: '16px',
    padding: '16px 24px',
    position: 'sticky',
    top: '0',
    background: '#ffffff',
    'box-shadow': '0 1px 8px rgba(0, 0, 0, 0.1)',
  });
  const title = make('h2', { margin: '0', 'font-size': '20px', 'font-weight': '700' });
  title.textContent = config.copy.title;
  const closeButton = make(
    'button',
    {
      width: '44px',
      height: '44px',
      border: '0',
      'border-radius': '50%',
      background: '#e9e9e9',
      color: '#111111',
      'font-size': '24px',
      cursor: 'pointer',
    },
    { type: 'button', 'aria-label': config.copy.close },
  );
  closeButton.textContent = '×';
  header.append(title, closeButton);

  const grid = make('div', {
    display: 'grid',
    'grid-template-columns': 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: '16px',
    padding: '24px',
  });
  const message = make('p', { margin: '24px', 'font-size': '18px' }, { role: 'status' });
  overlay.append(header, grid, message);

  const close = (): void => {
    overlay.remove();
    doc.removeEventListener('keydown', onKey, true);
    if (previousFocus && previousFocus.isConnected) previousFocus.focus();
  };

  function onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep keyboard focus inside the overlay while it is open.
    const focusable = Array.from(overlay.querySelectorAll<HTMLElement>('button'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = doc.activeElement;
    if (event.shiftKey && (active === first || !overlay.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !overlay.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  const description = (): string => {
    const selected = win.getSelection ? String(win.getSelection() ?? '').trim() : '';
    return (selected || doc.title || '').trim().slice(0, config.descriptionMaxLength);
  };

  const open = (image: BookmarkletImage): void => {
    const params = new URLSearchParams({
      url: win.location.href,
      media: image.url,
      description: description(),
    });
    const left = Math.max(0, Math.round((win.screen.width - config.popupWidth) / 2));
    const top = Math.max(0, Math.round((win.screen.height - config.popupHeight) / 2));
    win.open(
      `${config.origin}${config.createPath}?${params.toString()}`,
      `corkboard_pin_create_${Date.now()}`,
      `width=${config.popupWidth},height=${config.popupHeight},left=${left},top=${top},resizable=yes,scrollbars=yes`,
    );
    close();
  };

  const tiles: HTMLButtonElement[] = [];
  const relabel = (): void => {
    tiles.forEach((tile, index) => {
      tile.setAttribute(
        'aria-label',
        config.copy.image
          .replace('{{number}}', String(index + 1))
          .replace('{{count}}', String(tiles.length)),
      );
    });
    message.textContent = tiles.length === 0 ? config.copy.noImages : '';
  };

  const addTile = (image: BookmarkletImage, first: boolean): void => {
    const tile = make(
      'button',
      {
        position: 'relative',
        display: 'block',
        width: '100%',
        padding: '0',
        border: '0',
        'border-radius': '16px',
        overflow: 'hidden',
        background: '#efefef',
        cursor: 'pointer',
      },
      { type: 'button' },
    );
    const picture = make(
      'img',
      {
        display: 'block',
        width: '100%',
        height: 'auto',
        'max-height': '480px',
        'object-fit': 'cover',
      },
      { alt: '' },
    );
    picture.src = image.url;
    const label = make('span', {
      position: 'absolute',
      top: '8px',
      right: '8px',
      padding: '8px 14px',
      'border-radius': '20px',
      background: '#e60023',
      color: '#ffffff',
      'font-weight': '700',
      'font-family': font,
    });
    label.textContent = config.copy.save;
    label.setAttribute('aria-hidden', 'true');
    tile.append(picture, label);
    tile.addEventListener('click', () => open(image));
    if (first) {
      grid.prepend(tile);
      tiles.unshift(tile);
    } else {
      grid.append(tile);
      tiles.push(tile);
    }
  };

  const images = collect(doc, config.minSideExclusive);
  let waiting = 0;
  for (const image of images) {
    if (image.width !== null && image.height !== null) {
      addTile(image, false);
      continue;
    }
    // An og:image without a declared size: load it to measure, then offer it first if usable.
    waiting += 1;
    const probe = new Image();
    const settle = (): void => {
      waiting -= 1;
      if (
        probe.naturalWidth > config.minSideExclusive &&
        probe.naturalHeight > config.minSideExclusive &&
        overlay.isConnected
      ) {
        addTile({ ...image, width: probe.naturalWidth, height: probe.naturalHeight }, true);
      }
      if (waiting === 0) relabel();
    };
    probe.onload = settle;
    probe.onerror = settle;
    probe.src = image.url;
  }
  if (waiting === 0 || tiles.length > 0) relabel();

  closeButton.addEventListener('click', close);
  doc.addEventListener('keydown', onKey, true);
  (doc.body ?? doc.documentElement).append(overlay);
  (tiles[0] ?? closeButton).focus();
}
