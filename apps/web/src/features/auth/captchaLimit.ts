// auth.md §9: "reCAPTCHA local limit: 3 timestamps kept; blocked if the oldest is within 1 hour."
// The browser remembers when it last had to step up to the harder captcha; after three step-ups
// within an hour it stops offering another and shows the rate-limited dialog instead, so a
// script driving the page cannot buy unlimited attempts with proof of work.

export const CAPTCHA_LIMIT_SIZE = 3;
export const CAPTCHA_LIMIT_WINDOW_MS = 60 * 60 * 1000;
export const CAPTCHA_LIMIT_STORAGE_KEY = 'corkboard.captchaStepUps';

/** Blocked when CAPTCHA_LIMIT_SIZE timestamps are kept and the oldest is within the window. */
export function isCaptchaLimited(timestamps: readonly number[], now: number): boolean {
  if (timestamps.length < CAPTCHA_LIMIT_SIZE) return false;
  const oldest = Math.min(...timestamps);
  return now - oldest < CAPTCHA_LIMIT_WINDOW_MS;
}

/** The kept timestamps after one more step-up at `now`: the newest CAPTCHA_LIMIT_SIZE. */
export function recordCaptcha(timestamps: readonly number[], now: number): number[] {
  return [...timestamps, now].sort((a, b) => a - b).slice(-CAPTCHA_LIMIT_SIZE);
}

export function parseCaptchaTimestamps(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is number => typeof item === 'number' && Number.isFinite(item),
    );
  } catch {
    return [];
  }
}

/** localStorage can be missing or refuse (private modes, quotas): the limit then starts empty. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadCaptchaTimestamps(): number[] {
  return parseCaptchaTimestamps(storage()?.getItem(CAPTCHA_LIMIT_STORAGE_KEY) ?? null);
}

/**
 * Records a step-up at `now` unless the limit is reached. Answers whether the step-up may go
 * ahead.
 */
export function tryCaptchaStepUp(now: number): boolean {
  const kept = loadCaptchaTimestamps();
  if (isCaptchaLimited(kept, now)) return false;
  try {
    storage()?.setItem(CAPTCHA_LIMIT_STORAGE_KEY, JSON.stringify(recordCaptcha(kept, now)));
  } catch {
    // A full or disabled storage only loses the memory of earlier step-ups.
  }
  return true;
}
