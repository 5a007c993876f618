// readThroughShared (ADR 203): an in-process hit is the one parsed, frozen copy; a write in
// between loads again; a value that raced a write is not kept; a failing cache costs only the cache.
import { describe, expect, it } from 'vitest';
import { localPageCache, readThroughShared, type PageCache } from './page-cache.ts';
import { localSharedState } from './shared-state.ts';

function cache(): PageCache {
  return localPageCache(localSharedState().bus);
}

const noError = (error: unknown) => {
  throw error;
};

describe('readThroughShared', () => {
  it('loads once, then hands every reader the same frozen copy until a write', async () => {
    const pages = cache();
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve({ items: [{ id: String(loads) }] });
    };
    const first = await readThroughShared(pages, 'k', load, noError);
    const second = await readThroughShared(pages, 'k', load, noError);
    const third = await readThroughShared(pages, 'k', load, noError);
    expect(loads).toBe(1);
    expect(first).toEqual({ items: [{ id: '1' }] });
    expect(third).toBe(second);
    expect(Object.isFrozen(second)).toBe(true);
    expect(Object.isFrozen(second.items[0])).toBe(true);
    expect(() => {
      (second.items as { id: string }[]).push({ id: 'x' });
    }).toThrow(TypeError);

    await pages.invalidate();
    const after = await readThroughShared(pages, 'k', load, noError);
    expect(loads).toBe(2);
    expect(after).toEqual({ items: [{ id: '2' }] });
  });

  it('does not keep a value loaded while a write happened', async () => {
    const pages = cache();
    let loads = 0;
    const racing = async () => {
      loads += 1;
      await pages.invalidate();
      return loads;
    };
    expect(await readThroughShared(pages, 'r', racing, noError)).toBe(1);
    expect(await readThroughShared(pages, 'r', () => Promise.resolve(99), noError)).toBe(99);
  });

  it('outside the process (a new Buffer per hit) parses once per key and generation', async () => {
    const stored = new Map<string, { generation: string; body: string }>();
    let generation = 0;
    // Redis-like: no getNow, and every hit is a fresh copy of the bytes.
    const remote: PageCache = {
      get: (key) => {
        const entry = stored.get(key);
        const current = String(generation);
        return Promise.resolve({
          generation: current,
          page:
            entry?.generation === current
              ? { etag: '', body: Buffer.from(entry.body, 'utf8') }
              : undefined,
        });
      },
      set: (key, at, page) => {
        stored.set(key, { generation: at, body: page.body.toString('utf8') });
        return Promise.resolve();
      },
      invalidate: () => {
        generation += 1;
        return Promise.resolve();
      },
    };
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve({ n: loads });
    };
    await readThroughShared(remote, 'g', load, noError);
    const hit = await readThroughShared(remote, 'g', load, noError);
    expect(await readThroughShared(remote, 'g', load, noError)).toBe(hit);
    expect(Object.isFrozen(hit)).toBe(true);
    await remote.invalidate();
    expect(await readThroughShared(remote, 'g', load, noError)).toEqual({ n: 2 });
    expect(await readThroughShared(remote, 'g', load, noError)).toEqual({ n: 2 });
    expect(loads).toBe(2);
  });

  it('answers from the loader when the cache fails', async () => {
    const broken: PageCache = {
      get: () => Promise.reject(new Error('cache away')),
      set: () => Promise.reject(new Error('cache away')),
      invalidate: () => Promise.resolve(),
    };
    const errors: unknown[] = [];
    const value = await readThroughShared(
      broken,
      'b',
      () => Promise.resolve('fresh'),
      (error) => {
        errors.push(error);
      },
    );
    expect(value).toBe('fresh');
    expect(errors).toHaveLength(1);
  });
});
