import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { AppError } from '@corkboard/shared/app-error';
import { clientNetwork, consume, secondsUntil } from './limits.ts';
import { clearCounter, purgeCounters, readCounter, recordHit } from './rate-limits.repository.ts';

describe('clientNetwork', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, and groups IPv6 by /64', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(clientNetwork('2001:db8:aa:bb::99')).toBe('2001:db8:aa:bb::/64');
    expect(clientNetwork('2001:0db8:00aa::1')).toBe('2001:db8:aa:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});

describe('persisted counters', () => {
  let handle: DbHandle;
  const t0 = new Date('2026-11-21T10:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('counts within a window, restarts after it, and locks at the limit', async () => {
    const rule = { windowMs: 60_000, max: 3, lockMs: 300_000 };
    expect((await recordHit(handle.db, 'k1', rule, at(0))).count).toBe(1);
    expect((await recordHit(handle.db, 'k1', rule, at(10_000))).count).toBe(2);
    const third = await recordHit(handle.db, 'k1', rule, at(20_000));
    expect(third.count).toBe(3);
    expect(third.lockedUntil?.toISOString()).toBe(at(320_000).toISOString());
    // A new window starts once the old one is over; the lock stands until it ends.
    const later = await recordHit(handle.db, 'k1', rule, at(61_000));
    expect(later.count).toBe(1);
    expect(later.windowStartedAt.toISOString()).toBe(at(61_000).toISOString());
    expect(later.lockedUntil?.toISOString()).toBe(at(320_000).toISOString());
    await clearCounter(handle.db, 'k1');
    expect(await readCounter(handle.db, 'k1')).toBeUndefined();
  });

  it('counts concurrent hits exactly (one atomic upsert each)', async () => {
    const rule = { windowMs: 60_000, max: 1000 };
    await Promise.all(Array.from({ length: 25 }, () => recordHit(handle.db, 'burst', rule, at(0))));
    expect((await readCounter(handle.db, 'burst'))?.count).toBe(25);
  });

  it('consume throws RATE_LIMITED with the wait once over the limit', async () => {
    const rule = { windowMs: 60_000, max: 2 };
    await consume(handle.db, 'c', rule, at(0));
    await consume(handle.db, 'c', rule, at(1_000));
    const error = await consume(handle.db, 'c', rule, at(2_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).codeName).toBe('RATE_LIMITED');
    expect((error as AppError).data?.['retry_after_seconds']).toBe(58);
    expect(secondsUntil(at(500), at(0))).toBe(1);
  });

  it('purges only finished, unlocked counters', async () => {
    await recordHit(handle.db, 'old', { windowMs: 1_000, max: 5 }, at(0));
    await recordHit(handle.db, 'locked', { windowMs: 1_000, max: 1, lockMs: 10_000_000 }, at(0));
    await purgeCounters(handle.db, at(3_600_001), 3_600_000);
    expect(await readCounter(handle.db, 'old')).toBeUndefined();
    expect(await readCounter(handle.db, 'locked')).toBeDefined();
  });
});
