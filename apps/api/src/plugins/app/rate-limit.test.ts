import { describe, expect, it } from 'vitest';
import { budgetKey } from './rate-limit.ts';

describe('budgetKey', () => {
  it('keys IPv4 by address and IPv6 by its /64, as @fastify/rate-limit did', () => {
    expect(budgetKey('203.0.113.7')).toBe('203.0.113.7');
    expect(budgetKey('2001:db8:1:2:aaaa::1')).toBe(budgetKey('2001:db8:1:2:bbbb::9'));
    expect(budgetKey('2001:db8:1:2::1')).not.toBe(budgetKey('2001:db8:1:3::1'));
    expect(budgetKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
