/**
 * A source EVM swap and an Axelar call in one transaction, executed on anvil: native ETH on Ethereum → OSMO with
 * smart_swap_options.evm_swaps is one signature. The transaction /v2/fungible/msgs_direct returns calls Skip's
 * AxelarHandler (the tests' stand-in, src/test-helpers/evm/AxelarHandlerStandIn.sol, at the handler's address) with
 * swapAndGmpTransferERC20Token: the handler calls its swap router, Skip's SkipGoSwapRouter (the tests' stand-in,
 * src/test-helpers/evm/SkipGoSwapRouterStandIn.sol, at Skip's address, set as the handler's router as on chain), whose
 * Uniswap V3 hops call Uniswap's SwapRouter02 (from npm, at its mainnet address; the ETH wrapped into the tests'
 * WETH9-interface token at WETH's address) over the pools the calldata names —
 * created from npm's UniswapV3Factory with the shipped state (data/pools/evm-1.json) — and sends the output with a
 * call to Osmosis through Axelar's gateway (from @axelar-network/axelar-cgp-solidity). The amount the gateway sends
 * equals the evm_swap's quoted output to the unit, and the call is the entry point's swap to OSMO.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_GO_SWAP_ROUTER_ABI } from './skip-go-swap-router-abi.js';
import {
  decodeAbiParameters,
  decodeEventLog,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  hexToString,
  parseAbi,
  slice,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { axelarConfig } from '../bridges/axelar/config.js';
import { GATEWAY_ABI, HANDLER_ABI } from '../bridges/axelar/abi.js';
import { anvilAccount, startAnvil, type Anvil } from '../test-helpers/evm/anvil.js';
import { installAxelarGasService, installAxelarGateway } from '../test-helpers/evm/axelar.js';
import { copyCodeTo, deployContract, sendTx } from '../test-helpers/evm/deploy.js';
import { compileSolidity } from '../test-helpers/evm/solidity.js';
import { uniswapChain } from '../venues/uniswap/chains.js';
import type { UniswapOnAnvil } from '../venues/uniswap/test-helpers/uniswap-on-anvil.js';
import { createRecordedHops, skipGoV3Hops } from './test-helpers/recorded-evm-pools.js';
import { placeUniswapChain } from './test-helpers/uniswap-chain-on-anvil.js';

const USER = anvilAccount(1).address;
const OSMOSIS_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const AXL_USDC_ON_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';
const OSMOSIS_ENTRY_POINT = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
const chain = uniswapChain('1')!;
const cfg = axelarConfig();
const gateway = getAddress(cfg.gateway.get('1')!);
const handler = getAddress(cfg.handler.get('1')!);
/** Every token Axelar carries from Ethereum, registered with the test gateway under its symbol. */
const axelarTokens = cfg.assets.flatMap((a) => {
  const t = a.tokens.get('1');
  return t && getAddress(t.address) !== chain.wrappedNative
    ? [{ address: getAddress(t.address), symbol: t.symbol }]
    : [];
});

let t: TestApp;
let node: Anvil;
let u: UniswapOnAnvil;
/** The node before any pool is created: each test creates the pools it quotes, at their recorded state. */
let fresh: Hex;
beforeAll(async () => {
  t = await buildTestApp();
  node = await startAnvil(1);
  await installAxelarGateway(node, 1, gateway, axelarTokens, anvilAccount(0).address);
  await installAxelarGasService(node, getAddress(cfg.gasService));
  u = await placeUniswapChain(node, chain);
  const standIn = compileSolidity(
    new URL('../test-helpers/evm/AxelarHandlerStandIn.sol', import.meta.url),
  ).AxelarHandlerStandIn!;
  await copyCodeTo(node, await deployContract(node, standIn, [gateway, getAddress(cfg.gasService)]), handler);
  const skipGo = getAddress(cfg.skipGoSwapRouter.get('1')!);
  expect(getAddress(cfg.handlerSwapRouter.get('1')!)).toBe(skipGo);
  const skipGoStandIn = compileSolidity(
    new URL('../test-helpers/evm/SkipGoSwapRouterStandIn.sol', import.meta.url),
  ).SkipGoSwapRouterStandIn!;
  await copyCodeTo(node, await deployContract(node, skipGoStandIn, [chain.wrappedNative]), skipGo);
  await sendTx(node, 0, {
    to: handler,
    data: encodeFunctionData({
      abi: parseAbi(['function setSwapRouter(address router)']),
      functionName: 'setSwapRouter',
      args: [skipGo],
    }),
  });
  fresh = await node.testClient.snapshot();
});
afterAll(async () => {
  await node?.stop();
  await t?.app.close();
});

describe('ETH on Ethereum → OSMO on anvil', () => {
  it('one transaction: the handler swaps the ETH and sends what it got to Osmosis’ entry point, as quoted', async () => {
    const amountIn = 10n ** 18n;
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: 'ethereum-native',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: amountIn.toString(),
      smart_swap_options: { evm_swaps: true },
      chain_ids_to_addresses: { '1': USER, 'osmosis-1': OSMOSIS_USER },
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['evm_swap', 'axelar_transfer', 'swap']);
    expect(route.txs_required).toBe(1);
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(getAddress(tx.to)).toBe(handler);
    const outer = decodeFunctionData({ abi: HANDLER_ABI, data: `0x${tx.data}` as Hex });
    if (outer.functionName !== 'swapAndGmpTransferERC20Token') throw new Error(outer.functionName);
    const [inputToken, amount, swapCalldata, , , , symbol, gas] = outer.args;
    expect(inputToken).toBe('0x0000000000000000000000000000000000000000');
    expect(amount).toBe(amountIn);
    expect(BigInt(tx.value)).toBe(amountIn + gas);
    // The swap as SkipGoSwapRouter takes it: the ETH (token in zero), at least the minimum of the route's calldata.
    const inner = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: swapCalldata });
    const [skipAmount, skipMin, tokenIn, tokenOut, hops] = inner.args;
    const swapOp = route.operations[0].evm_swap;
    expect(skipAmount).toBe(amountIn);
    expect(tokenIn).toBe('0x0000000000000000000000000000000000000000');
    expect(tokenOut).toBe(getAddress(swapOp.denom_out));
    expect(skipMin).toBe(BigInt(swapOp.amount_out) - BigInt(swapOp.amount_out) / 100n);
    // Uniswap V3 hops through SwapRouter02.
    expect(hops.length).toBeGreaterThan(0);
    const v3Hops = skipGoV3Hops(swapCalldata, chain.swapRouter02);
    await createRecordedHops(u, v3Hops, new Set([chain.wrappedNative, ...axelarTokens.map((x) => x.address)]));

    // With a margin over the node's estimate, as a wallet sends it: the swap's gas depends on the block's second.
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const calls = receipt.logs
      .filter((l) => getAddress(l.address) === gateway)
      .map((l) => decodeEventLog({ abi: GATEWAY_ABI, data: l.data, topics: l.topics }).args);
    expect(calls).toHaveLength(1);
    const swap = route.operations[0].evm_swap;
    expect(calls[0]!.symbol).toBe(symbol);
    expect(calls[0]!.amount).toBe(BigInt(swap.amount_out));
    expect(calls[0]!.destinationContractAddress).toBe(OSMOSIS_ENTRY_POINT);
    // The CosmWasm JSON payload: the entry point's swap to OSMO, run on arrival, in its recover form.
    expect(slice(calls[0]!.payload, 0, 4)).toBe('0x00000002');
    const msg = JSON.parse(hexToString(slice(calls[0]!.payload, 4))) as Record<string, unknown>;
    expect(Object.keys(msg)).toEqual(['swap_and_action_with_recover']);
    expect(JSON.stringify(msg)).toContain('uosmo');
  }, 120_000);

  it('ETH → axlUSDC on Osmosis (the EVM swap is the last): SkipGoSwapRouter pays both affiliates, the handler sends the rest', async () => {
    await node.testClient.revert({ id: fresh });
    const affiliates = [
      { address: getAddress('0x00000000000000000000000000000000000afee5'), bps: 30n },
      { address: getAddress('0x00000000000000000000000000000000000afee6'), bps: 15n },
    ];
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: 'ethereum-native',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: AXL_USDC_ON_OSMOSIS,
      amount_in: (10n ** 18n).toString(),
      smart_swap_options: { evm_swaps: true },
      chain_ids_to_addresses: { '1': USER, 'osmosis-1': OSMOSIS_USER },
      chain_ids_to_affiliates: {
        '1': { affiliates: affiliates.map((a) => ({ address: a.address, basis_points_fee: a.bps.toString() })) },
      },
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs, min_amount_out } = res.json();
    expect(route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['evm_swap', 'axelar_transfer']);
    const tx = txs[0].evm_tx;
    const outer = decodeFunctionData({ abi: HANDLER_ABI, data: `0x${tx.data}` as Hex });
    if (outer.functionName !== 'swapAndGmpTransferERC20Token') throw new Error(outer.functionName);
    const inner = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: outer.args[2] });
    const [, , , tokenOut, hops, paid] = inner.args;
    expect(paid).toEqual(affiliates.map((a) => ({ recipient: a.address, feeBPS: a.bps })));
    const v3Hops = hops.map((hop) => {
      const [a, b, fee] = decodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'address' }, { type: 'address' }],
        hop.data,
      );
      return { a, b, fee };
    });
    await createRecordedHops(u, v3Hops, new Set([chain.wrappedNative, ...axelarTokens.map((x) => x.address)]));
    const balance = (who: Hex) =>
      node.publicClient.readContract({
        address: tokenOut,
        abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
        functionName: 'balanceOf',
        args: [who],
      });
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const sent = receipt.logs
      .filter((l) => getAddress(l.address) === gateway)
      .map((l) => decodeEventLog({ abi: GATEWAY_ABI, data: l.data, topics: l.topics }).args)[0]!.amount;
    const fees = [await balance(affiliates[0]!.address), await balance(affiliates[1]!.address)];
    const gross = sent + fees[0]! + fees[1]!;
    // Each affiliate gets floor(gross × its bps / 10⁴); the handler sends what its balance gained, as quoted.
    expect(fees).toEqual(affiliates.map((a) => (gross * a.bps) / 10_000n));
    // The quote knows only the cumulative 45 bps; the per-affiliate floors can leave the user a unit more, never less.
    const quoted = BigInt(route.operations[0].evm_swap.amount_out);
    expect(sent - quoted).toBe((gross * 45n) / 10_000n - fees[0]! - fees[1]!);
    expect(sent >= BigInt(min_amount_out)).toBe(true);
  }, 120_000);
});
