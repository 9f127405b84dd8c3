/**
 * A source swap and a Go Fast order in one transaction on anvil: native ETH on Ethereum → USDC on Osmosis with
 * go_fast and smart_swap_options.evm_swaps. The transaction /v2/fungible/msgs_direct returns is sent as it is: it calls
 * Skip's GoFastHandler at its mainnet address (Junction's stand-in of swapAndSubmitOrder, TestGoFastHandler.sol),
 * which swaps through the router it is set to — Skip's SkipGoSwapRouter (Junction's stand-in,
 * test-helpers/evm/SkipGoSwapRouterStandIn.sol, at its mainnet address), whose Uniswap V3 hops call Uniswap's
 * SwapRouter02 from npm over pools created with the shipped recorded state — and submits the order of the whole output
 * to the gateway (TestGoFastGateway.sol at the mainnet gateway address). The order equals Junction's quote to the
 * unit: amountIn the evm_swap's amount out, amountOut that less the solver fee the route lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_GO_SWAP_ROUTER_ABI } from '../../routing/skip-go-swap-router-abi.js';
import {
  decodeAbiParameters,
  decodeEventLog,
  decodeFunctionData,
  getAddress,
  hexToBigInt,
  parseAbi,
  slice,
} from 'viem';
import type { Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, sendTx } from '../../test-helpers/evm/deploy.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import { uniswapChain } from '../../venues/uniswap/chains.js';
import type { UniswapOnAnvil } from '../../venues/uniswap/test-helpers/uniswap-on-anvil.js';
import { createRecordedHops, skipGoV3Hops } from '../../routing/test-helpers/recorded-evm-pools.js';
import { placeUniswapChain } from '../../routing/test-helpers/uniswap-chain-on-anvil.js';
import { GO_FAST_HANDLER_ABI } from './abi.js';
import { goFastConfig } from './config.js';

const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const NOBLE_USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const GATEWAY_EVENTS = parseAbi(['event OrderSubmitted(bytes32 indexed orderID, bytes order)']);

const user = anvilAccount(1).address;
const chain = uniswapChain('1')!;
const cfg = goFastConfig();
const usdc = getAddress(cfg.token.get('1')!);
const gateway = getAddress(cfg.gateway.get('1')!);
const handler = getAddress(cfg.handler.get('1')!);

let t: TestApp;
let node: Anvil;
let u: UniswapOnAnvil;
/** The node before any pool is created: each test creates the pools it quotes, at their recorded state. */
let fresh: Hex;
beforeAll(async () => {
  t = await buildTestApp();
  node = await startAnvil(1);
  u = await placeUniswapChain(node, chain);
  const skipGo = getAddress(cfg.handlerSwapRouter.get('1')!);
  const skipGoStandIn = compileSolidity(
    new URL('../../test-helpers/evm/SkipGoSwapRouterStandIn.sol', import.meta.url),
  ).SkipGoSwapRouterStandIn!;
  await copyCodeTo(node, await deployContract(node, skipGoStandIn, [chain.wrappedNative]), skipGo);
  const own = compileSolidity(new URL('./TestGoFastGateway.sol', import.meta.url));
  await copyCodeTo(node, await deployContract(node, own.TestGoFastGateway!, [usdc, 1]), gateway);
  const handlerStandIn = compileSolidity(new URL('./TestGoFastHandler.sol', import.meta.url)).TestGoFastHandler!;
  await copyCodeTo(node, await deployContract(node, handlerStandIn, [skipGo, gateway]), handler);
  fresh = await node.testClient.snapshot();
});
afterAll(async () => {
  await node?.stop();
  await t?.app.close();
});

describe('ETH on Ethereum → USDC on Osmosis over Go Fast, on anvil', () => {
  it('one transaction: the handler swaps the ETH and submits the order of its output, as quoted', async () => {
    const amountIn = 10n ** 17n; // 0.1 ETH: inside Go Fast's limits
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: 'ethereum-native',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: NOBLE_USDC_ON_OSMOSIS,
      amount_in: amountIn.toString(),
      go_fast: true,
      bridges: ['GO_FAST'],
      smart_swap_options: { evm_swaps: true },
      chain_ids_to_addresses: { '1': user, 'osmosis-1': OSMO_USER },
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['evm_swap', 'go_fast_transfer']);
    expect(route.txs_required).toBe(1);
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(getAddress(tx.to)).toBe(handler);
    expect(BigInt(tx.value)).toBe(amountIn);
    expect(tx.required_erc20_approvals).toEqual([]);
    const outer = decodeFunctionData({ abi: GO_FAST_HANDLER_ABI, data: `0x${tx.data}` as Hex });
    if (outer.functionName !== 'swapAndSubmitOrder') throw new Error(outer.functionName);
    const [tokenIn, swapAmountIn, swapCalldata, executionFee, solverBps, , , domain] = outer.args;
    const swapOp = route.operations[0].evm_swap;
    const fee = route.operations[1].go_fast_transfer.fee;
    expect(tokenIn).toBe('0x0000000000000000000000000000000000000000');
    expect(swapAmountIn).toBe(amountIn);
    expect(executionFee).toBe(BigInt(fee.source_chain_fee_amount) + BigInt(fee.destination_chain_fee_amount));
    expect(solverBps).toBe(BigInt(fee.bps_fee));
    expect(domain).toBe(875);
    // SkipGoSwapRouter's swapExactIn of the ETH to USDC, over Uniswap V3 hops through SwapRouter02.
    await createRecordedHops(u, skipGoV3Hops(swapCalldata, chain.swapRouter02), new Set([chain.wrappedNative]));

    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const submitted = receipt.logs
      .filter((l) => getAddress(l.address) === gateway)
      .map((l) => decodeEventLog({ abi: GATEWAY_EVENTS, data: l.data, topics: l.topics }));
    expect(submitted).toHaveLength(1);
    const order = submitted[0]!.args.order;
    const orderIn = hexToBigInt(slice(order, 64, 96));
    const orderOut = hexToBigInt(slice(order, 96, 128));
    // The swap delivered what Junction quoted, the order carries all of it and pays the user the quote.
    expect(orderIn).toBe(BigInt(swapOp.amount_out));
    expect(orderOut).toBe(BigInt(route.estimated_amount_out));
    expect(orderIn - orderOut).toBe(
      BigInt(fee.bps_fee_amount) + BigInt(fee.source_chain_fee_amount) + BigInt(fee.destination_chain_fee_amount),
    );
  });

  it('with an affiliate on Ethereum (the last swap): SkipGoSwapRouter pays it, the order carries the rest, as quoted', async () => {
    await node.testClient.revert({ id: fresh });
    const affiliate = getAddress('0x00000000000000000000000000000000000afee8');
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: 'ethereum-native',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: NOBLE_USDC_ON_OSMOSIS,
      amount_in: (10n ** 17n).toString(),
      go_fast: true,
      bridges: ['GO_FAST'],
      smart_swap_options: { evm_swaps: true },
      chain_ids_to_addresses: { '1': user, 'osmosis-1': OSMO_USER },
      chain_ids_to_affiliates: { '1': { affiliates: [{ address: affiliate, basis_points_fee: '50' }] } },
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    const tx = txs[0].evm_tx;
    const outer = decodeFunctionData({ abi: GO_FAST_HANDLER_ABI, data: `0x${tx.data}` as Hex });
    if (outer.functionName !== 'swapAndSubmitOrder') throw new Error(outer.functionName);
    const inner = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: outer.args[2] });
    expect(inner.args[5]).toEqual([{ recipient: affiliate, feeBPS: 50n }]);
    const hops = inner.args[4].map((hop) => {
      const [a, b, poolFee] = decodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'address' }, { type: 'address' }],
        hop.data,
      );
      return { a, b, fee: poolFee };
    });
    await createRecordedHops(u, hops, new Set([chain.wrappedNative]));
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const order = receipt.logs
      .filter((l) => getAddress(l.address) === gateway)
      .map((l) => decodeEventLog({ abi: GATEWAY_EVENTS, data: l.data, topics: l.topics }))[0]!.args.order;
    const orderIn = hexToBigInt(slice(order, 64, 96));
    const fee = await node.publicClient.readContract({
      address: usdc,
      abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
      functionName: 'balanceOf',
      args: [affiliate],
    });
    // The router took floor(gross × 50 / 10⁴); the handler ordered the rest, which is the quoted swap output.
    expect(fee).toBe(((fee + orderIn) * 50n) / 10_000n);
    expect(fee).toBeGreaterThan(0n);
    expect(orderIn).toBe(BigInt(route.operations[0].evm_swap.amount_out));
    expect(hexToBigInt(slice(order, 96, 128))).toBe(BigInt(route.estimated_amount_out));
  });
});
