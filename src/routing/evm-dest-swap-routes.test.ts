/**
 * Destination EVM swaps a bridge carries: an Axelar lane into Skip's AxelarHandler runs the swap after it on arrival
 * (the handler's Swap command), so the swap shares the lane's transaction; /msgs rebuilds the same memo from the
 * echoed operations. A lane that cannot carry a call (CCTP from Noble) still leaves the swap a transaction of its own
 * (evm-swap-routes.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, decodeAbiParameters, decodeFunctionData, getAddress, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { axelarConfig } from '../bridges/axelar/config.js';
import { SWAP_ROUTER_02_ABI } from '../venues/uniswap/router-calldata.js';
import { handlerRoutesThroughSwapRouter02 } from './test-helpers/axelar-handler-router.js';

const AXL_USDC_ON_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';
const LINK = '0x514910771AF9Ca656af840dff83E8264EcF986CA';
const OSMOSIS_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const request = {
  source_asset_chain_id: 'osmosis-1',
  source_asset_denom: AXL_USDC_ON_OSMOSIS,
  dest_asset_chain_id: '1',
  dest_asset_denom: LINK,
  amount_in: '1000000000',
  smart_swap_options: { evm_swaps: true },
  // The swap on Ethereum only: with Osmosis' pools a swap to axlWBTC first, then WBTC → LINK, delivers a little more.
  swap_venues: [{ name: 'ethereum-uniswap', chain_id: '1' }],
};
const kinds = (r: { operations: object[] }) =>
  r.operations.map((o) => Object.keys(o).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k)));

/** The Swap command of the memo's payload: (destination, amountOutMin, unwrapOut, [(function, payload)]). */
function swapCommand(memo: string) {
  const { payload } = JSON.parse(memo) as { payload: number[] };
  const [command, data] = decodeAbiParameters(
    [{ type: 'uint8' }, { type: 'bytes' }],
    bytesToHex(Uint8Array.from(payload)),
  );
  const [destination, amountOutMin, unwrapOut, swaps] = decodeAbiParameters(
    [{ type: 'address' }, { type: 'uint256' }, { type: 'bool' }, { type: 'bytes[]' }],
    data,
  );
  return {
    command,
    destination,
    amountOutMin,
    unwrapOut,
    swaps: swaps.map((s) => {
      const [fn, p] = decodeAbiParameters([{ type: 'uint8' }, { type: 'bytes' }], s);
      return { fn, path: decodeAbiParameters([{ type: 'bytes' }], p)[0] };
    }),
  };
}

describe('with today’s handlers (SkipGoSwapRouter behind them)', () => {
  it('the swap after the Axelar lane is a transaction of its own', async () => {
    const res = await post(t.app, '/v2/fungible/route', { ...request, amount_in: '1000000001', allow_multi_tx: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const kindsAndTx = body.operations.map(
      (o: { tx_index: number }) => `${kinds({ operations: [o] })[0]}@${o.tx_index}`,
    );
    expect(kindsAndTx[kindsAndTx.length - 1]).toMatch(/^evm_swap@/);
    const [lastLane, swap] = body.operations.slice(-2) as { tx_index: number }[];
    expect(swap!.tx_index).toBe(lastLane!.tx_index + 1);
    const single = await post(t.app, '/v2/fungible/route', { ...request, amount_in: '1000000001' });
    expect(single.statusCode).toBe(404);
  });
});

describe('a destination EVM swap carried by Axelar, the handler routing through SwapRouter02', () => {
  let undo: () => void;
  beforeAll(() => {
    undo = handlerRoutesThroughSwapRouter02('1');
  });
  afterAll(() => undo());

  it('axlUSDC on Osmosis → LINK on Ethereum: the lane and the swap in one transaction', async () => {
    const res = await post(t.app, '/v2/fungible/route', request);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(kinds(body)).toEqual(['axelar_transfer', 'evm_swap']);
    expect(body.txs_required).toBe(1);
    expect(body.operations.map((o: { tx_index: number }) => o.tx_index)).toEqual([0, 0]);
    const swap = body.operations[1].evm_swap;
    const usdc = axelarConfig()
      .assets.find((a) => a.denom === 'uusdc')!
      .tokens.get('1')!.address;
    expect(swap).toMatchObject({ denom_in: usdc, denom_out: LINK, from_chain_id: '1' });
    expect(body.operations[0].axelar_transfer.should_unwrap).toBe(false);
    expect(body.amount_out).toBe(swap.amount_out);
  });

  it('its message: a transfer to Axelar whose memo asks the handler to swap along the route’s path, as /msgs rebuilds it', async () => {
    const { body: r } = await post(t.app, '/v2/fungible/route', request).then((x) => ({ body: x.json() }));
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...request,
      amount_out: r.amount_out,
      address_list: [OSMOSIS_USER, EVM_USER],
      operations: r.operations,
      slippage_tolerance_percent: '2',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { txs } = res.json();
    expect(txs).toHaveLength(1);
    const msg = JSON.parse(txs[0].cosmos_tx.msgs[0].msg) as { memo: string };
    const memo = JSON.parse(msg.memo) as { destination_address: string };
    expect(getAddress(memo.destination_address)).toBe(getAddress(axelarConfig().handler.get('1')!));
    const cmd = swapCommand(msg.memo);
    const swap = r.operations[1].evm_swap;
    expect(cmd).toMatchObject({ command: 2, destination: EVM_USER, unwrapOut: false });
    // The caller's 2 % slippage on the quoted output.
    expect(cmd.amountOutMin).toBe(BigInt(swap.amount_out) - (BigInt(swap.amount_out) * 2n) / 100n);
    // The same pools as the route's own swap_calldata.
    const call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: `0x${swap.swap_calldata}` as Hex });
    if (call.functionName !== 'exactInput') throw new Error(call.functionName);
    expect(cmd.swaps).toEqual([{ fn: 1, path: call.args[0].path }]);
  });

  it('to the native token: the handler unwraps (unwrapOut), the lane delivers the token as it is', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...request,
      dest_asset_denom: 'ethereum-native',
      chain_ids_to_addresses: { 'osmosis-1': OSMOSIS_USER, '1': EVM_USER },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(kinds(route)).toEqual(['axelar_transfer', 'evm_swap']);
    expect(route.operations[0].axelar_transfer.should_unwrap).toBe(false);
    const cmd = swapCommand((JSON.parse(txs[0].cosmos_tx.msgs[0].msg) as { memo: string }).memo);
    expect(cmd).toMatchObject({ command: 2, unwrapOut: true });
  });
});
