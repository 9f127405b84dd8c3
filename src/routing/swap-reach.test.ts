import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { assetsFromSource } from './asset-queries.js';
import { planRoute } from './engine.js';
import { parseRouteQuery } from './query.js';
import { BRIDGE_SET } from '../bridges/index.js';

const ctx = buildContext(loadConfig([], {}));
const atomFrom = (extra: object) =>
  assetsFromSource(ctx.registry, ctx.families, ctx.market(), {
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    ...extra,
  });

describe('assets_from_source with include_swaps', () => {
  it('adds the assets a swap on a venue reaches, each one routable in a single transaction', () => {
    const plain = atomFrom({});
    const swaps = atomFrom({ include_swaps: true });
    expect(swaps['osmosis-1']!.assets.map((a) => a.denom)).toEqual(expect.arrayContaining(['uosmo']));
    expect(plain['osmosis-1']!.assets.map((a) => a.denom)).not.toContain('uosmo');
    // Every listed destination really has a one-transaction route from Hub ATOM.
    for (const [chainId, { assets }] of Object.entries(swaps).slice(0, 6)) {
      for (const a of assets.slice(0, 3)) {
        const route = planRoute(
          { registry: ctx.registry, market: ctx.market(), bridges: BRIDGE_SET },
          parseRouteQuery(ctx.registry, {
            source_asset_denom: 'uatom',
            source_asset_chain_id: 'cosmoshub-4',
            dest_asset_denom: a.denom,
            dest_asset_chain_id: chainId,
            amount_in: '1000000',
          }),
        );
        expect(route.txIndices.at(-1)).toBe(0);
      }
    }
  });

  it('honours swap_venues: each venue alone gives a different subset, together they give everything', () => {
    const keys = (r: ReturnType<typeof atomFrom>) =>
      new Set(Object.values(r).flatMap((x) => x.assets.map((a) => `${a.chain_id}/${a.denom}`)));
    const all = keys(atomFrom({ include_swaps: true }));
    const osmosis = keys(
      atomFrom({ include_swaps: true, swap_venues: [{ name: 'osmosis-poolmanager', chain_id: 'osmosis-1' }] }),
    );
    const astroport = keys(
      atomFrom({ include_swaps: true, swap_venues: [{ name: 'neutron-astroport', chain_id: 'neutron-1' }] }),
    );
    expect(osmosis).not.toEqual(astroport);
    expect(new Set([...osmosis, ...astroport])).toEqual(all);
    expect(osmosis.has('neutron-1/untrn') || astroport.has('neutron-1/untrn')).toBe(true);
  });
});

describe('assets_from_source with include_swaps never lists a round trip', () => {
  it('from Osmosis OSMO: no destination the route search refuses for leaving a chain and coming back', () => {
    const listed = assetsFromSource(ctx.registry, ctx.families, ctx.market(), {
      source_asset_denom: 'uosmo',
      source_asset_chain_id: 'osmosis-1',
      include_swaps: true,
    });
    // A token only Neutron's pools trade, as a voucher on Osmosis: a swap on Neutron and back, which route refuses.
    const neutronOnly = 'ibc/442A08C33AE9875DF90792FFA73B5728E1CAECE87AB4F26AE9B422F1E682ED23';
    expect(listed['osmosis-1']!.assets.map((a) => a.denom)).not.toContain(neutronOnly);
    for (const [chainId, { assets }] of Object.entries(listed)) {
      for (const a of chainId === 'osmosis-1' || chainId === 'pirin-1' ? assets : assets.slice(0, 2)) {
        const route = () =>
          planRoute(
            { registry: ctx.registry, market: ctx.market(), bridges: BRIDGE_SET },
            parseRouteQuery(ctx.registry, {
              source_asset_denom: 'uosmo',
              source_asset_chain_id: 'osmosis-1',
              dest_asset_denom: a.denom,
              dest_asset_chain_id: chainId,
              amount_in: '100000000',
              allow_unsafe: true,
            }),
          );
        expect(route, `${chainId} ${a.denom}`).not.toThrow();
      }
    }
  });
});
