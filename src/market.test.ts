/**
 * The live market end to end: SQS ingest from a local server answering in the real shapes (a synthetic market of
 * real osmosis-1 denoms), the view rebuilt in slices after each poll, kept whole when a poll changed nothing, and
 * rebuilt for the changed venue only otherwise.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createLiveMarket, type LiveMarket } from './market.js';
import { VENUE_PLUGINS } from './venues/index.js';
import { planRoute } from './routing/engine.js';
import { parseRouteQuery } from './routing/query.js';
import { marketViewSteps } from './routing/market.js';
import { testRegistry } from './test-helpers/registry.js';
import { type FakeEndpoint, startFakeEndpoint } from './venues/test-helpers/fake-endpoint.js';
import type { Pool } from './venues/types.js';
import { ATOM, OSMO, SyntheticOsmosis, USDC, osmosisTokens } from './venues/test-helpers/synthetic-osmosis.js';
import { BRIDGE_SET } from './bridges/index.js';

const registry = testRegistry();
const market = new SyntheticOsmosis({ pools: 700, tokens: osmosisTokens(registry), hubs: [OSMO, USDC, ATOM] });
let sqs: FakeEndpoint;
let live: LiveMarket;

beforeAll(async () => {
  sqs = await startFakeEndpoint((path) => {
    if (path === '/pools') return market.poolsBody();
    const id = /^\/pools\/ticks\/(\d+)$/.exec(path)?.[1];
    return id === undefined ? undefined : market.ticksBody(id);
  });
  live = createLiveMarket(
    loadConfig(['--osmosis-sqs-url', sqs.url, '--venue-poll-interval-ms', '600000'], {}),
    registry,
    VENUE_PLUGINS,
  );
});
afterAll(async () => {
  await live.stop();
  await sqs.close();
});

const atomToOsmo = () =>
  planRoute(
    { registry, market: live.view(), bridges: BRIDGE_SET },
    parseRouteQuery(registry, {
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '25000000',
    }),
  );

describe('live market', () => {
  it('serves the ingested pools, keeps the view of a poll that changed nothing, rebuilds only the venue that changed', async () => {
    const offline = live.view();
    live.start(pino({ level: 'silent' }));
    await live.refresh();
    const first = live.view();
    const osmosis = () => live.view().venues.find((v) => v.venue.name === 'osmosis-poolmanager')!;
    expect(first.version).toBeGreaterThan(offline.version);
    expect(osmosis().snapshot.pools).toHaveLength(700);
    expect(atomToOsmo().steps.map((s) => s.kind)).toEqual(['transfer', 'swap']);

    await live.refresh();
    expect(live.view().version).toBe(first.version);
    expect(live.view().venues).toBe(first.venues);

    market.advance(0.1);
    await live.refresh();
    const moved = live.view();
    expect(moved.version).toBeGreaterThan(first.version);
    expect(osmosis()).not.toBe(first.venues.find((v) => v.venue.name === 'osmosis-poolmanager'));
    // Neutron is served from its offline snapshot: its index is the same object.
    const neutron = (v: typeof moved) => v.venues.find((x) => x.venue.name === 'neutron-astroport');
    expect(neutron(moved)).toBe(neutron(first));
    expect(atomToOsmo().amountOut).toBeGreaterThan(0n);
  });

  it("rebuilds the view in small steps: none calls more pool math than sorting one denom's pools", () => {
    // Count the pool math called per step (reserves, spot prices, quotes): deterministic, where timings on a shared
    // machine are not.
    let reads = 0;
    const counted = (pool: Pool): Pool =>
      new Proxy(pool, {
        get: (target, key) => {
          const v = Reflect.get(target, key, target) as unknown;
          return typeof v === 'function'
            ? (...args: unknown[]) => (reads++, (v as (...a: unknown[]) => unknown).apply(target, args))
            : v;
        },
      });
    const view = live.view();
    const inputs = view.venues.map((v) => ({
      venue: v.venue,
      snapshot: { ...v.snapshot, pools: v.snapshot.pools.map(counted) },
      ...(v.venue.name === 'osmosis-poolmanager' ? { usdcDenom: USDC } : {}),
    }));
    const steps = marketViewSteps(registry, inputs, view.version + 1);
    const perStep: number[] = [];
    for (let done = false; !done;) {
      reads = 0;
      done = steps.next().done === true;
      perStep.push(reads);
    }
    const total = perStep.reduce((a, b) => a + b, 0);
    expect(perStep.length).toBeGreaterThan(700);
    // The largest single step sorts the pools of one denom by reserve (OSMO's: a fifth of the market here).
    const osmosis = view.venues.find((v) => v.venue.name === 'osmosis-poolmanager')!;
    const largestDenom = Math.max(...[OSMO, USDC, ATOM].map((d) => osmosis.poolsOf(d).length));
    expect(Math.max(...perStep)).toBeLessThanOrEqual(largestDenom);
    expect(total).toBeGreaterThan(5 * largestDenom);
  });
});
