// Where the window should be after a navigation. Pure, so the rules are tested without a browser.

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/**
 * Back/forward returns to where the visitor was on that history entry (a feed they scrolled far
 * down); any other move to a different address starts at the top.
 */
export function scrollTargetFor(
  navigationType: NavigationType,
  savedPosition: number | undefined,
): number {
  return navigationType === 'POP' ? (savedPosition ?? 0) : 0;
}

/** A restore can happen once the page is tall enough to scroll that far. */
export function canScrollTo(
  target: number,
  documentHeight: number,
  viewportHeight: number,
): boolean {
  return documentHeight - viewportHeight >= target;
}
