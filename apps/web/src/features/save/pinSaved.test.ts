import { describe, expect, test } from 'vitest';
import {
  creatorCardUser,
  dialogMetric,
  savedMedia,
  seeItNowTone,
  showsWebsiteImages,
} from './pinSaved.ts';
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

  test('creator card: signed in, an official user, someone else, not followed', () => {
    const official = {
      id: '2',
      username: 'ben',
      full_name: 'Ben Hollis',
      image_medium_url: null,
      followed_by_me: false,
    };
    const domain = { domain: 'woodshop.example.org', official_user: official };
    expect(creatorCardUser('1', domain)).toBe(official);
    // A visitor never sees it.
    expect(creatorCardUser(null, domain)).toBeNull();
    // No official user, or no link at all (or the pin not loaded).
    expect(creatorCardUser('1', { domain: 'makers.example', official_user: null })).toBeNull();
    expect(creatorCardUser('1', null)).toBeNull();
    expect(creatorCardUser('1', undefined)).toBeNull();
    // The official user is the viewer.
    expect(creatorCardUser('2', domain)).toBeNull();
    // The viewer already follows them.
    expect(
      creatorCardUser('1', { ...domain, official_user: { ...official, followed_by_me: true } }),
    ).toBeNull();
  });

  test("the render metric is 'promote' when promote is offered, else 'send'", () => {
    expect(dialogMetric(false)).toBe('send');
    expect(dialogMetric(true)).toBe('promote');
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
