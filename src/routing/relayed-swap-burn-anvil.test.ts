/**
 * A swap and a relayed CCTP burn into Noble in one transaction, executed on anvil: 10 AVAX on Avalanche and 1 ETH on
 * Base → USDC on Noble with smart_swap_options.evm_swaps (the shape: relayed-swap-burn-into-noble.test.ts). The
 * transaction /v2/fungible/msgs_direct returns is sent as it is to the chain's Skip CCTP relayer (Junction's stand-in,
 * bridges/cctp/TestCCTPSwapRelayer.sol, at the relayer's address), which has Skip's SkipGoSwapRouter (Junction's
 * stand-in at its address, test-helpers/evm/SkipGoSwapRouterStandIn.sol) swap the native token wrapped at the chain's
 * wrapped-native address, keeps the relaying fee and burns the rest through Circle's TokenMessenger (from npm, at its
 * address), as evm-swap-anvil.test.ts does on Ethereum. The pools are the shipped ones at their addresses:
 * - Avalanche: Pangolin's WAVAX/USDC pair (data/pools/evm-43114.json) is PangolinPair from npm
 *   @pangolindex/exchange-contracts, created by PangolinFactory and placed at the pair's address with its state, holding
 *   the shipped reserves (as pangolin-anvil.test.ts builds it), reached by a UNISWAP_V2 hop.
 * - Base: Aerodrome Slipstream's WETH/USDC pool (data/pools/evm-8453.json) is the shipped state in Uniswap V3's pool
 *   from npm, reached by a VELODROME hop through Slipstream's SwapRouter and a face at the pool's address (Junction's
 *   stand-ins, venues/uniswap/test-helpers/SlipstreamStandIns.sol), as slipstream-anvil.test.ts builds it.
 * The burn equals Junction's quote to the unit (the evm_swap's amount out less the relaying fee) and the relayer keeps
 * exactly the fee.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  keccak256,
  pad,
  type Address,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { CCTP_RELAYER_ABI, TOKEN_MESSENGER_ABI } from '../bridges/cctp/evm.js';
import { cctpConfig } from '../bridges/cctp/config.js';
import { readDataFile } from '../registry/data-files.js';
import { anvilAccount, startAnvil, type Anvil } from '../test-helpers/evm/anvil.js';
import { ERC20_TEST_ABI, copyWithState, deployCircleCctp } from '../test-helpers/evm/circle-cctp.js';
import { copyCodeTo, deployContract, eventsOf, sendTx } from '../test-helpers/evm/deploy.js';
import { hardhatArtifact } from '../test-helpers/evm/npm-artifacts.js';
import { compileSolidity } from '../test-helpers/evm/solidity.js';
import { uniswapChain } from '../venues/uniswap/chains.js';
import { buildPool } from '../venues/uniswap/parse.js';
import { createV3Pool, mintTicks, send, type UniswapOnAnvil } from '../venues/uniswap/test-helpers/uniswap-on-anvil.js';
import type { UniswapV3Pool } from '../venues/uniswap/v3-pool.js';
import { placeUniswapChain } from './test-helpers/uniswap-chain-on-anvil.js';

const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
const USER = anvilAccount(1).address;
const OWNER = anvilAccount(0).address;

type PoolRecord = Record<string, unknown> & { address: Address; token0: Address; token1: Address };
const shippedPool = (chainId: string) => readDataFile<{ pools: PoolRecord[] }>(`pools/evm-${chainId}.json`).pools[0]!;

/** Pangolin's pair at its Avalanche address with the shipped reserves, recorded by the pair's own mint. */
async function placePangolinPair(u: UniswapOnAnvil): Promise<void> {
  const rec = shippedPool('43114') as PoolRecord & { reserve0: string; reserve1: string };
  const artifacts = '@pangolindex/exchange-contracts/artifacts/contracts/pangolin-core';
  const factoryArtifact = hardhatArtifact(`${artifacts}/PangolinFactory.sol/PangolinFactory.json`);
  const pairArtifact = hardhatArtifact(`${artifacts}/PangolinPair.sol/PangolinPair.json`);
  const factory = await deployContract(u.node, factoryArtifact, [OWNER]);
  const factoryCall = (functionName: 'createPair' | 'getPair') =>
    encodeFunctionData({ abi: factoryArtifact.abi, functionName, args: [rec.token0, rec.token1] });
  await send(u.node, 0, factory, factoryCall('createPair'));
  const { data } = await u.node.publicClient.call({ to: factory, data: factoryCall('getPair') });
  // The npm pair's creation code is not the deployed one (build metadata), so the factory's CREATE2 puts it elsewhere:
  // its code and plain state (factory, tokens, lock) are copied to the real address.
  const pair = getAddress(rec.address);
  await copyWithState(u.node, getAddress(`0x${data!.slice(26)}`), pair);
  for (const [token, amount] of [
    [rec.token0, rec.reserve0],
    [rec.token1, rec.reserve1],
  ] as const) {
    const mint = encodeFunctionData({ abi: ERC20_TEST_ABI, functionName: 'mint', args: [pair, BigInt(amount)] });
    await send(u.node, 0, token, mint);
  }
  await send(u.node, 0, pair, encodeFunctionData({ abi: pairArtifact.abi, functionName: 'mint', args: [OWNER] }));
}

/** Slipstream's pool state in Uniswap V3's pool, reached through the Slipstream stand-ins at Base's addresses. */
async function placeSlipstreamPool(u: UniswapOnAnvil): Promise<void> {
  const chain = uniswapChain('8453')!;
  const record = shippedPool('8453') as PoolRecord & { ticks: [number, string][] };
  const shipped = buildPool(chain, record, 'shipped') as UniswapV3Pool;
  // Uniswap's factory pairs fee 500 with tick spacing 10; Slipstream's pool has 500 with 100 (slot 4: the factory's
  // feeAmountTickSpacing mapping, as slipstream-anvil.test.ts clears it).
  await u.node.testClient.setStorageAt({
    address: u.v3Factory,
    index: keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [500n, 4n])),
    value: pad('0x0'),
  });
  const pool = await createV3Pool(u, record.token0, record.token1, 500, 100, shipped.state.sqrtPriceX96);
  await mintTicks(
    u,
    pool,
    record.ticks.map(([tick, net]) => ({ tick, liquidityNet: BigInt(net) })),
  );
  const own = compileSolidity(new URL('../venues/uniswap/test-helpers/SlipstreamStandIns.sol', import.meta.url));
  const router = getAddress(chain.v3.find((d) => d.protocol === 'aerodrome-slipstream')!.swapRouter!);
  await copyCodeTo(u.node, await deployContract(u.node, own.SlipstreamRouterStandIn!), router);
  const setPool = encodeFunctionData({
    abi: own.SlipstreamRouterStandIn!.abi,
    functionName: 'setPool',
    args: [record.token0, record.token1, 100, pool],
  });
  await send(u.node, 0, router, setPool);
  await copyCodeTo(u.node, await deployContract(u.node, own.SlipstreamPoolFace!, [100]), getAddress(shipped.id));
}

const cases = [
  { chainId: '43114', native: 'avalanche-native', amountIn: 10n * 10n ** 18n, placePool: placePangolinPair },
  { chainId: '8453', native: 'base-native', amountIn: 10n ** 18n, placePool: placeSlipstreamPool },
];

let t: TestApp | undefined;
const nodes: Anvil[] = [];
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await t?.app.close();
});

describe.each(cases)('native token on $chainId → USDC on Noble, one transaction on anvil', (c) => {
  it('the relayer swaps through SkipGoSwapRouter, keeps its fee and burns the rest, as quoted', async () => {
    t ??= await buildTestApp();
    const node = await startAnvil(Number(c.chainId));
    nodes.push(node);
    const chain = uniswapChain(c.chainId)!;
    const { usdc, messenger } = await deployCircleCctp(node, c.chainId);
    const u = await placeUniswapChain(node, chain);
    await c.placePool(u);
    const relayer = getAddress(cctpConfig().relay.relayer.get(c.chainId)!);
    const skipGo = getAddress(cctpConfig().relay.relayerSwapRouter.get(c.chainId)!);
    const skipGoStandIn = compileSolidity(
      new URL('../test-helpers/evm/SkipGoSwapRouterStandIn.sol', import.meta.url),
    ).SkipGoSwapRouterStandIn!;
    await copyCodeTo(node, await deployContract(node, skipGoStandIn, [chain.wrappedNative]), skipGo);
    const own = compileSolidity(new URL('../bridges/cctp/TestCCTPSwapRelayer.sol', import.meta.url));
    await copyCodeTo(node, await deployContract(node, own.TestCCTPSwapRelayer!, [messenger, skipGo]), relayer);

    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: c.chainId,
      source_asset_denom: c.native,
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: c.amountIn.toString(),
      smart_swap_options: { evm_swaps: true },
      chain_ids_to_addresses: { [c.chainId]: USER, 'noble-1': NOBLE_USER },
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(getAddress(tx.to)).toBe(relayer);
    const data = `0x${tx.data}` as Hex;
    expect(decodeFunctionData({ abi: CCTP_RELAYER_ABI, data }).functionName).toBe(
      'swapAndRequestCCTPTransferWithCaller',
    );

    const receipt = await sendTx(node, 1, { to: tx.to, data, value: BigInt(tx.value) });
    const burn = eventsOf(receipt.logs, messenger, TOKEN_MESSENGER_ABI).find((e) => e.eventName === 'DepositForBurn');
    const args = burn!.args as { amount: bigint; burnToken: Address; destinationDomain: number };
    const swapOut = BigInt(route.operations[0].evm_swap.amount_out);
    const fee = BigInt(route.estimated_fees[0].amount);
    expect(fee).toBe(cctpConfig().relay.evmToNobleFee.get(c.chainId));
    expect(args.burnToken).toBe(usdc);
    expect(args.destinationDomain).toBe(4);
    expect(args.amount).toBe(swapOut - fee);
    expect(route.amount_out).toBe((swapOut - fee).toString());
    const relayerUsdc = await node.publicClient.readContract({
      address: usdc,
      abi: ERC20_TEST_ABI,
      functionName: 'balanceOf',
      args: [relayer],
    });
    expect(relayerUsdc).toBe(fee);
  }, 240_000);
});
