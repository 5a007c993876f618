// The browser half of the reCAPTCHA Enterprise provider (CAPTCHA_PROVIDER=recaptcha): loads
// Google's enterprise.js once, on first use, and asks it for a token bound to the action. This
// is the adapter's production path only; the embedded default (ALTCHA) never loads it, so tests
// and local runs reach no outside host. The server adds Google's origins to the CSP only in this
// mode (apps/api/src/plugins/app/security-headers.ts).

/** Google's published loader; `render=<site key>` selects score-based (v3-style) execution. */
export const RECAPTCHA_ENTERPRISE_SCRIPT = 'https://www.google.com/recaptcha/enterprise.js';

interface GrecaptchaEnterprise {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: { enterprise?: GrecaptchaEnterprise };
  }
}

const loaded = new Map<string, Promise<GrecaptchaEnterprise>>();

export function recaptchaScriptUrl(siteKey: string): string {
  const url = new URL(RECAPTCHA_ENTERPRISE_SCRIPT);
  url.searchParams.set('render', siteKey);
  return url.toString();
}

function loadEnterprise(siteKey: string, timeoutMs: number): Promise<GrecaptchaEnterprise> {
  let pending = loaded.get(siteKey);
  if (!pending) {
    pending = new Promise<GrecaptchaEnterprise>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = recaptchaScriptUrl(siteKey);
      script.async = true;
      const timer = window.setTimeout(
        () => reject(new Error('reCAPTCHA did not load in time')),
        timeoutMs,
      );
      script.addEventListener('error', () => {
        window.clearTimeout(timer);
        reject(new Error('reCAPTCHA could not be loaded'));
      });
      script.addEventListener('load', () => {
        const enterprise = window.grecaptcha?.enterprise;
        if (!enterprise) {
          window.clearTimeout(timer);
          reject(new Error('reCAPTCHA loaded without its enterprise API'));
          return;
        }
        enterprise.ready(() => {
          window.clearTimeout(timer);
          resolve(enterprise);
        });
      });
      document.head.append(script);
    });
    // A failed load may be retried on the next attempt (e.g. after a network blip).
    pending.catch(() => loaded.delete(siteKey));
    loaded.set(siteKey, pending);
  }
  return pending;
}

/** A single-use reCAPTCHA Enterprise token for `action`, signed with `siteKey`. */
export async function executeRecaptcha(
  siteKey: string,
  action: string,
  timeoutMs: number,
): Promise<string> {
  const enterprise = await loadEnterprise(siteKey, timeoutMs);
  return enterprise.execute(siteKey, { action });
}
