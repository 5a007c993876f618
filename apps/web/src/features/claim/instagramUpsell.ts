// The Instagram upsell's conditions (saving.md §2.8; docs/decisions/129): shown once when the
// viewer is signed in, the target url is from that photo site, the viewer has not yet connected,
// the listed website is that site, and the test flag is on; not shown when the user context is
// not the viewer's own (acting as a business profile). "Shown once" is the experience
// platform's (placement instagram_upsell, one view per person), asked only when these all hold.

/** The test flag (packages/shared experiments). */
export const INSTAGRAM_UPSELL_EXPERIMENT = 'web_instagram_upsell';

/** The host of `url` lower-cased without `www.`, or null when it is not an http(s) address. */
function domainOf(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** Whether `url` is on one of the photo site's domains (or a sub-domain of one). */
export function isPhotoSiteUrl(
  url: string | null | undefined,
  siteDomains: readonly string[],
): boolean {
  const domain = domainOf(url);
  if (domain === null) return false;
  return siteDomains.some((site) => domain === site || domain.endsWith(`.${site}`));
}

export interface InstagramUpsellFacts {
  signedIn: boolean;
  /** The address the pin was saved from. */
  targetUrl: string | null | undefined;
  connectedToInstagram: boolean;
  listedWebsiteUrl: string | null;
  /** The photo site's domains, from /v3/users/settings. */
  siteDomains: readonly string[];
  flagOn: boolean;
  /** The viewer saves as themself (not acting as a business profile). */
  ownContext: boolean;
}

/** All of §2.8's conditions; the platform then decides whether it was already shown. */
export function instagramUpsellAllowed(facts: InstagramUpsellFacts): boolean {
  return (
    facts.signedIn &&
    facts.ownContext &&
    facts.flagOn &&
    !facts.connectedToInstagram &&
    isPhotoSiteUrl(facts.targetUrl, facts.siteDomains) &&
    isPhotoSiteUrl(facts.listedWebsiteUrl, facts.siteDomains)
  );
}
