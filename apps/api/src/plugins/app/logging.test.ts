import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/password/reset/?token=abc')).toBe('/password/reset/?token=[redacted]');
    expect(redactUrl('/v3/board_invites/?x=1&TOKEN=abc&y=2')).toBe(
      '/v3/board_invites/?x=1&TOKEN=[redacted]&y=2',
    );
    expect(redactUrl('/cb?code=c&state=s&scope=email')).toBe(
      '/cb?code=[redacted]&state=[redacted]&scope=email',
    );
    expect(redactUrl('/v3/pins/1/?page_size=3')).toBe('/v3/pins/1/?page_size=3');
    expect(redactUrl('/no-query')).toBe('/no-query');
  });

  it('catches encoded names and names that do not decode', () => {
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/x?%E0%A4%A=abc')).toBe('/x?%E0%A4%A=[redacted]');
  });
});
