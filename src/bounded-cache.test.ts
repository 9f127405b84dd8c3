import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.js';

const cache = (over: { ttlMs?: number; maxEntries?: number; maxBytes?: number; now?: () => number } = {}) =>
  new BoundedCache<string>({
    ttlMs: 1_000,
    maxEntries: 100,
    maxBytes: 1_000_000,
    sizeOf: (value, key) => value.length + key.length,
    ...over,
  });

describe('BoundedCache', () => {
  it('serves an entry within its TTL for its market version, counting hits and misses', () => {
    let now = 5_000;
    const c = cache({ now: () => now });
    c.set('k', 3, 'A');
    now += 999;
    expect(c.get('k', 3)).toBe('A');
    now += 2;
    expect(c.get('k', 3)).toBeUndefined();
    expect(c.get('other', 3)).toBeUndefined();
    expect([c.hits, c.misses]).toEqual([1, 2]);
  });

  it('carries an older version over when told how, drops it otherwise, and keeps a newer one for its readers', () => {
    const c = cache();
    c.set('k', 1, 'A');
    expect(c.get('k', 2, (v) => `${v}+`)).toBe('A+');
    expect(c.get('k', 2)).toBe('A+'); // kept under the new version
    expect(c.get('k', 1)).toBeUndefined(); // a request that still reads version 1 misses...
    expect(c.get('k', 2)).toBe('A+'); // ...without evicting the newer entry
    expect(c.get('k', 3, () => undefined)).toBeUndefined();
    expect(c.size).toBe(0);
    c.set('j', 1, 'B');
    expect(c.get('j', 2)).toBeUndefined(); // no carry-over: dropped
    expect(c.size).toBe(0);
    expect([c.hits, c.misses]).toEqual([3, 3]);
  });

  it('is off with a TTL of zero: nothing kept, every lookup a miss', () => {
    const c = cache({ ttlMs: 0 });
    c.set('k', 1, 'A');
    expect(c.enabled).toBe(false);
    expect(c.get('k', 1)).toBeUndefined();
    expect([c.size, c.bytes, c.misses]).toEqual([0, 0, 1]);
  });

  it('is bounded in entries and in bytes, the least recently used going first', () => {
    const few = cache({ maxEntries: 2 });
    few.set('a', 1, 'A');
    few.set('b', 1, 'B');
    few.get('a', 1);
    few.set('c', 1, 'C');
    expect([few.get('a', 1), few.get('b', 1), few.get('c', 1)]).toEqual(['A', undefined, 'C']);
    const small = cache({ maxBytes: 1_000 });
    for (let i = 0; i < 20; i++) small.set(`k${i}`, 1, 'x'.repeat(200));
    expect(small.bytes).toBeLessThanOrEqual(1_000);
    expect(small.size).toBe(4);
    expect(small.get('k19', 1)).toBeDefined();
  });

  it('drops expired entries when swept, without a lookup', () => {
    let now = 5_000;
    const c = cache({ now: () => now });
    for (let i = 0; i < 10; i++) c.set(`k${i}`, 1, 'A');
    now += 1_001;
    c.purgeStale();
    expect([c.size, c.bytes]).toEqual([0, 0]);
  });
});
