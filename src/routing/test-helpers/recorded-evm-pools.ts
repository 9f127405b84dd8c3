/**
 * The shipped Ethereum pool snapshot (data/pools/evm-1.json) as the anvil tests re-create it: each V3 pool's record,
 * and a window of its recorded ticks around the current one whose liquidity nets still start and end at zero (the
 * liquidity below the window folded into its first tick, the rest closed at its last), so a pool minted from the
 * window has the recorded active liquidity with far fewer positions than the full list.
 */
import type { Address } from 'viem';
import { readDataFile } from '../../registry/data-files.js';
import type { V3Tick } from '../../venues/uniswap/v3-pool.js';

export interface PoolRecord {
  pair?: string;
  token0: Address;
  token1: Address;
  fee?: number;
  tick_spacing?: number;
  sqrt_price_x96?: string;
  tick?: number;
  ticks?: [number, string][];
}

export const recordedEthereumPools = readDataFile<{ pools: PoolRecord[] }>('pools/evm-1.json').pools;

/** Ticks on each side of the current tick that the window keeps. */
const WINDOW = 40;

export function tickWindow(r: PoolRecord): V3Tick[] {
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
