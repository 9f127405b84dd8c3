/**
 * A source EVM swap and an Axelar call in one transaction, executed on anvil: native ETH on Ethereum → OSMO with
 * smart_swap_options.evm_swaps is one signature. The transaction /v2/fungible/msgs_direct returns calls Skip's
 * AxelarHandler (the tests' stand-in, src/test-helpers/evm/AxelarHandlerStandIn.sol, at the handler's address) with
 * swapAndGmpTransferERC20Token: the handler swaps the ETH through Uniswap's SwapRouter02 (from npm, at its mainnet
 * address, wrapping into the tests' WETH9-interface token at WETH's address) over the pools the calldata names —
 * created from npm's UniswapV3Factory with the shipped state (data/pools/evm-1.json) — and sends the output with a
 * call to Osmosis through Axelar's gateway (from @axelar-network/axelar-cgp-solidity). The amount the gateway sends
 * equals the evm_swap's quoted output to the unit, and the call is the entry point's swap to OSMO. The handler's swap
 * router is SwapRouter02 here (test-helpers/axelar-handler-router.ts): today's deployed handlers call Skip's
 * SkipGoSwapRouter, whose calldata Junction does not build, and the swap is then a transaction of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeEventLog,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  hexToString,
  parseAbi,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { axelarConfig } from '../bridges/axelar/config.js';
import { GATEWAY_ABI, HANDLER_ABI } from '../bridges/axelar/abi.js';
import { readDataFile } from '../registry/data-files.js';
import { anvilAccount, startAnvil, type Anvil } from '../test-helpers/evm/anvil.js';
import { installAxelarGasService, installAxelarGateway } from '../test-helpers/evm/axelar.js';
import { copyCodeTo, deployContract, sendTx } from '../test-helpers/evm/deploy.js';
import { compileSolidity } from '../test-helpers/evm/solidity.js';
import { uniswapChain } from '../venues/uniswap/chains.js';
import { handlerRoutesThroughSwapRouter02 } from './test-helpers/axelar-handler-router.js';
import { SWAP_ROUTER_02_ABI } from '../venues/uniswap/router-calldata.js';
import type { V3Tick } from '../venues/uniswap/v3-pool.js';
import {
  ROUTER,
  V3_FACTORY,
  createV3Pool,
  mintTicks,
  placeToken,
  type UniswapOnAnvil,
} from '../venues/uniswap/test-helpers/uniswap-on-anvil.js';

interface PoolRecord {
  token0: Address;
  token1: Address;
  fee?: number;
  tick_spacing?: number;
  sqrt_price_x96?: string;
  tick?: number;
  ticks?: [number, string][];
}
const records = readDataFile<{ pools: PoolRecord[] }>('pools/evm-1.json').pools;
const WINDOW = 40;
const USER = anvilAccount(1).address;
const OSMOSIS_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
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

/** The shipped pool's initialized ticks nearest its price, closed at both ends (as swap-anvil.test.ts does). */
function window(r: PoolRecord): V3Tick[] {
  const all = r.ticks!.map(([tick, net]) => ({ tick, liquidityNet: BigInt(net) }));
  const ticks = [
    ...all.filter((t) => t.tick <= r.tick!).slice(-WINDOW),
    ...all.filter((t) => t.tick > r.tick!).slice(0, WINDOW),
  ];
  const startL = all.filter((t) => t.tick < ticks[0]!.tick).reduce((s, t) => s + t.liquidityNet, 0n);
  ticks[0] = { ...ticks[0]!, liquidityNet: ticks[0]!.liquidityNet + startL };
  const total = ticks.reduce((s, t) => s + t.liquidityNet, 0n);
  const last = ticks.length - 1;
  ticks[last] = { ...ticks[last]!, liquidityNet: ticks[last]!.liquidityNet - total };
  return ticks;
}

let t: TestApp;
let node: Anvil;
let u: UniswapOnAnvil;
beforeAll(async () => {
  // The handler's swap router as SwapRouter02 (today's deployed handlers call Skip's SkipGoSwapRouter instead).
  handlerRoutesThroughSwapRouter02('1');
  t = await buildTestApp();
  node = await startAnvil(1);
  await installAxelarGateway(node, 1, gateway, axelarTokens, anvilAccount(0).address);
  await installAxelarGasService(node, getAddress(cfg.gasService));
  const weth = compileSolidity(new URL('./test-helpers/TestWrappedNative.sol', import.meta.url)).TestWrappedNative!;
  await copyCodeTo(node, await deployContract(node, weth), chain.wrappedNative);
  const owner = anvilAccount(0).address;
  const v3Factory = await deployContract(node, V3_FACTORY);
  const router = await deployContract(node, ROUTER, [owner, v3Factory, owner, chain.wrappedNative]);
  await copyCodeTo(node, router, chain.swapRouter02);
  const minter = await deployContract(
    node,
    compileSolidity(new URL('../venues/uniswap/test-helpers/UniswapTestSupport.sol', import.meta.url)).PositionMinter!,
  );
  u = { node, v3Factory, v2Factory: owner, router: chain.swapRouter02, minter };
  const standIn = compileSolidity(
    new URL('../test-helpers/evm/AxelarHandlerStandIn.sol', import.meta.url),
  ).AxelarHandlerStandIn!;
  await copyCodeTo(node, await deployContract(node, standIn, [gateway, getAddress(cfg.gasService)]), handler);
  await sendTx(node, 0, {
    to: handler,
    data: encodeFunctionData({
      abi: parseAbi(['function setSwapRouter(address router)']),
      functionName: 'setSwapRouter',
      args: [chain.swapRouter02],
    }),
  });
}, 240_000);
afterAll(async () => {
  await node?.stop();
  await t?.app.close();
});

/** Creates on anvil every pool a V3 path (token, fee, token, ...) names, from the shipped state. */
async function createPoolsOf(path: Hex): Promise<void> {
  const hex = path.slice(2);
  const placed = new Set<string>([chain.wrappedNative, ...axelarTokens.map((x) => x.address)]);
  for (let i = 40; i < hex.length; i += 46) {
    const a = getAddress(`0x${hex.slice(i - 40, i)}`);
    const fee = parseInt(hex.slice(i, i + 6), 16);
    const b = getAddress(`0x${hex.slice(i + 6, i + 46)}`);
    const r = records.find(
      (p) => p.fee === fee && [p.token0, p.token1].includes(a) && [p.token0, p.token1].includes(b),
    )!;
    for (const token of [r.token0, r.token1]) if (!placed.has(token)) await placeToken(node, token, 18);
    const pool = await createV3Pool(u, r.token0, r.token1, fee, r.tick_spacing!, BigInt(r.sqrt_price_x96!));
    await mintTicks(u, pool, window(r));
  }
}

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
    const inner = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: swapCalldata });
    if (inner.functionName !== 'exactInput') throw new Error(inner.functionName);
    await createPoolsOf(inner.args[0].path);

    const hash = await node.wallet(1).sendTransaction({
      to: tx.to,
      data: `0x${tx.data}`,
      value: BigInt(tx.value),
      account: anvilAccount(1),
      chain: node.chain,
    });
    const receipt = await node.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    const calls = receipt.logs
      .filter((l) => getAddress(l.address) === gateway)
      .map((l) => decodeEventLog({ abi: GATEWAY_ABI, data: l.data, topics: l.topics }).args);
    expect(calls).toHaveLength(1);
    const swap = route.operations[0].evm_swap;
    expect(calls[0]!.symbol).toBe(symbol);
    expect(calls[0]!.amount).toBe(BigInt(swap.amount_out));
    expect(calls[0]!.destinationContractAddress).toBe(OSMOSIS_ENTRY_POINT);
    // The CosmWasm JSON payload: the entry point's swap to OSMO, run on arrival.
    expect(slice(calls[0]!.payload, 0, 4)).toBe('0x00000002');
    const msg = JSON.parse(hexToString(slice(calls[0]!.payload, 4))) as Record<string, unknown>;
    expect(Object.keys(msg)).toEqual(['swap_and_action']);
    expect(JSON.stringify(msg)).toContain('uosmo');
  }, 120_000);
});
