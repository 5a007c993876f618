// auth.md §2 "Welcome loading screen": 'Welcome to Corkboard!' and a bar that runs to 95 % over
// 6 seconds while the next page loads. With prefers-reduced-motion the bar does not move: it is
// shown full and indeterminate instead.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { welcomeProgress } from './progress.ts';
import { AuthMark, AuthTitle } from './ViewParts.tsx';

/** How often the bar moves: smooth enough, and cheap. */
const TICK_MS = 100;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export function WelcomeLoading({ headingId }: { headingId: string }) {
  const { t } = useTranslation('auth');
  const reducedMotion = usePrefersReducedMotion();
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    if (reducedMotion) return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), TICK_MS);
    return () => clearInterval(timer);
  }, [reducedMotion]);

  const value = welcomeProgress(elapsed);
  return (
    <div className="auth__view auth__welcome">
      <AuthMark />
      <AuthTitle id={headingId}>{t('welcome.title')}</AuthTitle>
      <div
        className={reducedMotion ? 'progress progress--static' : 'progress'}
        role="progressbar"
        aria-label={t('welcome.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={reducedMotion ? undefined : value}
      >
        <div className="progress__fill" style={{ width: reducedMotion ? '100%' : `${value}%` }} />
      </div>
    </div>
  );
}
