/**
 * The swap index built from the previous one after a poll (VenueIndex.build with `previous`) must answer exactly as
 * an index built from scratch, while taking over the candidate paths that no changed pool can affect. Checked on a
 * synthetic market of real osmosis-1 denoms ingested through the SQS fetcher, which keeps unchanged pools as the same
 * objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRegistry } from '../test-helpers/registry.js';
import { type FakeEndpoint, startFakeEndpoint } from '../venues/test-helpers/fake-endpoint.js';
import { ATOM, OSMO, SyntheticOsmosis, USDC, osmosisTokens } from '../venues/test-helpers/synthetic-osmosis.js';
import { sqsFetcher } from '../venues/osmosis-poolmanager/ingest-sqs.js';
import { TakerFees } from '../venues/osmosis-poolmanager/taker-fee.js';
import type { VenueSnapshot } from '../venues/types.js';
import { runToEnd } from '../slices.js';
import { VenueIndex } from './swap-index.js';
import { loadOfflineSnapshot } from '../venues/osmosis-poolmanager/snapshot.js';

const registry = testRegistry();
const VENUE = { name: 'osmosis-poolmanager', chainId: 'osmosis-1', logoUri: '' };
const HUBS = new Set([OSMO, USDC, ATOM]);
const market = new SyntheticOsmosis({ pools: 700, tokens: osmosisTokens(registry), hubs: [OSMO, USDC, ATOM] });
let sqs: FakeEndpoint;
let poll: () => Promise<VenueSnapshot>;

beforeAll(async () => {
  sqs = await startFakeEndpoint((path) => {
    if (path === '/pools') return market.poolsBody();
    const id = /^\/pools\/ticks\/(\d+)$/.exec(path)?.[1];
    return id === undefined ? undefined : market.ticksBody(id);
  });
  const fetch = sqsFetcher({ baseUrl: sqs.url, takerFees: TakerFees.none() });
  poll = () => fetch(new AbortController().signal);
});
afterAll(() => sqs.close());

/** Every ordered pair of the market's denoms, in a fixed order. */
function pairs(index: VenueIndex, denoms: readonly string[]): [string, string][] {
  return denoms.flatMap((x) =>
    denoms.filter((y) => y !== x && index.hasDenom(x) && index.hasDenom(y)).map((y) => [x, y] as [string, string]),
  );
}

describe('VenueIndex.build from the previous index', () => {
  it('answers as a fresh build, and takes over the paths of pairs no changed pool can reach', async () => {
    const denoms = [...new Set(market.poolDenoms().flatMap((p) => p.denoms))].slice(0, 80);
    const before = VenueIndex.of(registry, VENUE, await poll());
    for (const [x, y] of pairs(before, denoms)) before.candidatePaths(x, y);

    // One trade in a pool between two spokes (no hub): most of the market is untouched.
    const spokePool = market.poolDenoms().find((p) => !p.denoms.some((d) => HUBS.has(d)))!;
    market.tradeIn(spokePool.id);
    const after = await poll();
    const changed = after.pools.filter((p) => !before.snapshot.pools.includes(p));
    expect(changed.map((p) => p.id)).toEqual([spokePool.id]);

    const incremental = runToEnd(VenueIndex.build(registry, VENUE, after, before));
    const fresh = VenueIndex.of(registry, VENUE, after);
    let takenOver = 0;
    for (const [x, y] of pairs(before, denoms)) {
      if (incremental.hasCandidatePaths(x, y, before.candidatePaths(x, y))) takenOver++;
      expect(incremental.candidatePaths(x, y), `${x} → ${y}`).toEqual(fresh.candidatePaths(x, y));
    }
    expect(takenOver).toBeGreaterThan(0);
    for (const d of denoms) expect(incremental.poolsOf(d)).toEqual(fresh.poolsOf(d));
  });

  it('after a poll of broad activity (hub pools traded too) still answers as a fresh build', async () => {
    const denoms = [...new Set(market.poolDenoms().flatMap((p) => p.denoms))].slice(0, 60);
    const before = VenueIndex.of(registry, VENUE, await poll());
    for (const [x, y] of pairs(before, denoms)) before.candidatePaths(x, y);
    market.advance(0.1);
    const after = await poll();
    const incremental = runToEnd(VenueIndex.build(registry, VENUE, after, before));
    const fresh = VenueIndex.of(registry, VENUE, after);
    for (const [x, y] of pairs(before, denoms))
      expect(incremental.candidatePaths(x, y), `${x} → ${y}`).toEqual(fresh.candidatePaths(x, y));
    for (const d of denoms) expect(incremental.poolsOf(d)).toEqual(fresh.poolsOf(d));
  });
});

describe('candidate paths', () => {
  it('keep the one- and two-pool paths however many three-pool paths look deeper (shipped snapshot, ATOM → OSMO)', () => {
    const index = VenueIndex.of(registry, VENUE, loadOfflineSnapshot(TakerFees.none()));
    const paths = index.candidatePaths(ATOM, OSMO).map((p) => p.map((h) => h.pool.id).join(' → '));
    // ATOM/USDC 1282 then USDC/OSMO 1464: the cheapest way for small amounts (0.05 % and 0.01 % spread factors),
    // shallower than the AKT pools' three-pool paths that once crowded it out.
    expect(paths).toContain('1282 → 1464');
    expect(paths).toContain('1135');
    const lengths = paths.map((p) => p.split(' → ').length);
    // Shorter paths first, and the three-pool ones only in their own quota.
    expect(lengths).toEqual([...lengths].sort((a, b) => (a === 3 ? 1 : 0) - (b === 3 ? 1 : 0)));
    expect(lengths.filter((n) => n === 3).length).toBeLessThanOrEqual(4);
  });
});
