// Which pages run without the site header. The web app's RootLayout asks on every page
// (first-visit code, so a module of its own, tiny and importing nothing), and the server asks
// before it paints the header into the HTML (apps/api/src/plugins/app/app-shell.ts, ADR 215):
// one list, so the two never disagree about a page.

/**
 * Pages that run without the site header: the pop-up create page (a 750 px window of its own)
 * and the mobile pages, which bring their own fixed header and footer (saving.md §2.1, §2.2).
 */
const CHROMELESS = [
  /^\/pin\/create\/[^/]+\/$/,
  /^\/pin\/\d+\/repin\/x\/$/,
  /^\/board\/create\/$/,
  /^\/board\/\d+\/create_section\/$/,
];

export function isChromelessPath(pathname: string): boolean {
  return CHROMELESS.some((pattern) => pattern.test(pathname));
}
