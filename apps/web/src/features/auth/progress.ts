// auth.md §2, §9: the welcome screen's progress bar runs 6 seconds up to 95 percent (the last
// 5 % belong to the page that loads next).
export const WELCOME_PROGRESS_MS = 6000;
export const WELCOME_PROGRESS_MAX = 95;

export function welcomeProgress(elapsedMs: number): number {
  if (elapsedMs <= 0) return 0;
  return Math.min(
    WELCOME_PROGRESS_MAX,
    Math.round((WELCOME_PROGRESS_MAX * elapsedMs) / WELCOME_PROGRESS_MS),
  );
}
