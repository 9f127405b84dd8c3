/**
 * Destination EVM swaps a bridge carries: an Axelar lane into Skip's AxelarHandler runs the swap after it on arrival
 * (the handler's Swap command), so the swap shares the lane's transaction; /msgs rebuilds the same memo from the
 * echoed operations. A lane that cannot carry a call (CCTP from Noble) still leaves the swap a transaction of its own
 * (evm-swap-routes.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, decodeAbiParameters, decodeFunctionData, getAddress, type Hex } from 'viem';
import { buildTestApp, post, type TestApp, operationKinds as kinds } from '../http/test-helpers/app.js';
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

/**
 * The Swap command of the memo's payload as Skip's deployed AxelarHandler decodes it (skip-mev/skip-go-evm-contracts
 * AxelarHandler/src/AxelarHandler.sol _executeWithToken at 5ace524, the implementation behind the June 2025 proxies):
 * ABI (uint8 command, bytes data), data = ABI (address tokenOut, address destination, bytes swapCalldata), the
 * calldata going to the handler's swap router as it is (libraries/SkipSwapRouter.sol swap).
 */
function swapCommand(memo: string) {
  const { payload } = JSON.parse(memo) as { payload: number[] };
  const [command, data] = decodeAbiParameters(
    [{ type: 'uint8' }, { type: 'bytes' }],
    bytesToHex(Uint8Array.from(payload)),
  );
  const [tokenOut, destination, swapCalldata] = decodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'bytes' }],
    data,
  );
  return { command, tokenOut, destination, swapCalldata };
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
    expect(cmd).toMatchObject({ command: 2, tokenOut: getAddress(LINK), destination: EVM_USER });
    // SwapRouter02 calldata for the handler's router: the amount the lane delivers, paid to its caller (the handler,
    // which sends the output on), the caller's 2 % slippage on the quoted output, and the route's own pools.
    const routed = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: cmd.swapCalldata });
    if (routed.functionName !== 'exactInput') throw new Error(routed.functionName);
    const call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: `0x${swap.swap_calldata}` as Hex });
    if (call.functionName !== 'exactInput') throw new Error(call.functionName);
    expect(routed.args[0]).toEqual({
      path: call.args[0].path,
      recipient: '0x0000000000000000000000000000000000000001',
      amountIn: BigInt(swap.amount_in),
      amountOutMinimum: BigInt(swap.amount_out) - (BigInt(swap.amount_out) * 2n) / 100n,
    });
  });

  it('to the native token: the router unwraps to the handler, the lane delivers the token as it is', async () => {
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
    // The native token out: tokenOut zero, and the router unwraps to its caller, the handler, which sends the ether.
    expect(cmd).toMatchObject({
      command: 2,
      tokenOut: '0x0000000000000000000000000000000000000000',
      destination: EVM_USER,
    });
    const routed = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: cmd.swapCalldata });
    expect(routed.functionName).toBe('multicall');
    const inner = (routed.args as readonly [readonly Hex[]])[0].map(
      (d) => decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: d }).functionName,
    );
    expect(inner[inner.length - 1]).toBe('unwrapWETH9');
  });
});
