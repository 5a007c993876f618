import { describe, expect, it } from 'vitest';
import { interpolate } from './interpolate.ts';

describe('interpolate', () => {
  it('fills i18next placeholders, with or without inner spaces', () => {
    expect(
      interpolate('You need {{minPasswordLength}}+ characters.', { minPasswordLength: 8 }),
    ).toBe('You need 8+ characters.');
    expect(interpolate('Hi {{ name }}, {{name}}!', { name: 'Ada' })).toBe('Hi Ada, Ada!');
  });

  it('leaves unknown placeholders in place', () => {
    expect(interpolate('Did you mean {{email}}?', {})).toBe('Did you mean {{email}}?');
  });

  it('does not treat $ in values as a replacement pattern', () => {
    expect(interpolate('{{a}}', { a: "$& $1 $'" })).toBe("$& $1 $'");
  });
});
