// The Facebook JavaScript SDK in the page (auth.md §7; docs/decisions/135): version v2.7, the
// scopes public_profile, email, user_friends, loaded from the host the server names (Facebook's,
// or the local stand-in's) in the visitor's locale, and polled for `window.FB` up to 20 times at
// 100 ms. It is loaded when a view shows the Facebook button, so that the click can open the
// login pop-up at once (a pop-up opened later, outside the click, is blocked).

/** auth.md §7: the SDK version and the scopes asked for. */
export const FACEBOOK_SDK_VERSION = 'v2.7';
export const FACEBOOK_SCOPES = 'public_profile,email,user_friends';
/** auth.md §7: "polled up to 20 tries at 100 ms". */
export const FACEBOOK_SDK_POLL_TRIES = 20;
export const FACEBOOK_SDK_POLL_INTERVAL_MS = 100;

/**
 * auth.md §7 "a locale mapping (Spanish to es_LA, Arabic to ar_AR, and so on)": Facebook's
 * locale for a bare language. A language tag with a region uses it (`en-GB` → `en_GB`), except
 * where this table must win (Facebook has one Spanish for Latin America, one Arabic).
 */
export const FACEBOOK_LOCALES: Readonly<Record<string, string>> = {
  es: 'es_LA',
  ar: 'ar_AR',
  en: 'en_US',
  fr: 'fr_FR',
  de: 'de_DE',
  it: 'it_IT',
  pt: 'pt_BR',
  nl: 'nl_NL',
  sv: 'sv_SE',
  da: 'da_DK',
  nb: 'nb_NO',
  fi: 'fi_FI',
  pl: 'pl_PL',
  cs: 'cs_CZ',
  ru: 'ru_RU',
  uk: 'uk_UA',
  tr: 'tr_TR',
  el: 'el_GR',
  he: 'he_IL',
  hi: 'hi_IN',
  id: 'id_ID',
  ms: 'ms_MY',
  th: 'th_TH',
  vi: 'vi_VN',
  ja: 'ja_JP',
  ko: 'ko_KR',
  zh: 'zh_CN',
};
const LOCALE_ALWAYS_MAPPED = new Set(['es', 'ar']);
export const FACEBOOK_DEFAULT_LOCALE = 'en_US';

/** The SDK locale for a BCP 47 language tag (`es-MX` → `es_LA`, `fr-CA` → `fr_CA`). */
export function facebookLocale(languageTag: string | undefined): string {
  const [language = '', region] = (languageTag ?? '').split(/[-_]/);
  const base = language.toLowerCase();
  const mapped = FACEBOOK_LOCALES[base];
  if (mapped && LOCALE_ALWAYS_MAPPED.has(base)) return mapped;
  if (/^[a-z]{2}$/.test(base) && region && /^[A-Za-z]{2}$/.test(region)) {
    return `${base}_${region.toUpperCase()}`;
  }
  return mapped ?? FACEBOOK_DEFAULT_LOCALE;
}

export interface FacebookAuthResponse {
  accessToken: string;
  userID: string;
  grantedScopes?: string;
}

export interface FacebookLoginStatus {
  status: 'connected' | 'not_authorized' | 'unknown';
  authResponse: FacebookAuthResponse | null;
}

export interface FacebookLoginOptions {
  scope: string;
  return_scopes: boolean;
  auth_type?: 'rerequest';
}

export interface FacebookSdk {
  init(options: { appId: string; version: string; cookie: boolean; xfbml: boolean }): void;
  login(callback: (response: FacebookLoginStatus) => void, options: FacebookLoginOptions): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

export interface FacebookSdkSource {
  sdkBaseUrl: string;
  appId: string;
  locale: string;
}

/** Waits for `window.FB`: up to FACEBOOK_SDK_POLL_TRIES checks, FACEBOOK_SDK_POLL_INTERVAL_MS apart. */
function pollForSdk(): Promise<FacebookSdk> {
  return new Promise((resolve, reject) => {
    let tries = 0;
    const check = () => {
      const sdk = window.FB;
      if (sdk) {
        resolve(sdk);
        return;
      }
      tries += 1;
      if (tries >= FACEBOOK_SDK_POLL_TRIES) {
        reject(new Error('The Facebook SDK did not appear'));
        return;
      }
      setTimeout(check, FACEBOOK_SDK_POLL_INTERVAL_MS);
    };
    check();
  });
}

const loads = new Map<string, Promise<FacebookSdk>>();

/** Loads and initialises the SDK once per source; a failed load may be tried again. */
export function loadFacebookSdk(source: FacebookSdkSource): Promise<FacebookSdk> {
  const src = `${source.sdkBaseUrl}/${source.locale}/sdk.js`;
  const key = `${src}#${source.appId}`;
  const existing = loads.get(key);
  if (existing) return existing;
  const loading = new Promise<FacebookSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      pollForSdk()
        .then((sdk) => {
          sdk.init({
            appId: source.appId,
            version: FACEBOOK_SDK_VERSION,
            cookie: false,
            xfbml: false,
          });
          resolve(sdk);
        })
        .catch(reject);
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('The Facebook SDK could not be loaded'));
    };
    document.head.appendChild(script);
  });
  loads.set(key, loading);
  loading.catch(() => loads.delete(key));
  return loading;
}

/** What a Facebook login attempt ended with, by whichever path. */
export type FacebookConnectResult =
  | { ok: true; accessToken: string; userId: string | null; grantedScopes: string[] | null }
  | { ok: false; reason: 'popups' | 'authorize' };

/**
 * FB.login with the spec's scopes; must be called inside the click (it opens a pop-up).
 * `rerequest` asks again for permissions the person declined (auth.md §4 "ask again for the
 * email scope").
 */
export function sdkLogin(
  sdk: FacebookSdk,
  rerequest: boolean,
  done: (result: FacebookConnectResult) => void,
): void {
  sdk.login(
    (response) => {
      const auth = response.authResponse;
      if (response.status !== 'connected' || !auth) {
        done({ ok: false, reason: 'authorize' });
        return;
      }
      done({
        ok: true,
        accessToken: auth.accessToken,
        userId: auth.userID,
        grantedScopes: auth.grantedScopes ? auth.grantedScopes.split(',') : null,
      });
    },
    {
      scope: FACEBOOK_SCOPES,
      return_scopes: true,
      ...(rerequest ? { auth_type: 'rerequest' as const } : {}),
    },
  );
}
