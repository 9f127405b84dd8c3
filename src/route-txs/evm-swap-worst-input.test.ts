/**
 * An EVM swap in a later transaction that swaps less than its planned input (found by a scan of /junction/routes
 * alternatives sent to /v2/fungible/msgs): ETH on OP Mainnet → USDC on Ethereum is a Stargate send of ETH (whose
 * minAmountLD is the expected output less the tolerance), then a swap on Ethereum of exactly that minimum. The
 * router's minimum must come from what that smaller input surely buys, less the tolerance; it used to be the planned
 * output less the tolerance, about all that the smaller input buys at the quoted price (the send's tolerance used up
 * the swap's), so any price move against the swap, or a send delivering its minimum, reverted it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { SWAP_ROUTER_02_ABI } from '../venues/uniswap/router-abi.js';

const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const req = {
  source_asset_chain_id: '10',
  source_asset_denom: 'optimism-native',
  dest_asset_chain_id: '1',
  dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  amount_in: '300000000000000000',
  allow_multi_tx: true,
  smart_swap_options: { evm_swaps: true },
};

type Op = Record<string, Record<string, unknown>> & { amount_in: string; amount_out: string };

describe('an EVM swap of what an OFT send guarantees', () => {
  it('takes its minimum from the committed input, not from the planned one', async () => {
    const r = await post(t.app, '/v2/fungible/route', req);
    expect(r.statusCode, r.body).toBe(200);
    const route = r.json();
    const ops = route.operations as Op[];
    expect(ops.map((o) => Object.keys(o).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k)))).toEqual([
      'stargate_transfer',
      'evm_swap',
    ]);
    const swap = ops[1]!;
    const res = await post(t.app, '/v2/fungible/msgs', {
      source_asset_chain_id: req.source_asset_chain_id,
      source_asset_denom: req.source_asset_denom,
      dest_asset_chain_id: req.dest_asset_chain_id,
      dest_asset_denom: req.dest_asset_denom,
      amount_in: route.amount_in,
      amount_out: route.estimated_amount_out,
      address_list: (route.required_chain_addresses as string[]).map(() => EVM_USER),
      operations: ops,
      slippage_tolerance_percent: '3',
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().txs[1].evm_tx;
    const call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: `0x${tx.data}` as Hex });
    if (call.functionName !== 'exactInput') throw new Error(`expected exactInput, got ${call.functionName}`);
    const { amountIn, amountOutMinimum } = call.args[0];
    const plannedIn = BigInt(swap.amount_in);
    const plannedOut = BigInt(swap.amount_out);
    // The second transaction swaps what the Stargate send guarantees, less than the swap was planned with.
    expect(amountIn).toBeLessThan(plannedIn);
    // A smaller input moves the pool less, so it buys at least its share of the planned output: the minimum asks
    // for that share less the tolerance.
    expect(amountOutMinimum * plannedIn).toBeLessThanOrEqual(plannedOut * amountIn);
    expect(amountOutMinimum * 100n * plannedIn).toBeLessThanOrEqual(97n * plannedOut * amountIn + plannedIn * 100n);
    expect(BigInt(res.json().min_amount_out)).toBe(amountOutMinimum);
  });
});
