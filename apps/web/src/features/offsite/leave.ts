// Leaving the product for a checked URL: replace, so Back returns to the pin rather than to the
// /offsite/ page (which would send the person straight out again). Its own module so component
// tests can observe the navigation jsdom cannot perform.
export function leaveTo(url: string): void {
  window.location.replace(url);
}
