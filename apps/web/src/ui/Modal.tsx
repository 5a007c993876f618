// A modal dialog on the native <dialog> element with showModal(): the browser makes the page
// behind it inert, puts it in the top layer and fires `cancel` on Esc. On top of that: initial
// focus on the element marked data-autofocus, Tab and Shift+Tab wrap inside the dialog (the
// native dialog would let focus reach the browser's own UI), and focus returns to the element
// that opened it. Styled like Gestalt's Modal (white, 32 px radius, dimmed backdrop).
import './forms.css';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Keyboard-reachable elements inside `root` that belong to it (not to a nested dialog). */
export function focusableElements(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) =>
      !element.closest('[hidden], [inert]') && element.closest('dialog') === root.closest('dialog'),
  );
}

/** Focus the element marked data-autofocus, else the first focusable one, else `root` itself. */
export function focusPreferred(root: HTMLElement): void {
  const preferred = root.querySelector<HTMLElement>('[data-autofocus]');
  const target = preferred ?? focusableElements(root)[0] ?? root;
  target.focus();
}

interface ModalProps {
  /** Id of the dialog's heading. */
  labelledBy: string;
  describedBy?: string | undefined;
  /** Esc, the close button and a click on the backdrop. Omit for a dialog that cannot be dismissed. */
  onDismiss?: (() => void) | undefined;
  /** Accessible name of the close (×) button; no button without it. */
  closeLabel?: string | undefined;
  /** Maximum width in CSS pixels (auth.md §9: 484, 489 for MFA, 480 for the business login). */
  width: number;
  /** False: a click on the backdrop does nothing (saving.md §2.8 "not closed by a click outside"). */
  closeOnOutsideClick?: boolean | undefined;
  children: ReactNode;
}

export function Modal({
  labelledBy,
  describedBy,
  onDismiss,
  closeLabel,
  width,
  closeOnOutsideClick = true,
  children,
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const content = contentRef.current;
    if (!dialog || !content) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    focusPreferred(content);
    return () => {
      if (dialog.open) dialog.close();
      // Chromium restores focus itself; others and unmount-without-close need it done here.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = dialogRef.current;
    if (event.key !== 'Tab' || !dialog) return;
    // Events from a dialog opened on top of this one are that dialog's business.
    if (!(event.target instanceof Element) || event.target.closest('dialog') !== dialog) return;
    const elements = focusableElements(dialog);
    const first = elements[0];
    const last = elements[elements.length - 1];
    if (!first || !last) return;
    if (
      event.shiftKey &&
      (document.activeElement === first || !dialog.contains(document.activeElement))
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      style={{ width: `min(calc(100vw - 16px), ${width}px)` }}
      onCancel={(event) => {
        // Esc: React state decides whether the dialog exists, so the browser must not close it.
        event.preventDefault();
        dismissRef.current?.();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // The dialog element itself is only hit on its backdrop: the content box covers the rest.
        if (closeOnOutsideClick && event.target === dialogRef.current) dismissRef.current?.();
      }}
    >
      <div ref={contentRef} className="modal__content">
        {closeLabel && onDismiss ? (
          <button
            type="button"
            className="icon-button modal__close"
            aria-label={closeLabel}
            onClick={() => dismissRef.current?.()}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path
                d="m15.18 12 7.16-7.16a2.25 2.25 0 1 0-3.18-3.18L12 8.82 4.84 1.66a2.25 2.25 0 1 0-3.18 3.18L8.82 12l-7.16 7.16a2.25 2.25 0 1 0 3.18 3.18L12 15.18l7.16 7.16a2.25 2.25 0 1 0 3.18-3.18z"
                fill="currentColor"
              />
            </svg>
          </button>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
