// saving.md §2.1 "Which variant is shown depends on a device-type flag. Mobile devices use the
// mobile create-pin page." The flag comes from the browser: User-Agent Client Hints where the
// browser has them, or the User-Agent's "Mobi" token (MDN's recommended test) — either one, as
// an emulated or "request mobile site" browser may change only the User-Agent string.

interface NavigatorLike {
  readonly userAgent: string;
  readonly userAgentData?: { readonly mobile: boolean } | undefined;
}

export function isMobileDevice(navigatorLike: NavigatorLike): boolean {
  return (
    navigatorLike.userAgentData?.mobile === true ||
    /Mobi|Android(?!.*Tablet)/i.test(navigatorLike.userAgent)
  );
}
