import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options as preactOptions } from 'preact';
import { afterEach, vi } from 'vitest';

// The app runs on Preact (docs/decisions/186), which runs effects after the next animation frame
// (or a 100 ms timer where there is none). Updates that arrive outside act() — an answer from the
// stubbed API — would then run their effects (document.title, focus, opening a dialog) long after
// the DOM shows the change, where React's scheduler runs them on the next task. Tests run
// effects on the next task too, as React's would in jsdom; the browser keeps Preact's timing.
preactOptions.requestAnimationFrame = (callback) => {
  setTimeout(callback, 0);
};

// Lazy chunks (auth, saving) are imported on first use; on a loaded 2-core CI machine that can
// take longer than Testing Library's 1 s default for findBy/waitFor. Behaviour, not speed, is
// under test here.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout and does not implement scrolling; navigation scrolls to the top.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// jsdom has <dialog> without showModal/close. The modal's own logic (initial focus, Tab wrap,
// Esc, returning focus) runs on top of these; the browser's top layer and inertness are
// checked in Chromium by the e2e journeys.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

// jsdom has no matchMedia. Tests that need a preference stub it themselves.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// Spies are restored by the tests that make them: restoring all here would also undo the
// console.error spy of scripts/vitest-fail-on-console-error.ts before it checks it.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
