/**
 * Every bridge this instance routes over is followed to the destination: for each bridge of the set, a tracker for
 * its leg kind is registered (a bridge without one would have its transfers reported complete at the source). The
 * shared contract suite checks the same per bridge folder; this table covers the set itself, folders without a
 * contract test included.
 */
import { describe, expect, it } from 'vitest';
import { LEG_KIND_OF_BRIDGE, TRACKERS } from '../tx/trackers.js';
import { BRIDGE_SET } from './index.js';

describe('tracking covers the bridge set', () => {
  it.each(BRIDGE_SET.all.map((b) => [b.id] as const))('%s has a tracker for its legs', (id) => {
    const kind = LEG_KIND_OF_BRIDGE[id];
    expect(TRACKERS.get(kind)?.kind, `${id}: no tracker for ${kind} legs in src/tx/trackers.ts`).toBe(kind);
  });

  it('every registered tracker serves a bridge of the set', () => {
    const served = new Set(BRIDGE_SET.all.map((b) => LEG_KIND_OF_BRIDGE[b.id]));
    expect([...TRACKERS.keys()].filter((k) => !served.has(k))).toEqual([]);
  });
});
