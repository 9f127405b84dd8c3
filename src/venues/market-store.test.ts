import { describe, expect, it, vi } from 'vitest';
import { MarketStore } from './market-store.js';
import type { VenueSnapshot } from './types.js';

const snap = (venue: string, t: number, source = 'test'): VenueSnapshot => ({
  venue,
  chainId: 'c',
  pools: [],
  takenAt: new Date(t),
  source,
});

describe('MarketStore', () => {
  it('replaces a venue snapshot as a whole; a view taken earlier does not change', () => {
    const store = new MarketStore([snap('a', 1), snap('b', 1)]);
    const before = store.view();
    const first = store.get('a');
    store.set(snap('a', 2));
    expect(before.get('a')).toBe(first);
    expect(store.get('a')?.takenAt.getTime()).toBe(2);
    expect(store.view().get('b')).toBe(before.get('b'));
    expect(Object.isFrozen(store.get('a'))).toBe(true);
  });

  it('notifies listeners with the previous snapshot and a version; a throwing listener does not stop others', () => {
    const store = new MarketStore();
    const seen: number[] = [];
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    store.onChange(() => {
      throw new Error('boom');
    });
    const off = store.onChange((c) => seen.push(c.version, c.previous ? 1 : 0));
    store.set(snap('a', 1));
    store.set(snap('a', 2));
    off();
    store.set(snap('a', 3));
    expect(seen).toEqual([1, 0, 2, 1]);
    expect(store.version).toBe(3);
    err.mockRestore();
  });

  it('reports the age of a venue state', () => {
    const store = new MarketStore([snap('a', 1_000)]);
    expect(store.ageMs('a', 4_000)).toBe(3_000);
    expect(store.ageMs('zzz')).toBeUndefined();
  });
});
