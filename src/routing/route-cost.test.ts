/**
 * Fees paid on top of a transfer (an Axelar gas payment in ETH) count in the ranking: on the real registry and the
 * shipped market, USDC Ethereum → Noble is Circle's burn, not Axelar's general message whose 0.0006 ETH gas payment
 * the amounts alone do not show.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLiveMarket } from '../market.js';
import { VENUE_PLUGINS } from '../venues/index.js';
import { testRegistry } from '../test-helpers/registry.js';
import { planRoute, planRoutes } from './engine.js';
import { parseRouteQuery } from './query.js';
import { additionalCostInFreeSide, netAmount } from './route-cost.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();
const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();
const NOW = Date.parse('2026-11-26T00:00:00Z');
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const query = parseRouteQuery(registry, {
  source_asset_chain_id: '1',
  source_asset_denom: USDC_ETHEREUM,
  dest_asset_chain_id: 'noble-1',
  dest_asset_denom: 'uusdc',
  // 12 USDC, as in the captured Skip answer: where the ETH gas payment weighs most.
  amount_in: '12000000',
});

describe('route cost: fees paid on top', () => {
  it('values an additional fee in the destination asset through USD', () => {
    const routes = planRoutes({ registry, market, bridges: BRIDGE_SET, nowMs: NOW }, query);
    const withGas = routes.find((r) =>
      r.steps.some((s) => s.kind === 'bridge' && s.fees.some((f) => f.behavior === 'FEE_BEHAVIOR_ADDITIONAL')),
    );
    expect(withGas, 'some candidate pays a fee on top').toBeDefined();
    const cost = additionalCostInFreeSide(registry, withGas!, { prices: market.prices, nowMs: NOW });
    // 0.0006 ETH or so: between $0.10 and $20 in USDC base units.
    expect(cost).toBeGreaterThan(100_000n);
    expect(cost).toBeLessThan(20_000_000n);
    expect(netAmount(withGas!, cost)).toBe(withGas!.amountOut - cost);
  });

  it('ranks the burn whose fee is deducted above the message whose gas is paid in ETH', () => {
    const best = planRoute({ registry, market, bridges: BRIDGE_SET, nowMs: NOW }, query);
    expect(best.steps.map((s) => (s.kind === 'bridge' ? s.lane.bridge : s.kind))).toEqual(['CCTP']);
  });

  it('without a clock, fees on top are not valued (the amounts alone rank)', () => {
    const routes = planRoutes({ registry, market, bridges: BRIDGE_SET }, query);
    const costs = routes.map((r) => netAmount(r, 0n));
    expect(costs[0]).toBe(routes[0]!.amountOut);
  });
});
