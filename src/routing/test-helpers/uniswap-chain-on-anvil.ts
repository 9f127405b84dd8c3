/**
 * A chain's Uniswap deployment placed on anvil at that chain's real addresses (data/evm-uniswap.json), so that the
 * live ingest (venues/uniswap/ingest.ts) finds the pools where the factory's CREATE2 puts them on mainnet, and the
 * SwapRouter02 calls Junction builds run as they are: Uniswap's own UniswapV3Factory and SwapRouter02 from npm, the
 * tests' WETH9-interface token at the wrapped-native address, mintable tokens at the token addresses, Multicall3.
 *
 * The factory's runtime code holds its own deployment address as an immutable (NoDelegateCall's `original`): copied to
 * the real address, that word is rewritten to the real address, or every createPool would revert as a delegate call.
 */
import { getAddress, pad, type Address, type Hex } from 'viem';
import { anvilAccount, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract } from '../../test-helpers/evm/deploy.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import type { UniswapChain } from '../../venues/uniswap/chains.js';
import type { V3Tick } from '../../venues/uniswap/v3-pool.js';
import {
  ROUTER,
  V3_FACTORY,
  createV3Pool,
  mintTicks,
  placeMulticall3,
  placeToken,
  type UniswapOnAnvil,
} from '../../venues/uniswap/test-helpers/uniswap-on-anvil.js';

/** UniswapV3Factory's storage slot of `owner` (after the deployer's 3-slot `parameters` struct). */
const FACTORY_OWNER_SLOT = 3;

export async function placeUniswapChain(node: Anvil, chain: UniswapChain): Promise<UniswapOnAnvil> {
  const owner = anvilAccount(0).address;
  await placeMulticall3(node);
  const weth = compileSolidity(new URL('./TestWrappedNative.sol', import.meta.url)).TestWrappedNative!;
  await copyCodeTo(node, await deployContract(node, weth), chain.wrappedNative as Address);
  // The pools' WETH is minted, not deposited: the token holds ETH of its own so that unwrapping it pays out.
  await node.testClient.setBalance({ address: chain.wrappedNative as Address, value: 10n ** 24n });
  const factory = getAddress(chain.v3[0]!.factory!);
  const deployed = await deployContract(node, V3_FACTORY);
  const code = (await node.publicClient.getCode({ address: deployed }))!;
  const patched = code.split(deployed.slice(2).toLowerCase()).join(factory.slice(2).toLowerCase()) as Hex;
  await node.testClient.setCode({ address: factory, bytecode: patched });
  await node.testClient.setStorageAt({
    address: factory,
    index: pad(`0x${FACTORY_OWNER_SLOT.toString(16)}`),
    value: pad(owner),
  });
  const router = await deployContract(node, ROUTER, [owner, factory, owner, chain.wrappedNative]);
  await copyCodeTo(node, router, chain.swapRouter02 as Address);
  const minter = await deployContract(
    node,
    compileSolidity(new URL('../../venues/uniswap/test-helpers/UniswapTestSupport.sol', import.meta.url))
      .PositionMinter!,
  );
  return { node, v3Factory: factory, v2Factory: owner, router: chain.swapRouter02 as Address, minter };
}

/** A recorded V3 pool state: price and initialized ticks. */
export interface RecordedV3 {
  token0: Address;
  token1: Address;
  fee: number;
  tickSpacing: number;
  sqrtPriceX96: bigint;
  tick: number;
  ticks: V3Tick[];
}

/**
 * The recorded pool's initialized ticks nearest its price (`each` per side), closed at both ends so that the
 * positions minted from them hold the recorded active liquidity (as evm-swap-anvil.test.ts does).
 */
function tickWindow(r: RecordedV3, each: number): V3Tick[] {
  const all = [...r.ticks].sort((a, b) => a.tick - b.tick);
  const ticks = [
    ...all.filter((t) => t.tick <= r.tick).slice(-each),
    ...all.filter((t) => t.tick > r.tick).slice(0, each),
  ];
  const startL = all.filter((t) => t.tick < ticks[0]!.tick).reduce((s, t) => s + t.liquidityNet, 0n);
  ticks[0] = { ...ticks[0]!, liquidityNet: ticks[0]!.liquidityNet + startL };
  const total = ticks.reduce((s, t) => s + t.liquidityNet, 0n);
  const last = ticks.length - 1;
  ticks[last] = { ...ticks[last]!, liquidityNet: ticks[last]!.liquidityNet - total };
  return ticks;
}

/**
 * The same positions seen from the other token's side: price inverted (1/p), each position [a, b] becoming [−b, −a]
 * — so tick t with liquidityNet n becomes tick −t with −n. Used to stand a recorded pool in for a pool of the same
 * pair whose tokens sort the other way round on another chain (WETH sorts before USDC on Base and Arbitrum, after it on
 * Ethereum).
 */
export function inverted(r: RecordedV3, token0: Address, token1: Address): RecordedV3 {
  return {
    token0,
    token1,
    fee: r.fee,
    tickSpacing: r.tickSpacing,
    sqrtPriceX96: (1n << 192n) / r.sqrtPriceX96,
    tick: -r.tick - 1,
    ticks: r.ticks.map((t) => ({ tick: -t.tick, liquidityNet: -t.liquidityNet })),
  };
}

/** Creates the pool at its real address (the factory's CREATE2), initialised at the state's price, with its ticks. */
export async function createRecordedPool(u: UniswapOnAnvil, r: RecordedV3, each = 40): Promise<Address> {
  const window = tickWindow(r, each);
  const pool = await createV3Pool(u, r.token0, r.token1, r.fee, r.tickSpacing, r.sqrtPriceX96);
  await mintTicks(u, pool, window);
  return pool;
}

export { placeToken };
