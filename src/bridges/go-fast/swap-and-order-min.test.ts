/**
 * A swap on Osmosis that runs on arrival of a Go Fast order whose input came from an EVM swap in the same
 * transaction: only the EVM swap's minimum is sure, so the order may pay out less than planned, and the Osmosis
 * swap's min_asset must hold for that smaller input too — or a solver's fill (which executes the swap) would fail and
 * the order would time out into a refund of USDC on the source chain. WETH on Ethereum → OSMO on Osmosis, go_fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_GO_SWAP_ROUTER_ABI } from '../../routing/skip-go-swap-router-abi.js';
import { decodeFunctionData, hexToString, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { GO_FAST_HANDLER_ABI } from './abi.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('Go Fast after an EVM swap, then a swap on Osmosis', () => {
  it("the Osmosis swap's min_asset holds when the EVM swap delivers only its minimum", async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '500000000000000000',
      go_fast: true,
      smart_swap_options: { evm_swaps: true },
      chain_ids_to_addresses: {
        '1': '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5',
        'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
      },
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs, min_amount_out } = res.json();
    const kinds = route.operations.map((o: object) => Object.keys(o)[0]);
    expect(kinds).toEqual(['evm_swap', 'go_fast_transfer', 'swap']);
    const outer = decodeFunctionData({ abi: GO_FAST_HANDLER_ABI, data: `0x${txs[0].evm_tx.data}` as Hex });
    if (outer.functionName !== 'swapAndSubmitOrder') throw new Error(outer.functionName);
    const [, , swapCalldata, executionFee, solverBps, , , , , data] = outer.args;
    const evmMin = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: swapCalldata }).args[1];
    // What the order pays out when the EVM swap gives only its minimum (the handler's own arithmetic).
    const worstOrderOut = evmMin - executionFee - (evmMin * solverBps) / 10_000n;
    const plannedOrderOut = BigInt(route.operations[1].amount_out);
    const plannedSwapOut = BigInt(route.operations[2].amount_out);
    expect(worstOrderOut).toBeLessThan(plannedOrderOut);
    const minAsset = BigInt(
      (
        JSON.parse(hexToString(data)) as {
          swap_and_action_with_recover: { min_asset: { native: { amount: string } } };
        }
      ).swap_and_action_with_recover.min_asset.native.amount,
    );
    // The pools give at least the worst input's share of the planned output; the caller's 1 % comes off that.
    const worstSwapOut = (plannedSwapOut * worstOrderOut) / plannedOrderOut;
    expect(minAsset).toBeLessThanOrEqual(worstSwapOut - worstSwapOut / 100n);
    // And no more conservative than that (the 1 % of the EVM swap and the 1 % here, not more).
    expect(minAsset).toBeGreaterThanOrEqual(worstSwapOut - worstSwapOut / 100n - 1n);
    expect(BigInt(min_amount_out)).toBe(minAsset);
  });
});
