import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

describe('ResponseCache', () => {
  it('serves a key within its TTL and market version only', () => {
    let now = 1_000_000;
    const c = new ResponseCache<number>({ ttlMs: 1000, now: () => now });
    c.set('k', 7, { json: 'A', extra: 1 });
    now += 999;
    expect(c.get('k', 7)?.json).toBe('A');
    now += 2;
    expect(c.get('k', 7)).toBeUndefined();
    c.set('k', 7, { json: 'A', extra: 1 });
    expect(c.get('k', 8)).toBeUndefined();
    expect(c.get('other', 7)).toBeUndefined();
    expect([c.hits, c.misses]).toEqual([1, 3]);
  });

  it('is off with a zero TTL and bounded in entries', () => {
    const off = new ResponseCache<number>({ ttlMs: 0 });
    off.set('x', 1, { json: 'X', extra: 0 });
    expect(off.get('x', 1)).toBeUndefined();
    // A still clock: the entries must not expire however long a loaded machine takes between two lines.
    const small = new ResponseCache<number>({ ttlMs: 1000, maxEntries: 2, now: () => 1_000_000 });
    small.set('a', 1, { json: 'A', extra: 0 });
    small.set('b', 1, { json: 'B', extra: 0 });
    small.set('c', 1, { json: 'C', extra: 0 });
    expect(small.get('c', 1)?.json).toBe('C');
    expect(small.get('a', 1)).toBeUndefined();
  });

  it('is bounded in bytes: large answers push out the least recently used ones', () => {
    const c = new ResponseCache<number>({ ttlMs: 60_000, maxBytes: 100_000 });
    for (let i = 0; i < 100; i++) c.set(`key${i}`, 1, { json: 'x'.repeat(10_000), extra: i });
    expect(c.bytes).toBeLessThanOrEqual(100_000);
    expect(c.size).toBeLessThan(10);
    expect(c.get('key99', 1)?.extra).toBe(99);
  });

  it('drops expired entries when swept, without waiting for a lookup of the same key', () => {
    let now = 1_000_000;
    const c = new ResponseCache<number>({ ttlMs: 1000, now: () => now });
    for (let i = 0; i < 50; i++) c.set(`k${i}`, 1, { json: 'A'.repeat(1000), extra: i });
    expect(c.size).toBe(50);
    now += 1001;
    c.purgeStale();
    expect(c.size).toBe(0);
    expect(c.bytes).toBe(0);
  });
});
