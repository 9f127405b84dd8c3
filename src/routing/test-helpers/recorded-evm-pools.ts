/**
 * The shipped Ethereum pool snapshot (data/pools/evm-1.json) as the anvil tests re-create it: each V3 pool's record,
 * read as a RecordedV3 (price and initialized ticks) that ./uniswap-chain-on-anvil.ts creates at its real address with
 * a window of its ticks around the current one.
 */
import { decodeAbiParameters, decodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { SKIP_GO_SWAP_ROUTER_ABI, SKIP_GO_UNISWAP_V3 } from '../skip-go-swap-router-abi.js';
import { readDataFile } from '../../registry/data-files.js';
import type { UniswapOnAnvil } from '../../venues/uniswap/test-helpers/uniswap-on-anvil.js';
import { createRecordedPool, placeToken, type RecordedV3 } from './uniswap-chain-on-anvil.js';

interface PoolRecord {
  pair?: string;
  token0: Address;
  token1: Address;
  fee?: number;
  tick_spacing?: number;
  sqrt_price_x96?: string;
  tick?: number;
  ticks?: [number, string][];
}

const recordedEthereumPools = readDataFile<{ pools: PoolRecord[] }>('pools/evm-1.json').pools;

const asRecordedV3 = (r: PoolRecord): RecordedV3 => ({
  token0: r.token0,
  token1: r.token1,
  fee: r.fee!,
  tickSpacing: r.tick_spacing!,
  sqrtPriceX96: BigInt(r.sqrt_price_x96!),
  tick: r.tick!,
  ticks: r.ticks!.map(([tick, net]) => ({ tick, liquidityNet: BigInt(net) })),
});

/** The recorded V3 pool of `pair` ("WETH/USDC") and `fee`. */
export function recordedEthereumPool(pair: string, fee: number): RecordedV3 {
  return asRecordedV3(recordedEthereumPools.find((p) => p.pair === pair && p.fee === fee)!);
}

/** One V3 hop: the pool of tokens `a` and `b` (either order) and `fee`. */
interface V3Hop {
  a: Address;
  b: Address;
  fee: number;
}

/**
 * The pools of a SkipGoSwapRouter swapExactIn call, which must be Uniswap V3 hops (exchange type 1) through the
 * chain's SwapRouter02: (tokenIn, tokenOut, fee, quoter, swapRouter) each.
 */
export function skipGoV3Hops(swapCalldata: Hex, swapRouter02: Address): V3Hop[] {
  const call = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: swapCalldata });
  return call.args[4].map((hop) => {
    if (hop.exchangeType !== SKIP_GO_UNISWAP_V3) throw new Error(`a hop of exchange type ${hop.exchangeType}`);
    const [a, b, fee, , router] = decodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'address' }, { type: 'address' }],
      hop.data,
    );
    if (router !== swapRouter02) throw new Error(`a hop through ${router}, not SwapRouter02`);
    return { a, b, fee };
  });
}

/** The hops of a V3 path as SwapRouter02 takes it: token (20 bytes), fee (3 bytes), token, ... */
export function v3PathHops(path: Hex): V3Hop[] {
  const hex = path.slice(2);
  const hops: V3Hop[] = [];
  for (let i = 40; i < hex.length; i += 46) {
    const a = getAddress(`0x${hex.slice(i - 40, i)}`);
    const b = getAddress(`0x${hex.slice(i + 6, i + 46)}`);
    hops.push({ a, b, fee: parseInt(hex.slice(i, i + 6), 16) });
  }
  return hops;
}

/**
 * Creates on anvil the recorded pool of every hop, placing first its tokens that `placed` does not hold yet (the tests'
 * mintable token: the position minter pays the pool by minting) and adding them to it.
 */
export async function createRecordedHops(
  u: UniswapOnAnvil,
  hops: readonly V3Hop[],
  placed: Set<string>,
): Promise<void> {
  for (const { a, b, fee } of hops) {
    const r = recordedEthereumPools.find(
      (p) => p.fee === fee && [p.token0, p.token1].includes(a) && [p.token0, p.token1].includes(b),
    )!;
    for (const token of [r.token0, r.token1]) {
      if (placed.has(token)) continue;
      await placeToken(u.node, token, 18);
      placed.add(token);
    }
    await createRecordedPool(u, asRecordedV3(r));
  }
}
