import { describe, expect, it } from 'vitest';
import { cpuPerAnswer, median, ratiosToBracketingBare } from './bench-rounds.ts';

describe('median', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([0.9, 0.1, 0.5, 0.52, 0.55])).toBe(0.52);
  });

  it('is NaN for no values', () => {
    expect(median([])).toBeNaN();
  });
});

describe('ratiosToBracketingBare', () => {
  it('divides each round by the mean of the bare rounds before and after it', () => {
    // Load rose in round 2: the bare route fell from 10,000 to 6,000 req/s and the target with it.
    expect(ratiosToBracketingBare([10_000, 8_000, 6_000], [5_400, 3_500])).toEqual([0.6, 0.5]);
  });

  it('needs one more bare round than target rounds (the closing one)', () => {
    expect(() => ratiosToBracketingBare([10_000, 9_000], [5_000, 4_000])).toThrow(
      '2 target rounds need 3 bare rounds',
    );
  });
});

describe('cpuPerAnswer', () => {
  it('is total CPU over total answers, so a short round weighs less', () => {
    expect(
      cpuPerAnswer([
        { answers: 1_000, cpuMicros: 150_000 },
        { answers: 3_000, cpuMicros: 390_000 },
      ]),
    ).toBe(135);
  });

  it('is NaN without answers', () => {
    expect(cpuPerAnswer([])).toBeNaN();
  });
});
