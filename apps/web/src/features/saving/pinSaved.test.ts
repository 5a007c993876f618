import { describe, expect, test } from 'vitest';
import { savedMedia, seeItNowTone, showsCreatorCard, showsWebsiteImages } from './pinSaved.ts';
import {
  confettiParticles,
  CONFETTI_DURATION_MS,
  CONFETTI_PARTICLES,
  seededRandom,
} from './motion.ts';

describe('pin-saved rules (saving.md §2.9)', () => {
  test('See it now is grey for partners or when promote is offered, else red', () => {
    expect(seeItNowTone({ is_partner: false }, false)).toBe('red');
    expect(seeItNowTone({ is_partner: true }, false)).toBe('grey');
    expect(seeItNowTone({ is_partner: false }, true)).toBe('grey');
  });

  test('creator card: signed in, someone else, not followed', () => {
    expect(showsCreatorCard({ viewerId: '1', creatorId: '2', viewerFollowsCreator: false })).toBe(
      true,
    );
    expect(showsCreatorCard({ viewerId: null, creatorId: '2', viewerFollowsCreator: false })).toBe(
      false,
    );
    expect(showsCreatorCard({ viewerId: '2', creatorId: '2', viewerFollowsCreator: false })).toBe(
      false,
    );
    expect(showsCreatorCard({ viewerId: '1', creatorId: '2', viewerFollowsCreator: true })).toBe(
      false,
    );
  });

  test('website images replace the pin only when there are more than one', () => {
    expect(showsWebsiteImages(undefined)).toBe(false);
    expect(showsWebsiteImages(['a'])).toBe(false);
    expect(showsWebsiteImages(['a', 'b'])).toBe(true);
  });

  test('the pin preview shows only once the related board is loaded and empty', () => {
    expect(savedMedia({ isPending: true, hasBoard: false })).toBe('loadingRelated');
    expect(savedMedia({ isPending: false, hasBoard: true })).toBe('relatedBoard');
    expect(savedMedia({ isPending: false, hasBoard: false })).toBe('pinPreview');
  });
});

describe('confetti (saving.md §9)', () => {
  test('120 particles, every one finished within about 800 ms, reproducible from a seed', () => {
    const particles = confettiParticles(seededRandom(42));
    expect(particles).toHaveLength(CONFETTI_PARTICLES);
    expect(CONFETTI_PARTICLES).toBe(120);
    for (const particle of particles) {
      expect(particle.delayMs + particle.durationMs).toBeLessThanOrEqual(CONFETTI_DURATION_MS);
      expect(particle.durationMs).toBeGreaterThan(0);
    }
    expect(confettiParticles(seededRandom(42))).toEqual(particles);
  });
});
