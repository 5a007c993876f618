// The bookmarklet: which images it offers (a pure function over a page), and the script it
// ships, run from its source text in a clean scope as a `javascript:` URL would run it.
import { pinnableImages } from '@corkboard/shared/saving/image-usability';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { bookmarkletConfig, bookmarkletHref, bookmarkletScript } from './bookmarkletHref.ts';
import { collectPinnableImages } from './collectImages.ts';
import { BOOKMARKLET_OVERLAY_ID } from './runBookmarklet.ts';

const copy = {
  title: 'Choose an image to save',
  close: 'Close',
  noImages: 'Sorry, we couldn’t find any images big enough to save on this page.',
  save: 'Save',
  image: 'Save image {{number}} of {{count}}',
};

function page(html: string, base = 'https://shop.example/articles/pie.html'): Document {
  const doc = document.implementation.createHTMLDocument('Cherry pie');
  const baseElement = doc.createElement('base');
  baseElement.href = base;
  doc.head.append(baseElement);
  doc.body.innerHTML = html;
  return doc;
}

const FIXTURE = `
  <meta property="og:image" content="/img/hero.jpg">
  <meta property="og:image:width" content="1200">
  <meta property="og:image:height" content="630">
  <img src="/img/icon.png" width="32" height="32" alt="">
  <img src="/img/tall.jpg" width="300" height="800" alt="">
  <img src="/img/thin.jpg" width="600" height="119" alt="">
  <img src="/img/edge.jpg" width="120" height="120" alt="">
  <img src="https://cdn.example/big.jpg" width="800" height="600" alt="">
  <img src="/img/hero.jpg" width="600" height="315" alt="">
  <img src="data:image/png;base64,AAAA" width="400" height="400" alt="">
  <img src="javascript:alert(1)" width="400" height="400" alt="">
`;

const spies: { mockRestore: () => void }[] = [];

afterEach(() => {
  document.getElementById(BOOKMARKLET_OVERLAY_ID)?.remove();
  document.body.innerHTML = '';
  // Only our own spies: restoring every mock would also undo the console.error guard's.
  for (const spy of spies.splice(0)) spy.mockRestore();
});

describe('collectPinnableImages', () => {
  test('usable means over 119 px on both sides; og:image first, then largest first', () => {
    const images = collectPinnableImages(page(FIXTURE), 119);
    expect(images.map((image) => [image.url, image.source])).toEqual([
      ['https://shop.example/img/hero.jpg', 'og:image'],
      ['https://cdn.example/big.jpg', 'img'],
      ['https://shop.example/img/tall.jpg', 'img'],
      ['https://shop.example/img/edge.jpg', 'img'],
    ]);
    expect(images[0]).toMatchObject({ width: 1200, height: 630 });
  });

  test('agrees with the shared ordering rule', () => {
    const images = collectPinnableImages(page(FIXTURE), 119);
    const shared = pinnableImages(
      images.map((image) => ({
        url: image.url,
        source: image.source,
        width: image.width ?? 0,
        height: image.height ?? 0,
      })),
    );
    expect(shared.map((image) => image.url)).toEqual(images.map((image) => image.url));
  });

  test('an og:image without a declared size is kept for measuring, unless the page shows it small', () => {
    const unknown = collectPinnableImages(
      page('<meta property="og:image" content="https://shop.example/og.jpg">'),
      119,
    );
    expect(unknown).toEqual([
      { url: 'https://shop.example/og.jpg', source: 'og:image', width: null, height: null },
    ]);
    const small = collectPinnableImages(
      page(
        '<meta property="og:image" content="/logo.png"><img src="/logo.png" width="64" height="64" alt="">',
      ),
      119,
    );
    expect(small).toEqual([]);
  });

  test('og:image:secure_url repeating og:image is one image; fragments are dropped', () => {
    const images = collectPinnableImages(
      page(`
        <meta property="og:image" content="https://shop.example/a.jpg#top">
        <meta property="og:image:secure_url" content="https://shop.example/a.jpg">
        <meta property="og:image:width" content="500"><meta property="og:image:height" content="500">
      `),
      119,
    );
    expect(images).toEqual([
      { url: 'https://shop.example/a.jpg', source: 'og:image', width: 500, height: 500 },
    ]);
  });
});

describe('the bookmarklet script', () => {
  function load(html: string) {
    document.title = 'Cherry pie | Shop';
    document.body.innerHTML = html;
  }

  function runScript() {
    const config = bookmarkletConfig('https://corkboard.example', copy);
    // An indirect eval runs in the global scope, as a javascript: URL does: the script sees no
    // module of ours, so it must carry everything it uses.
    const globalEval: (code: string) => unknown = eval;
    globalEval(bookmarkletScript(config));
  }

  test('is a javascript: URL of the whole script', () => {
    const href = bookmarkletHref(bookmarkletConfig('https://corkboard.example', copy));
    expect(href.startsWith('javascript:')).toBe(true);
    expect(decodeURIComponent(href.slice('javascript:'.length))).toBe(
      bookmarkletScript(bookmarkletConfig('https://corkboard.example', copy)),
    );
  });

  test('lists the usable images in an overlay on the page and opens the create page in a pop-up', () => {
    load(`
      <img src="https://shop.example/pie.jpg" width="600" height="800" alt="Pie">
      <img src="https://shop.example/icon.png" width="16" height="16" alt="">
      <img src="https://shop.example/crust.jpg" width="400" height="300" alt="Crust">
    `);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    spies.push(open);
    runScript();

    const overlay = document.getElementById(BOOKMARKLET_OVERLAY_ID);
    expect(overlay).not.toBeNull();
    expect(overlay?.getAttribute('role')).toBe('dialog');
    expect(overlay?.getAttribute('aria-label')).toBe('Choose an image to save');
    expect(overlay?.querySelector('iframe')).toBeNull();
    const tiles = Array.from(overlay?.querySelectorAll('button[aria-label^="Save image"]') ?? []);
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Save image 1 of 2',
      'Save image 2 of 2',
    ]);
    expect(document.activeElement).toBe(tiles[0]);

    (tiles[1] as HTMLButtonElement).click();
    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0] ?? [];
    const opened = new URL(String(url));
    expect(opened.origin + opened.pathname).toBe(
      'https://corkboard.example/pin/create/bookmarklet/',
    );
    expect(opened.searchParams.get('media')).toBe('https://shop.example/crust.jpg');
    expect(opened.searchParams.get('url')).toBe(window.location.href);
    expect(opened.searchParams.get('description')).toBe('Cherry pie | Shop');
    expect(String(features)).toContain('width=750');
    // Choosing closes the overlay.
    expect(document.getElementById(BOOKMARKLET_OVERLAY_ID)).toBeNull();
  });

  test('styles its elements through the CSSOM, never with style attributes in markup', () => {
    load('<img src="https://shop.example/pie.jpg" width="600" height="800" alt="">');
    const setAttribute = vi.spyOn(Element.prototype, 'setAttribute');
    spies.push(setAttribute);
    runScript();
    expect(setAttribute.mock.calls.some(([name]) => name === 'style')).toBe(false);
  });

  test('says so when nothing is big enough; Escape closes it; running it again toggles it', () => {
    load('<img src="https://shop.example/icon.png" width="16" height="16" alt="">');
    runScript();
    const overlay = document.getElementById(BOOKMARKLET_OVERLAY_ID);
    expect(overlay?.textContent).toContain(copy.noImages);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(document.getElementById(BOOKMARKLET_OVERLAY_ID)).toBeNull();

    runScript();
    expect(document.getElementById(BOOKMARKLET_OVERLAY_ID)).not.toBeNull();
    runScript();
    expect(document.getElementById(BOOKMARKLET_OVERLAY_ID)).toBeNull();
  });
});
