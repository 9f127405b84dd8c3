/**
 * Live ingest against anvil answering real JSON-RPC: Uniswap's own V3 pool and V2 pair (npm artifacts) holding
 * recorded mainnet state, Multicall3 at its canonical address, and a counting proxy in front of the node to check
 * that a poll reads only what changed.
 */
import http from 'node:http';
import { decodeFunctionData, encodeFunctionData, keccak256, maxUint256, parseAbi, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataFile } from '../../registry/data-files.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import type { UniswapChain } from './chains.js';
import { uniswapFetcher } from './ingest.js';
import { UniswapV3Pool, type V3Tick } from './v3-pool.js';
import {
  ERC20,
  ROUTER,
  V3_POOL,
  createV2Pair,
  createV3Pool,
  deployUniswap,
  mintTicks,
  placeMulticall3,
  placeToken,
  send,
  type UniswapOnAnvil,
} from './test-helpers/uniswap-on-anvil.js';

interface Rec {
  pair: string;
  fee?: number;
  token0: Address;
  token1: Address;
  sqrt_price_x96?: string;
  tick?: number;
  ticks?: [number, string][];
  reserve0?: string;
  reserve1?: string;
  tick_spacing?: number;
}
const recs = readDataFile<{ pools: Rec[] }>('pools/evm-1.json').pools;
const v3rec = recs.find((r) => r.pair === 'USDC/WETH' && r.fee === 500)!;
const v2rec = recs.find((r) => !r.ticks)!;
const USDC = v3rec.token0;
const WETH = v3rec.token1;
const USDT = v2rec.token1;
const TRADER = anvilAccount(1).address;
const AGG3 = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'function aggregate3(Call3[] calls) payable returns ((bool success, bytes returnData)[])',
]);

let node: Anvil;
let u: UniswapOnAnvil;
let proxy: http.Server;
let proxyUrl: string;
const seen: { calls: number; requests: number } = { calls: 0, requests: 0 };
let v3: Address;
let ticks: V3Tick[];

/** Forwards JSON-RPC to anvil, counting eth_call requests and the calls inside each aggregate3. */
function startProxy(target: string): Promise<void> {
  proxy = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString();
      const msg = JSON.parse(body) as { method: string; params: [{ data: Hex }] };
      if (msg.method === 'eth_call') {
        seen.requests++;
        seen.calls += decodeFunctionData({ abi: AGG3, data: msg.params[0].data }).args[0].length;
      }
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()))
        .catch(() => res.writeHead(502).end());
    });
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  node = await startAnvil(1);
  u = await deployUniswap(node);
  await placeMulticall3(node);
  for (const t of [USDC, WETH, USDT]) {
    await placeToken(node, t, 18);
    await send(node, 0, t, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [TRADER, 1n << 200n] }));
    await send(node, 1, t, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [u.router, maxUint256] }));
  }
  // The recorded USDC/WETH 0.05 % pool, with its 30 initialized ticks on each side of the price.
  const all = v3rec.ticks!.map(([tick, n]) => ({ tick, liquidityNet: BigInt(n) }));
  const below = all.filter((t) => t.tick <= v3rec.tick!);
  const above = all.filter((t) => t.tick > v3rec.tick!);
  ticks = [...below.slice(-30), ...above.slice(0, 30)];
  ticks[0] = { ...ticks[0]!, liquidityNet: below.slice(0, -29).reduce((s, t) => s + t.liquidityNet, 0n) };
  ticks[ticks.length - 1] = {
    ...ticks[ticks.length - 1]!,
    liquidityNet: ticks[ticks.length - 1]!.liquidityNet - ticks.reduce((s, t) => s + t.liquidityNet, 0n),
  };
  v3 = await createV3Pool(u, USDC, WETH, 500, 10, BigInt(v3rec.sqrt_price_x96!));
  await mintTicks(u, v3, ticks);
  await createV2Pair(u, WETH, USDT, BigInt(v2rec.reserve0!), BigInt(v2rec.reserve1!));
  await startProxy(node.url);
});

afterAll(async () => {
  proxy?.close();
  await node?.stop();
});

function chain(): UniswapChain {
  const poolCode = V3_POOL.bytecode as Hex satisfies Hex;
  return {
    chainId: '1',
    venue: 'ethereum-uniswap',
    nativeDenom: 'ethereum-native',
    wrappedNative: WETH,
    swapRouter02: u.router,
    v3: [
      {
        protocol: 'uniswap-v3',
        factory: u.v3Factory,
        initCodeHash: keccak256(poolCode),
        feeTiers: new Map([
          [100, 1],
          [500, 10],
          [3000, 60],
          [10000, 200],
        ]),
      },
    ],
    v2: [
      {
        protocol: 'uniswap-v2',
        factory: u.v2Factory,
        initCodeHash: '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f',
        feeNumerator: 997n,
        feeDenominator: 1000n,
      },
    ],
    mainTokens: new Map([
      ['USDC', USDC],
      ['WETH', WETH],
      ['USDT', USDT],
    ]),
  };
}

async function slot0(): Promise<{ sqrt: bigint; tick: number; liquidity: bigint }> {
  const s = (await node.publicClient.readContract({
    address: v3,
    abi: V3_POOL.abi,
    functionName: 'slot0',
  })) as readonly unknown[];
  const liquidity = (await node.publicClient.readContract({
    address: v3,
    abi: V3_POOL.abi,
    functionName: 'liquidity',
  })) as bigint;
  return { sqrt: s[0] as bigint, tick: Number(s[1]), liquidity };
}

async function swapUsdcForWeth(amountIn: bigint): Promise<void> {
  await send(
    node,
    1,
    u.router,
    encodeFunctionData({
      abi: ROUTER.abi,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn: USDC,
          tokenOut: WETH,
          fee: 500,
          recipient: TRADER,
          amountIn,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ],
    }),
  );
}

describe('Uniswap live ingest over JSON-RPC (anvil)', () => {
  const fetcher = () => uniswapFetcher({ chain: chain(), url: proxyUrl, batchSize: 40 });
  let fetch1: ReturnType<typeof uniswapFetcher>;

  it('discovers the pools of the main tokens and reads them to quote as the chain does', async () => {
    fetch1 = fetcher();
    seen.requests = 0;
    const snap = await fetch1(new AbortController().signal);
    const ids = snap.pools.map((p) => p.id).sort();
    expect(ids).toHaveLength(2);
    const pool = snap.pools.find((p) => p.id === v3) as UniswapV3Pool;
    expect(pool.kind).toBe('uniswap-v3');
    // First poll: state, then bitmap words, then ticks.
    expect(seen.requests).toBeGreaterThanOrEqual(3);
    const s = await slot0();
    const reference = new UniswapV3Pool(v3, 'x', 'uniswap-v3', {
      token0: USDC,
      token1: WETH,
      fee: 500,
      tickSpacing: 10,
      sqrtPriceX96: s.sqrt,
      tick: s.tick,
      liquidity: s.liquidity,
      ticks,
    });
    for (const amount of [10n ** 6n, 10n ** 11n, 10n ** 12n])
      expect(pool.exactIn(USDC, WETH, amount)).toBe(reference.exactIn(USDC, WETH, amount));
    for (const amount of [10n ** 15n, 10n ** 20n])
      expect(pool.exactIn(WETH, USDC, amount)).toBe(reference.exactIn(WETH, USDC, amount));
    // The V2 pair too.
    const pair = snap.pools.find((p) => p.kind === 'uniswap-v2')!;
    expect(pair.reserve(USDT)).toBe(BigInt(v2rec.reserve1!));
  });

  it('a poll with nothing changed makes one request for the pools that exist and keeps the pool objects', async () => {
    const before = await fetch1(new AbortController().signal);
    seen.requests = 0;
    seen.calls = 0;
    const again = await fetch1(new AbortController().signal);
    expect(seen.requests).toBe(1);
    expect(seen.calls).toBe(3); // slot0 + liquidity of the V3 pool, getReserves of the pair: candidates that do not exist are gone
    for (const p of again.pools) expect(before.pools).toContain(p);
  });

  it('a swap inside the known words re-reads state only; a minted position near the price re-reads the ticks', async () => {
    await swapUsdcForWeth(10n ** 9n);
    seen.requests = 0;
    const moved = await fetch1(new AbortController().signal);
    expect(seen.requests).toBe(1);
    const s = await slot0();
    const pool = moved.pools.find((p) => p.id === v3) as UniswapV3Pool;
    expect(pool.state.sqrtPriceX96).toBe(s.sqrt);
    // A new position around the price changes the active liquidity without moving the price.
    const spacing = 10;
    const lower = Math.floor(s.tick / spacing) * spacing - 50;
    await mintTicks(u, v3, [
      { tick: lower, liquidityNet: 10n ** 15n },
      { tick: lower + 100, liquidityNet: -(10n ** 15n) },
    ]);
    seen.requests = 0;
    const minted = await fetch1(new AbortController().signal);
    // State, then the bitmap words, then the initialized ticks (in batches of 40 calls).
    expect(seen.requests).toBeGreaterThanOrEqual(3);
    const after = minted.pools.find((p) => p.id === v3) as UniswapV3Pool;
    expect(after.state.liquidity).toBe(s.liquidity + 10n ** 15n);
    expect(after.state.ticks.find((t) => t.tick === lower + 100)?.liquidityNet).toBe(
      (ticks.find((t) => t.tick === lower + 100)?.liquidityNet ?? 0n) - 10n ** 15n,
    );
  });

  it('a failing node fails the poll (the poller keeps the last good snapshot)', async () => {
    const broken = uniswapFetcher({ chain: chain(), url: 'http://127.0.0.1:1', timeoutMs: 2000 });
    await expect(broken(new AbortController().signal)).rejects.toThrow(/request failed/);
  });
});
