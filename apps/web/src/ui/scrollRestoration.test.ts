import { describe, expect, test } from 'vitest';
import { canScrollTo, scrollTargetFor } from './scrollRestoration.ts';

describe('scrollTargetFor', () => {
  test('back/forward returns to the saved position', () => {
    expect(scrollTargetFor('POP', 2400)).toBe(2400);
    expect(scrollTargetFor('POP', undefined)).toBe(0);
  });

  test('a new navigation starts at the top', () => {
    expect(scrollTargetFor('PUSH', 2400)).toBe(0);
    expect(scrollTargetFor('REPLACE', 2400)).toBe(0);
  });
});

describe('canScrollTo', () => {
  test('waits until the page is tall enough', () => {
    expect(canScrollTo(2000, 2500, 800)).toBe(false);
    expect(canScrollTo(1700, 2500, 800)).toBe(true);
  });
});
