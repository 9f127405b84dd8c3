/**
 * The gas of each transaction a route asks for, on the real registry and the shipped market: the EVM figures of
 * data/gas.json at the recorded gas price, Cosmos figures at the registry's fee-asset price, and the claim an
 * unrelayed CCTP burn leaves to its recipient.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createLiveMarket } from '../../market.js';
import { VENUE_PLUGINS } from '../../venues/index.js';
import { testRegistry } from '../../test-helpers/registry.js';
import { planRoute } from '../engine.js';
import { parseRouteQuery, type RouteRequestFields } from '../query.js';
import { routeGas } from './route-gas.js';
import { gasTable, gasTableOf, gweiToWei, type GasFile } from './table.js';
import { readDataFile } from '../../registry/data-files.js';
import { BRIDGE_SET } from '../../bridges/index.js';

const registry = testRegistry();
const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();
const NOW = Date.parse('2026-11-26T00:00:00Z');
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const table = gasTable();
const file = readDataFile<GasFile>('gas.json');

function plan(body: RouteRequestFields) {
  return planRoute(
    { registry, market, bridges: BRIDGE_SET, nowMs: NOW },
    parseRouteQuery(registry, { allow_multi_tx: true, ...body }),
  );
}

describe('gas of a route', () => {
  it('gwei figures convert exactly', () => {
    expect(gweiToWei('1')).toBe(1_000_000_000n);
    expect(gweiToWei('0.02')).toBe(20_000_000n);
    expect(() => gweiToWei('1e9')).toThrow(/invalid gwei/);
  });

  it('an unforwarded CCTP V2 burn from Ethereum: approve + depositForBurn at the recorded Ethereum gas price, and the claim on Arbitrum', () => {
    const route = plan({
      source_asset_chain_id: '1',
      source_asset_denom: USDC_ETHEREUM,
      dest_asset_chain_id: '42161',
      dest_asset_denom: USDC_ARBITRUM,
      amount_in: '100000000000',
      bridges: ['CCTP_V2'],
      // Without Circle's Forwarding Service: the recipient mints on Arbitrum.
      smart_relay: false,
    });
    const gas = routeGas(registry, route, table);
    const burn = file.evm.message_gas.erc20_approve.gas + file.evm.message_gas.cctp_deposit_for_burn.gas;
    expect(gas[0]).toMatchObject({
      txIndex: 0,
      chainId: '1',
      messages: ['erc20_approve', 'cctp_deposit_for_burn'],
      gas: BigInt(burn),
      feeDenom: 'ethereum-native',
      feeAmount: BigInt(burn) * gweiToWei(file.evm.gas_price_gwei['1']!.gwei),
    });
    expect(gas[1]).toMatchObject({ txIndex: undefined, chainId: '42161', messages: ['cctp_receive_message'] });
    expect(gas).toHaveLength(2);
  });

  it('a live gas price replaces the recorded one', () => {
    const route = plan({
      source_asset_chain_id: '1',
      source_asset_denom: USDC_ETHEREUM,
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '100000000000',
    });
    const recorded = routeGas(registry, route, table)[0]!;
    const live = routeGas(registry, route, table, new Map([['1', 7n]]))[0]!;
    expect(live.feeAmount).toBe(recorded.gas * 7n);
  });

  it('a swap on Osmosis: one entry-point call paid in OSMO at the registry gas price', () => {
    const route = plan({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'uosmo',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4',
      amount_in: '1000000000',
    });
    const gas = routeGas(registry, route, table);
    const price = registry.chain('osmosis-1')!.wire.fee_assets.find((f) => f.denom === 'uosmo')!.gas_price!.average;
    expect(gas).toHaveLength(1);
    expect(gas[0]).toMatchObject({ chainId: 'osmosis-1', messages: ['wasm_execute'], feeDenom: 'uosmo' });
    const expected = Number(file.cosmos.message_gas.wasm_execute.gas) * Number(price);
    expect(Number(gas[0]!.feeAmount)).toBeGreaterThanOrEqual(expected);
    expect(Number(gas[0]!.feeAmount)).toBeLessThan(expected + 1);
  });

  it('a table without a price for a chain leaves its transactions out rather than guessing', () => {
    const route = plan({
      source_asset_chain_id: '1',
      source_asset_denom: USDC_ETHEREUM,
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '100000000000',
    });
    const bare = gasTableOf({ ...file, evm: { ...file.evm, gas_price_gwei: {} } });
    expect(routeGas(registry, route, bare)).toEqual([]);
  });
});
