/**
 * A "no route" explanation names what is missing, not every lane the request's options closed on the way: with the
 * offline market, USDC → INJ on Osmosis (then no pool traded INJ) once answered "smart_relay: the relayed form of the CCTP
 * transfer is used", a lane preference met during the search that had nothing to do with the failure.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { loadConfig } from '../config.js';
import { createLiveMarket } from '../market.js';
import { VENUE_PLUGINS } from '../venues/index.js';
import { testRegistry } from '../test-helpers/registry.js';
import { USDC_ON_OSMOSIS } from '../test-helpers/registry.js';
import { planRoute } from './engine.js';
import { parseRouteQuery, type RouteRequestFields } from './query.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();
const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();
/** Secret's SCRT as Osmosis holds it: listed with a price, but no shipped pool trades it. */
const SCRT_ON_OSMOSIS = 'ibc/0954E1C28EB7AF5B72D24F3BC2B47BBB2FDF91BDDFD57B74B99E133AED40972A';

function explanation(req: Partial<RouteRequestFields>): string {
  try {
    planRoute(
      { registry, market, bridges: BRIDGE_SET },
      parseRouteQuery(registry, {
        source_asset_chain_id: 'osmosis-1',
        source_asset_denom: USDC_ON_OSMOSIS,
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: SCRT_ON_OSMOSIS,
        amount_in: '100000000',
        allow_multi_tx: true,
        // EVM swaps open more of the search (USDC to Ethereum could swap there), so more lanes are met on the way.
        smart_swap_options: { evm_swaps: true },
        ...req,
      }),
    );
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    expect(e.details.map((d) => d.reason)).toEqual(['NO_ROUTE']);
    return String(e.details[0]!.metadata.explanation);
  }
  throw new Error('expected no route');
}

describe('no-route explanations', () => {
  it.each([{}, { smart_relay: true }, { smart_relay: false }, { go_fast: false }, { bridges: ['IBC' as const] }])(
    'USDC → SCRT on Osmosis (%o) says that nothing trades SCRT, not which lanes the options closed',
    (options) => {
      const why = explanation(options);
      expect(why).toMatch(
        /^no bridge lane or enabled swap venue connects uusdc \(from noble-1\) to uscrt \(from secret-4\)$/,
      );
    },
  );

  it('keeps the closed lanes when they were the way: USDC Noble → Ethereum with only IBC allowed', () => {
    const why = explanation({
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '1',
      dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      bridges: ['IBC'],
    });
    expect(why).toMatch(/the route needs the CCTP bridge, which the request excludes \(bridges\)/);
  });

  it('says the pair is not joined by any route offered when only detours were found: ATOM → OSMO on Osmosis, Neutron only', () => {
    // With Osmosis' own venue left out, the only ways are round trips (Osmosis → Neutron → Osmosis, or through the
    // Hub): the reason is that no offered route joins the pair, the round trips are why there is none.
    const why = explanation({
      source_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
      dest_asset_denom: 'uosmo',
      swap_venues: [{ name: 'neutron-astroport', chain_id: 'neutron-1' }],
    });
    expect(why).toMatch(
      /^no bridge lane or enabled swap venue connects uatom \(from cosmoshub-4\) to uosmo \(from osmosis-1\), except by detours that are not offered; a route that leaves osmosis-1 and comes back to it is not offered/,
    );
  });

  it.each([
    [
      'USDC Noble → Osmosis, only CCTP allowed',
      {
        source_asset_chain_id: 'noble-1',
        source_asset_denom: 'uusdc',
        dest_asset_denom: USDC_ON_OSMOSIS,
        bridges: ['CCTP' as const],
      },
    ],
    [
      // Too little to pay any relaying fee; the plain burn into Ethereum nobody mints for the user.
      '1 unit of USDC Noble → Ethereum',
      {
        source_asset_chain_id: 'noble-1',
        source_asset_denom: 'uusdc',
        dest_asset_chain_id: '1',
        dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        amount_in: '1',
      },
    ],
  ])('%s: nothing about lanes onto Solana, which no route passes through', (_, req) => {
    const why = explanation({ smart_swap_options: null, ...req });
    expect(why).not.toMatch(/solana/);
  });
});
