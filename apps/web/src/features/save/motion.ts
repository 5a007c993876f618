// Motion helpers: the reduced-motion preference and the confetti burst (saving.md §2.8, §9
// "Confetti 120 particles, about 800 ms"), generated as plain data so it is tested without a DOM.
import { useSyncExternalStore } from 'react';

/** §2.8, §9 "Saved overlay 2600 ms". */
export const SAVED_OVERLAY_MS = 2600;
/** §9 "Confetti 120 particles, about 800 ms". */
export const CONFETTI_PARTICLES = 120;
export const CONFETTI_DURATION_MS = 800;
/**
 * §2.8 "A confetti animation … follows after a delay" (value not shown): it bursts just after
 * the overlay appears, while its message is still on screen.
 */
export const CONFETTI_DELAY_MS = 300;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the person asked for reduced motion: confetti is skipped, overlays do not move. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export interface ConfettiParticle {
  /** Start, as a fraction of the burst area's width (0–1), near its centre. */
  readonly startX: number;
  /** Travel in px: sideways and up (negative) then down under "gravity". */
  readonly dx: number;
  readonly dy: number;
  readonly rotation: number;
  readonly size: number;
  readonly color: string;
  readonly delayMs: number;
  readonly durationMs: number;
}

const CONFETTI_COLOURS = ['#e60023', '#ffc107', '#0074e8', '#00a862', '#a855f7', '#ff7a00'];

/** A small seeded PRNG (mulberry32), so a burst is reproducible in tests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` particles whose animations all end within `totalMs` (a particle's delay plus its
 * duration never exceeds it).
 */
export function confettiParticles(
  random: () => number,
  count: number = CONFETTI_PARTICLES,
  totalMs: number = CONFETTI_DURATION_MS,
): ConfettiParticle[] {
  const particles: ConfettiParticle[] = [];
  for (let index = 0; index < count; index += 1) {
    const delayMs = Math.round(random() * totalMs * 0.2);
    const durationMs = Math.round(totalMs * 0.7 + random() * totalMs * 0.3);
    const angle = -Math.PI / 2 + (random() - 0.5) * Math.PI * 0.9;
    const speed = 120 + random() * 180;
    particles.push({
      startX: 0.35 + random() * 0.3,
      dx: Math.cos(angle) * speed,
      dy: Math.sin(angle) * speed + 160,
      rotation: (random() - 0.5) * 720,
      size: 6 + Math.round(random() * 6),
      color: CONFETTI_COLOURS[index % CONFETTI_COLOURS.length] ?? '#e60023',
      delayMs,
      durationMs: Math.min(durationMs, totalMs - delayMs),
    });
  }
  return particles;
}
