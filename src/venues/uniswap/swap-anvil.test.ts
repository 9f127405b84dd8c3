/**
 * Junction's Uniswap quotes against Uniswap's own contracts on anvil (v3-core pools, v2-core pairs, SwapRouter02 from
 * npm), the pools initialised with recorded mainnet state (data/pools/evm-*.json: the recorded sqrt price, and
 * positions reproducing the recorded liquidityNet of the 40 initialized ticks on each side of the price). Every swap
 * is executed through SwapRouter02; the tokens it took and paid out must equal Junction's exact-in and exact-out quotes
 * to the unit, for each fee tier (100, 500, 3000, 10000, and PancakeSwap's 2500), both directions, across several
 * initialized ticks; V2 likewise; and a two-pool path.
 */
import { encodePacked, getAddress, maxUint256, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataFile } from '../../registry/data-files.js';
import { startAnvil, anvilAccount, type Anvil } from '../../test-helpers/evm/anvil.js';
import { encodeFunctionData } from 'viem';
import { ConstantProductPool } from './v2-pool.js';
import { UniswapV3Pool, type V3Tick } from './v3-pool.js';
import {
  ERC20,
  ROUTER,
  V3_POOL,
  createV2Pair,
  createV3Pool,
  deployUniswap,
  mintTicks,
  placeToken,
  send,
  type UniswapOnAnvil,
} from './test-helpers/uniswap-on-anvil.js';

interface Record {
  protocol: string;
  pair: string;
  address: string;
  token0: Address;
  token1: Address;
  fee?: number;
  tick_spacing?: number;
  sqrt_price_x96?: string;
  tick?: number;
  liquidity?: string;
  ticks?: [number, string][];
  reserve0?: string;
  reserve1?: string;
}

const records = [
  ...readDataFile<{ pools: Record[] }>('pools/evm-1.json').pools,
  ...readDataFile<{ pools: Record[] }>('pools/evm-56.json').pools,
];
const WINDOW = 40;
const TRADER = anvilAccount(1).address;

/** The recorded initialized ticks nearest the price: WINDOW at or below the current tick, WINDOW above it. */
function window(r: Record): V3Tick[] {
  const all = r.ticks!.map(([tick, net]) => ({ tick, liquidityNet: BigInt(net) }));
  const below = all.filter((t) => t.tick <= r.tick!).slice(-WINDOW);
  const above = all.filter((t) => t.tick > r.tick!).slice(0, WINDOW);
  const ticks = [...below, ...above];
  // Close the window: liquidity starts at its lowest tick and ends at its highest.
  const first = ticks[0]!;
  const startL = all.filter((t) => t.tick < first.tick).reduce((s, t) => s + t.liquidityNet, 0n);
  ticks[0] = { tick: first.tick, liquidityNet: first.liquidityNet + startL };
  const total = ticks.reduce((s, t) => s + t.liquidityNet, 0n);
  const last = ticks[ticks.length - 1]!;
  ticks[ticks.length - 1] = { tick: last.tick, liquidityNet: last.liquidityNet - total };
  return ticks;
}

/** The same liquidity shape on a coarser tick grid (fee tier 10000, spacing 200): ticks floored to multiples. */
function regrid(ticks: readonly V3Tick[], spacing: number): V3Tick[] {
  const merged = new Map<number, bigint>();
  for (const t of ticks) {
    const k = Math.floor(t.tick / spacing) * spacing;
    merged.set(k, (merged.get(k) ?? 0n) + t.liquidityNet);
  }
  return [...merged].map(([tick, liquidityNet]) => ({ tick, liquidityNet })).filter((t) => t.liquidityNet !== 0n);
}

interface V3Case {
  name: string;
  pool: UniswapV3Pool;
  address: Address;
  ticks: V3Tick[];
}

let node: Anvil;
let u: UniswapOnAnvil;
const v3Cases: V3Case[] = [];
let v2Case: { pool: ConstantProductPool; address: Address } | undefined;

async function addV3(name: string, r: Record, fee: number, spacing: number, ticks: V3Tick[]) {
  const below = ticks.filter((t) => t.tick <= r.tick!).reduce((s, t) => s + t.liquidityNet, 0n);
  const sqrt = BigInt(r.sqrt_price_x96!);
  const address = await createV3Pool(u, r.token0, r.token1, fee, spacing, sqrt);
  await mintTicks(u, address, ticks);
  const pool = new UniswapV3Pool(address, 'test', r.protocol, {
    token0: r.token0,
    token1: r.token1,
    fee,
    tickSpacing: spacing,
    sqrtPriceX96: sqrt,
    tick: r.tick!,
    liquidity: below,
    ticks,
  });
  v3Cases.push({ name, pool, address, ticks });
}

beforeAll(async () => {
  node = await startAnvil(1);
  u = await deployUniswap(node);
  const tokens = new Set(records.flatMap((r) => [r.token0, r.token1]));
  for (const t of tokens) {
    await placeToken(node, t, 18);
    await send(node, 0, t, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [TRADER, 1n << 200n] }));
    await send(node, 1, t, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [u.router, maxUint256] }));
  }
  for (const r of records) {
    if (r.ticks) await addV3(`${r.pair} ${r.fee}`, r, r.fee!, r.tick_spacing!, window(r));
    else
      v2Case = {
        address: await createV2Pair(u, r.token0, r.token1, BigInt(r.reserve0!), BigInt(r.reserve1!)),
        pool: new ConstantProductPool(r.address, 'test', 'uniswap-v2', {
          token0: r.token0,
          token1: r.token1,
          reserve0: BigInt(r.reserve0!),
          reserve1: BigInt(r.reserve1!),
          feeNumerator: 997n,
          feeDenominator: 1000n,
        }),
      };
  }
  // Fee tier 10000 (tick spacing 200): LINK/WETH's recorded liquidity shape on the 200 grid.
  const link = records.find((r) => r.pair === 'LINK/WETH')!;
  await addV3('LINK/WETH 10000 (regridded)', link, 10000, 200, regrid(window(link), 200));
});

afterAll(async () => {
  await node?.stop();
});

async function balance(token: Address): Promise<bigint> {
  return (await node.publicClient.readContract({
    address: token,
    abi: ERC20,
    functionName: 'balanceOf',
    args: [TRADER],
  })) as bigint;
}

/** Runs a router call from the trader and returns what it spent of `tokenIn` and received of `tokenOut`, then undoes it. */
async function execute(data: `0x${string}`, tokenIn: Address, tokenOut: Address) {
  const snapshot = await node.testClient.snapshot();
  const [in0, out0] = [await balance(tokenIn), await balance(tokenOut)];
  await send(node, 1, u.router, data);
  const [in1, out1] = [await balance(tokenIn), await balance(tokenOut)];
  return { snapshot, spent: in0 - in1, received: out1 - out0 };
}

async function tickOf(pool: Address): Promise<number> {
  const slot0 = (await node.publicClient.readContract({
    address: pool,
    abi: V3_POOL.abi,
    functionName: 'slot0',
  })) as readonly unknown[];
  return Number(slot0[1]);
}

describe('Uniswap V3 pools on anvil', () => {
  it('reproduce the recorded state (price, tick, active liquidity)', async () => {
    expect(v3Cases.map((c) => c.pool.fee).sort((a, b) => a - b)).toEqual(
      expect.arrayContaining([100, 500, 2500, 3000, 10000]),
    );
    for (const c of v3Cases) {
      expect(await tickOf(c.address)).toBe(c.pool.state.tick);
      const L = await node.publicClient.readContract({
        address: c.address,
        abi: V3_POOL.abi,
        functionName: 'liquidity',
      });
      expect(L, c.name).toBe(c.pool.state.liquidity);
    }
  });

  it('exact in and exact out equal SwapRouter02 to the unit, both ways, across several ticks', async () => {
    let crossings = 0;
    for (const c of v3Cases) {
      const { token0, token1, fee } = c.pool.state;
      for (const [tokenIn, tokenOut] of [
        [token0, token1],
        [token1, token0],
      ] as [Address, Address][]) {
        // A quarter of what the minted ranges hold on the output side crosses several initialized ticks.
        const big = c.pool.reserve(tokenOut) / 4n;
        for (const want of [big / 1000n, big]) {
          // Exact out
          const quotedIn = c.pool.exactOut(tokenIn, tokenOut, want);
          expect(quotedIn, `${c.name} exactOut ${want}`).toBeDefined();
          const before = await tickOf(c.address);
          const eo = await execute(
            encodeFunctionData({
              abi: ROUTER.abi,
              functionName: 'exactOutputSingle',
              args: [
                {
                  tokenIn,
                  tokenOut,
                  fee,
                  recipient: TRADER,
                  amountOut: want,
                  amountInMaximum: maxUint256,
                  sqrtPriceLimitX96: 0n,
                },
              ],
            }),
            tokenIn,
            tokenOut,
          );
          const after = await tickOf(c.address);
          await node.testClient.revert({ id: eo.snapshot });
          expect(eo.received, c.name).toBe(want);
          expect(eo.spent, `${c.name} exact out ${tokenIn}`).toBe(quotedIn);
          const [lo, hi] = before < after ? [before, after] : [after, before];
          crossings = Math.max(crossings, c.ticks.filter((t) => t.tick > lo && t.tick <= hi).length);
          // Exact in, with an input that ends between ticks
          const amountIn = (quotedIn! * 7n) / 10n + 1n;
          const quotedOut = c.pool.exactIn(tokenIn, tokenOut, amountIn);
          const ei = await execute(
            encodeFunctionData({
              abi: ROUTER.abi,
              functionName: 'exactInputSingle',
              args: [
                { tokenIn, tokenOut, fee, recipient: TRADER, amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n },
              ],
            }),
            tokenIn,
            tokenOut,
          );
          await node.testClient.revert({ id: ei.snapshot });
          expect(ei.spent).toBe(amountIn);
          expect(ei.received, `${c.name} exact in ${tokenIn} ${amountIn}`).toBe(quotedOut);
        }
      }
    }
    expect(crossings).toBeGreaterThanOrEqual(5);
  }, 240_000);

  it('a two-pool path (USDC → WETH → USDT through the 0.05 % and 0.3 % pools) matches exactInput and exactOutput', async () => {
    const a = v3Cases.find((c) => c.name === 'USDC/WETH 500')!.pool;
    const b = v3Cases.find((c) => c.name === 'WETH/USDT 3000')!.pool;
    const USDC = a.state.token0 as Address;
    const WETH = a.state.token1 as Address;
    const USDT = b.state.token1 as Address;
    const amountIn = 250_000n * 10n ** 6n;
    const mid = a.exactIn(USDC, WETH, amountIn)!;
    const quoted = b.exactIn(WETH, USDT, mid);
    const ei = await execute(
      encodeFunctionData({
        abi: ROUTER.abi,
        functionName: 'exactInput',
        args: [
          {
            path: encodePacked(['address', 'uint24', 'address', 'uint24', 'address'], [USDC, 500, WETH, 3000, USDT]),
            recipient: TRADER,
            amountIn,
            amountOutMinimum: 0n,
          },
        ],
      }),
      USDC,
      USDT,
    );
    await node.testClient.revert({ id: ei.snapshot });
    expect(ei.received).toBe(quoted);
    const want = quoted!;
    const needIn = a.exactOut(USDC, WETH, b.exactOut(WETH, USDT, want)!);
    const eo = await execute(
      encodeFunctionData({
        abi: ROUTER.abi,
        functionName: 'exactOutput',
        // exactOutput's path runs from the output back to the input.
        args: [
          {
            path: encodePacked(['address', 'uint24', 'address', 'uint24', 'address'], [USDT, 3000, WETH, 500, USDC]),
            recipient: TRADER,
            amountOut: want,
            amountInMaximum: maxUint256,
          },
        ],
      }),
      USDC,
      USDT,
    );
    await node.testClient.revert({ id: eo.snapshot });
    expect(eo.received).toBe(want);
    expect(eo.spent).toBe(needIn);
  });
});

describe('Uniswap V2 pair on anvil (recorded WETH/USDT reserves)', () => {
  it('exact in and exact out equal SwapRouter02 to the unit, both ways', async () => {
    const { pool } = v2Case!;
    const { token0, token1 } = pool.state;
    for (const [tokenIn, tokenOut] of [
      [token0, token1],
      [token1, token0],
    ].map((p) => p.map((t) => getAddress(t))) as [Address, Address][]) {
      for (const frac of [100_000n, 50n, 3n]) {
        const want = pool.reserve(tokenOut) / frac;
        const quotedIn = pool.exactOut(tokenIn, tokenOut, want)!;
        const eo = await execute(
          encodeFunctionData({
            abi: ROUTER.abi,
            functionName: 'swapTokensForExactTokens',
            args: [want, maxUint256, [tokenIn, tokenOut], TRADER],
          }),
          tokenIn,
          tokenOut,
        );
        await node.testClient.revert({ id: eo.snapshot });
        // SwapRouter02 pays a V2 exact out as what the input it sent buys (its V2 swaps compute each output from the
        // pair's balance, for fee-on-transfer tokens): at least the amount asked, sometimes a little more.
        expect(eo.spent).toBe(quotedIn);
        expect(eo.received).toBe(pool.exactIn(tokenIn, tokenOut, quotedIn));
        expect(eo.received).toBeGreaterThanOrEqual(want);
        const amountIn = quotedIn - 12345n;
        const ei = await execute(
          encodeFunctionData({
            abi: ROUTER.abi,
            functionName: 'swapExactTokensForTokens',
            args: [amountIn, 0n, [tokenIn, tokenOut], TRADER],
          }),
          tokenIn,
          tokenOut,
        );
        await node.testClient.revert({ id: ei.snapshot });
        expect(ei.received).toBe(pool.exactIn(tokenIn, tokenOut, amountIn));
      }
    }
  });
});
