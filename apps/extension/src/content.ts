// Runs on every page. On the configured Corkboard site it answers the product's "is the
// extension installed?" check (the upsell stops; saving.md §7 browser_extension_installed). On
// any other page it shows a Save button over an image under the pointer; a click asks the
// background to open the create page for that image.
//
// Pages with a strict CSP: the button lives in a closed shadow root and is styled through a
// constructed style sheet and the CSSOM, which CSP does not govern; nothing is fetched or
// injected as script.
import {
  EXTENSION_SOURCE,
  httpUrl,
  isExtensionCheck,
  MIN_SIDE_EXCLUSIVE,
  type SaveImageMessage,
} from './protocol.ts';
import { readServer } from './settings.ts';

declare const __BROWSER__: 'chromium' | 'firefox';

const BUTTON_CSS = `
  button {
    position: fixed; z-index: 2147483647; margin: 0; padding: 10px 16px; border: 0;
    border-radius: 24px; background: #e60023; color: #fff; cursor: pointer;
    font: 600 16px/1 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    box-shadow: 0 2px 8px rgb(0 0 0 / 30%);
  }
  button:hover { background: #ad081b; }
  button:focus-visible { outline: 3px solid #0074e8; outline-offset: 2px; }
`;

function answerChecks(origin: string): void {
  const announce = () =>
    window.postMessage(
      {
        source: EXTENSION_SOURCE,
        type: 'installed',
        version: chrome.runtime.getManifest().version,
        browser: __BROWSER__,
      },
      origin,
    );
  window.addEventListener('message', (event) => {
    if (event.source !== window || event.origin !== origin) return;
    if (isExtensionCheck(event.data)) announce();
  });
  announce();
}

function saveButtons(): void {
  const host = document.createElement('corkboard-save-button');
  const root = host.attachShadow({ mode: 'closed' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(BUTTON_CSS);
  root.adoptedStyleSheets = [sheet];
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Save';
  button.setAttribute('aria-label', 'Save to Corkboard');
  root.append(button);
  let current: HTMLImageElement | null = null;

  const hide = () => {
    current = null;
    host.remove();
  };
  const show = (image: HTMLImageElement) => {
    const box = image.getBoundingClientRect();
    if (box.width <= MIN_SIDE_EXCLUSIVE || box.height <= MIN_SIDE_EXCLUSIVE) return;
    if (httpUrl(image.currentSrc || image.src) === null) return;
    current = image;
    button.style.top = `${Math.max(0, box.top) + 12}px`;
    button.style.left = `${Math.max(0, box.left) + 12}px`;
    if (!host.isConnected) document.documentElement.append(host);
  };

  document.addEventListener(
    'mouseover',
    (event) => {
      const target = event.target;
      if (target === host) return;
      if (target instanceof HTMLImageElement) show(target);
      else hide();
    },
    true,
  );
  window.addEventListener('scroll', hide, { passive: true, capture: true });
  button.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    // Only a person's click: the page's own scripts cannot make the extension open windows.
    if (!event.isTrusted) return;
    const image = current;
    if (!image) return;
    const media = httpUrl(image.currentSrc || image.src);
    const url = httpUrl(location.href);
    if (media === null || url === null) return;
    const message: SaveImageMessage = {
      type: 'save-image',
      media,
      url,
      description: image.alt.trim() || document.title,
    };
    void chrome.runtime.sendMessage(message);
    hide();
  });
}

void readServer().then((server) => {
  if (location.origin === server) answerChecks(server);
  else saveButtons();
});
