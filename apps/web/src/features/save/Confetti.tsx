// The confetti burst after a save (saving.md §2.8, §9: 120 particles, about 800 ms). Decorative
// (aria-hidden), animated with the Web Animations API, and never rendered under
// prefers-reduced-motion or where the browser cannot animate.
import './save.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  CONFETTI_DELAY_MS,
  CONFETTI_DURATION_MS,
  confettiParticles,
  seededRandom,
  usePrefersReducedMotion,
} from './motion.ts';

export function Confetti({ seed }: { seed: number }) {
  const reducedMotion = usePrefersReducedMotion();
  const [phase, setPhase] = useState<'waiting' | 'bursting' | 'done'>('waiting');
  useEffect(() => {
    if (reducedMotion) return;
    const start = setTimeout(() => setPhase('bursting'), CONFETTI_DELAY_MS);
    const end = setTimeout(() => setPhase('done'), CONFETTI_DELAY_MS + CONFETTI_DURATION_MS);
    return () => {
      clearTimeout(start);
      clearTimeout(end);
    };
  }, [reducedMotion]);
  if (reducedMotion || phase !== 'bursting') return null;
  return <Burst seed={seed} />;
}

function Burst({ seed }: { seed: number }) {
  const particles = useMemo(() => confettiParticles(seededRandom(seed)), [seed]);
  const containerRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const pieces = Array.from(container.children).filter(
      (child): child is HTMLElement => child instanceof HTMLElement,
    );
    pieces.forEach((piece, index) => {
      const particle = particles[index];
      if (!particle || typeof piece.animate !== 'function') return;
      piece.animate(
        [
          { transform: 'translate(0, 0) rotate(0deg)', opacity: 1 },
          {
            transform: `translate(${particle.dx}px, ${particle.dy}px) rotate(${particle.rotation}deg)`,
            opacity: 0,
          },
        ],
        {
          duration: particle.durationMs,
          delay: particle.delayMs,
          easing: 'cubic-bezier(0.2, 0.6, 0.4, 1)',
          fill: 'both',
        },
      );
    });
  }, [particles]);
  return (
    <div ref={containerRef} className="confetti" aria-hidden="true" data-testid="confetti">
      {particles.map((particle, index) => (
        <span
          key={index}
          className="confetti__piece"
          style={{
            left: `${particle.startX * 100}%`,
            width: particle.size,
            height: particle.size * 0.6,
            background: particle.color,
          }}
        />
      ))}
    </div>
  );
}
