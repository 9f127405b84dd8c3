/**
 * Live gas prices: the refresher asks an EVM node (anvil) for eth_gasPrice, route gas uses that price instead of the
 * recorded one, and a price that can no longer be refreshed past its maximum age gives way to data/gas.json again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createLiveMarket } from '../../market.js';
import { BRIDGE_SET } from '../../bridges/index.js';
import { VENUE_PLUGINS } from '../../venues/index.js';
import { startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { testRegistry } from '../../test-helpers/registry.js';
import { planRoute } from '../engine.js';
import { parseRouteQuery } from '../query.js';
import { clearLiveGasPrice, liveGasPriceWei, LiveGasPriceRefresher } from './live-gas.js';
import { routeGas } from './route-gas.js';
import { gasTable } from './table.js';

const registry = testRegistry();
const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();
let node: Anvil;
beforeAll(async () => {
  node = await startAnvil(1);
});
afterAll(async () => {
  clearLiveGasPrice('1');
  await node?.stop();
});

describe('live EVM gas prices', () => {
  it('are read from the node and used for the route gas, then dropped when too old', async () => {
    const route = planRoute(
      { registry, market, bridges: BRIDGE_SET, nowMs: Date.parse('2026-11-26T00:00:00Z') },
      parseRouteQuery(registry, {
        source_asset_chain_id: '1',
        source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        dest_asset_chain_id: 'noble-1',
        dest_asset_denom: 'uusdc',
        amount_in: '100000000000',
      }),
    );
    const recorded = routeGas(registry, route, gasTable())[0]!;
    let now = 1_000_000;
    const refresher = new LiveGasPriceRefresher({
      rpcUrls: new Map([['1', [node.url]]]),
      intervalMs: 60_000,
      // Generous: the node is local and the test is not about timeouts (a loaded machine can take seconds).
      timeoutMs: 30_000,
      maxAgeMs: 1_000,
      now: () => now,
    });
    await refresher.refresh();
    const onNode = await node.publicClient.getGasPrice();
    expect(liveGasPriceWei('1')).toBe(onNode);
    const live = routeGas(registry, route, gasTable())[0]!;
    expect(live.feeAmount).toBe(live.gas * onNode);
    expect(live.feeAmount).not.toBe(recorded.feeAmount);

    // The node goes away: the last price is kept within its maximum age, then the recorded one is used again.
    await node.stop();
    now += 500;
    await refresher.refresh();
    expect(liveGasPriceWei('1')).toBe(onNode);
    now += 1_000;
    await refresher.refresh();
    expect(liveGasPriceWei('1')).toBeUndefined();
    expect(routeGas(registry, route, gasTable())[0]!.feeAmount).toBe(recorded.feeAmount);
  });
});
