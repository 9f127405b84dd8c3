/**
 * Live Uniswap state of one chain over JSON-RPC (CHAIN_RPC_URLS), off the request path as the Osmosis ingest is: a
 * VenuePoller calls this fetcher on its interval and swaps the snapshot it returns into the MarketStore.
 *
 * Which pools: the offline snapshot's, plus (discovery) every pool the chain's V3 factories and V2 factories would have
 * deployed for each pair of its main tokens and each fee tier (each tick spacing for Aerodrome Slipstream, whose
 * CLFactory clones its pool implementation), addresses derived with CREATE2 (no call needed); a
 * candidate whose reads come back empty does not exist and is dropped after the first poll.
 *
 * What each poll reads, in Multicall3 aggregate3 batches:
 *  1. slot0 and liquidity of every V3 pool (and fee() of a Slipstream pool, whose fee module may change it),
 *     getReserves of every V2 pair (one round, always);
 *  2. only for V3 pools whose tick model is missing or stale: tickBitmap words around the price, then
 *  3. ticks(t).liquidityNet for each initialized tick those words show.
 * A tick model is stale when the price left the words it covers, when the liquidity read differs from what the model
 * predicts at the new tick (a position was minted or burnt near the price), or every `fullRefreshEvery` polls (mints
 * and burns away from the price change nothing the quotes use until the price gets there, and are caught then).
 * A pool whose state did not change keeps its Pool object (and its memoised steps). Building yields to the event loop
 * every 2 ms (forEachChunked), so 500 pools never hold it long.
 */
import { encodeFunctionData, getAbiItem, parseAbi, toFunctionSelector, type Address, type Hex } from 'viem';
import type { SnapshotFetcher } from '../ingest/poller.js';
import { forEachChunked } from '../ingest/yield.js';
import type { Pool } from '../types.js';
import { slipstreamPoolAddress, v2PairAddress, v3PoolAddress, type UniswapChain } from './chains.js';
import { multicall, signedWord, word, type RpcOptions, type ViewCall } from './rpc.js';
import { ConstantProductPool } from './v2-pool.js';
import { UniswapV3Pool, type V3Tick } from './v3-pool.js';
import { MAX_TICK, MIN_TICK } from './math/tick-math.js';

const POOL_ABI = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)',
  'function liquidity() view returns (uint128)',
  'function fee() view returns (uint24)',
  'function tickBitmap(int16 wordPosition) view returns (uint256)',
  'function ticks(int24 tick) view returns (uint128 liquidityGross, int128 liquidityNet, uint256, uint256, int56, uint160, uint32, bool)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
]);
const SLOT0 = encodeFunctionData({ abi: POOL_ABI, functionName: 'slot0' });
const TICK_BITMAP = toFunctionSelector(getAbiItem({ abi: POOL_ABI, name: 'tickBitmap' }));
const TICKS = toFunctionSelector(getAbiItem({ abi: POOL_ABI, name: 'ticks' }));

/** selector + one signed integer argument, ABI-encoded by hand (thousands per poll: viem's encoder costs ~10 µs each). */
function callWithInt(selector: Hex, v: number): Hex {
  return `${selector}${BigInt.asUintN(256, BigInt(v)).toString(16).padStart(64, '0')}`;
}
const LIQUIDITY = encodeFunctionData({ abi: POOL_ABI, functionName: 'liquidity' });
const RESERVES = encodeFunctionData({ abi: POOL_ABI, functionName: 'getReserves' });
const FEE = encodeFunctionData({ abi: POOL_ABI, functionName: 'fee' });

/** A pool to follow: what never changes about it. */
export type PoolSpec =
  | {
      kind: 'v3';
      address: Address;
      protocol: string;
      token0: Address;
      token1: Address;
      fee: number;
      tickSpacing: number;
      /** The fee is the pool's fee() of the moment (Slipstream): read each poll, `fee` only until then. */
      readsFee?: boolean;
    }
  | {
      kind: 'v2';
      address: Address;
      protocol: string;
      token0: Address;
      token1: Address;
      feeNumerator: bigint;
      feeDenominator: bigint;
    };

export interface UniswapIngestOptions extends Omit<RpcOptions, 'signal'> {
  chain: UniswapChain;
  /** Pools to follow (the offline snapshot's); discovery adds candidates among the main tokens. */
  pools?: readonly PoolSpec[];
  /** Derive candidate pools of the main tokens from the factories (default true). */
  discover?: boolean;
  /** Tick-bitmap words read on each side of the price's word (default 2: ±2·256 tick spacings). */
  wordsEachSide?: number;
  /** Re-read every tick model every this many polls (default 20). */
  fullRefreshEvery?: number;
  now?: () => Date;
}

interface TickModel {
  ticks: V3Tick[];
  /** Tick range the words read cover (inclusive). */
  known: [number, number];
  /** Tick and liquidity the model was read with. */
  tick: number;
  liquidity: bigint;
}

interface Tracked {
  spec: PoolSpec;
  pool?: Pool;
  model?: TickModel;
  /** Last raw state read (slot0 sqrt/tick + liquidity, or reserves), to tell whether anything changed. */
  key?: string;
}

/** Candidate pools of the chain's main tokens: every pair, every V3 fee tier and every V2 deployment. */
function candidatePools(chain: UniswapChain): PoolSpec[] {
  const tokens = [...new Set(chain.mainTokens.values())];
  const out: PoolSpec[] = [];
  for (let i = 0; i < tokens.length; i++)
    for (let j = i + 1; j < tokens.length; j++) {
      const [token0, token1] =
        BigInt(tokens[i]!) < BigInt(tokens[j]!) ? [tokens[i]!, tokens[j]!] : [tokens[j]!, tokens[i]!];
      for (const d of chain.v3) {
        if (d.tickSpacings && d.factory && d.poolImplementation) {
          for (const [tickSpacing, fee] of d.tickSpacings)
            out.push({
              kind: 'v3',
              protocol: d.protocol,
              address: slipstreamPoolAddress(d.factory, d.poolImplementation, token0, token1, tickSpacing),
              token0,
              token1,
              fee,
              tickSpacing,
              readsFee: true,
            });
          continue;
        }
        if (!d.factory || !d.initCodeHash) continue;
        for (const [fee, tickSpacing] of d.feeTiers)
          out.push({
            kind: 'v3',
            protocol: d.protocol,
            address: v3PoolAddress(d.factory, d.initCodeHash, token0, token1, fee),
            token0,
            token1,
            fee,
            tickSpacing,
          });
      }
      for (const d of chain.v2)
        out.push({
          kind: 'v2',
          protocol: d.protocol,
          address: v2PairAddress(d.factory, d.initCodeHash, token0, token1),
          token0,
          token1,
          feeNumerator: d.feeNumerator,
          feeDenominator: d.feeDenominator,
        });
    }
  return out;
}

const wordOf = (tick: number, spacing: number) => Math.floor(Math.floor(tick / spacing) / 256);

export function uniswapFetcher(opts: UniswapIngestOptions): SnapshotFetcher {
  const { chain } = opts;
  const tracked = new Map<string, Tracked>();
  for (const s of [...(opts.pools ?? []), ...(opts.discover === false ? [] : candidatePools(chain))])
    if (!tracked.has(s.address)) tracked.set(s.address, { spec: s });
  const wordsEachSide = opts.wordsEachSide ?? 2;
  const fullEvery = opts.fullRefreshEvery ?? 20;
  let poll = 0;

  return async (signal) => {
    const rpc: RpcOptions = { ...opts, signal };
    const takenAt = (opts.now ?? (() => new Date()))();
    poll++;
    const entries = [...tracked.values()];
    // 1. Current state of every pool.
    const calls: ViewCall[] = [];
    for (const t of entries) {
      if (t.spec.kind === 'v3') {
        calls.push({ target: t.spec.address, data: SLOT0 }, { target: t.spec.address, data: LIQUIDITY });
        if (t.spec.readsFee) calls.push({ target: t.spec.address, data: FEE });
      } else calls.push({ target: t.spec.address, data: RESERVES });
    }
    const results = await multicall(rpc, calls);
    const skipped: string[] = [];
    const refresh: { t: Tracked; tick: number; sqrt: bigint; liquidity: bigint; fee: number }[] = [];
    const pools: Pool[] = [];
    const build: (() => void)[] = [];
    let k = 0;
    for (const t of entries) {
      const s = t.spec;
      if (s.kind === 'v3') {
        const slot0 = results[k++];
        const liq = results[k++];
        const sqrt = word(slot0, 0);
        const tickWord = signedWord(slot0, 1, 24);
        const tick = tickWord === undefined ? undefined : Number(tickWord);
        const liquidity = word(liq, 0);
        const feeWord = s.readsFee ? word(results[k++], 0) : BigInt(s.fee);
        const fee = feeWord === undefined ? undefined : Number(feeWord);
        if (sqrt === undefined || tick === undefined || liquidity === undefined || sqrt === 0n || fee === undefined) {
          // Not deployed (a discovery candidate) or not initialized: stop asking for it.
          if (!t.pool) tracked.delete(s.address);
          else skipped.push(`${s.address}: state read failed`);
          continue;
        }
        const key = `${sqrt}:${tick}:${liquidity}:${fee}`;
        if (key === t.key && t.pool && poll % fullEvery !== 0) {
          pools.push(t.pool);
          continue;
        }
        t.key = key;
        if (!t.model || poll % fullEvery === 0 || stale(t.model, tick, liquidity, s.tickSpacing, wordsEachSide))
          refresh.push({ t, tick, sqrt, liquidity, fee });
        else build.push(() => buildV3(t, sqrt, tick, liquidity, fee));
      } else {
        const r = results[k++];
        const reserve0 = word(r, 0);
        const reserve1 = word(r, 1);
        if (reserve0 === undefined || reserve1 === undefined || reserve0 === 0n || reserve1 === 0n) {
          if (!t.pool) tracked.delete(s.address);
          continue;
        }
        const key = `${reserve0}:${reserve1}`;
        if (key === t.key && t.pool) {
          pools.push(t.pool);
          continue;
        }
        t.key = key;
        build.push(() => {
          t.pool = new ConstantProductPool(
            s.address,
            chain.venue,
            s.protocol,
            {
              token0: s.token0,
              token1: s.token1,
              reserve0,
              reserve1,
              feeNumerator: s.feeNumerator,
              feeDenominator: s.feeDenominator,
            },
            takenAt,
          );
          pools.push(t.pool);
        });
      }
    }

    // 2–3. Tick models of the pools that need one.
    if (refresh.length > 0) {
      const models = await readTickModels(rpc, refresh, wordsEachSide);
      refresh.forEach((r, i) => {
        r.t.model = models[i]!;
        build.push(() => buildV3(r.t, r.sqrt, r.tick, r.liquidity, r.fee));
      });
    }

    function buildV3(t: Tracked, sqrtPriceX96: bigint, tick: number, liquidity: bigint, fee: number): void {
      const s = t.spec;
      if (s.kind !== 'v3' || !t.model) return;
      try {
        t.pool = new UniswapV3Pool(
          s.address,
          chain.venue,
          s.protocol,
          {
            token0: s.token0,
            token1: s.token1,
            fee,
            tickSpacing: s.tickSpacing,
            sqrtPriceX96,
            tick,
            liquidity,
            ticks: t.model.ticks,
            knownTicks: t.model.known,
          },
          takenAt,
        );
        t.model.tick = tick;
        t.model.liquidity = liquidity;
        pools.push(t.pool);
      } catch (err) {
        skipped.push(`${s.address}: ${(err as Error).message}`);
      }
    }

    await forEachChunked(build, (f) => f());
    return {
      venue: chain.venue,
      chainId: chain.chainId,
      pools: Object.freeze(pools),
      takenAt,
      source: `${opts.url} (multicall)`,
      skipped,
    };
  };
}

/**
 * Whether a tick model no longer serves: the price's word is not inside the words read (with one word of margin on
 * each side), or the liquidity read is not what the model predicts after the price moved from the model's tick.
 */
function stale(m: TickModel, tick: number, liquidity: bigint, spacing: number, wordsEachSide: number): boolean {
  const w = wordOf(tick, spacing);
  const lo = wordOf(m.known[0], spacing);
  const hi = wordOf(m.known[1], spacing);
  if (wordsEachSide > 0 ? w <= lo || w >= hi : w < lo || w > hi) return true;
  let expected = m.liquidity;
  const [a, b] = m.tick < tick ? [m.tick, tick] : [tick, m.tick];
  for (const t of m.ticks) if (t.tick > a && t.tick <= b) expected += m.tick < tick ? t.liquidityNet : -t.liquidityNet;
  return expected !== liquidity;
}

/** Reads tickBitmap words around each price, then the liquidityNet of every initialized tick they show. */
async function readTickModels(
  rpc: RpcOptions,
  pools: readonly { t: Tracked; tick: number }[],
  wordsEachSide: number,
): Promise<TickModel[]> {
  const plans = pools.map(({ t, tick }) => {
    const s = t.spec as Extract<PoolSpec, { kind: 'v3' }>;
    const w = wordOf(tick, s.tickSpacing);
    const minWord = wordOf(MIN_TICK, s.tickSpacing);
    const maxWord = wordOf(MAX_TICK, s.tickSpacing);
    const words: number[] = [];
    for (let i = Math.max(minWord, w - wordsEachSide); i <= Math.min(maxWord, w + wordsEachSide); i++) words.push(i);
    return { s, tick, words, initialized: [] as number[] };
  });
  const bitmapCalls: ViewCall[] = [];
  for (const p of plans)
    for (const w of p.words) bitmapCalls.push({ target: p.s.address, data: callWithInt(TICK_BITMAP, w) });
  const bitmaps = await multicall(rpc, bitmapCalls);
  let k = 0;
  const tickCalls: ViewCall[] = [];
  await forEachChunked(plans, (p) => {
    for (const w of p.words) {
      const bits = word(bitmaps[k++], 0) ?? 0n;
      if (bits === 0n) continue;
      const binary = bits.toString(2);
      for (let b = 0; b < binary.length; b++)
        if (binary[binary.length - 1 - b] === '1') p.initialized.push((w * 256 + b) * p.s.tickSpacing);
    }
    for (const tick of p.initialized) tickCalls.push({ target: p.s.address, data: callWithInt(TICKS, tick) });
  });
  const nets = await multicall(rpc, tickCalls);
  k = 0;
  const models: TickModel[] = [];
  await forEachChunked(plans, (p) => {
    const ticks: V3Tick[] = [];
    for (const tick of p.initialized) {
      const net = signedWord(nets[k++], 1, 128);
      if (net !== undefined && net !== 0n) ticks.push({ tick, liquidityNet: net });
    }
    const first = p.words[0]!;
    const last = p.words[p.words.length - 1]!;
    models.push({
      ticks,
      known: [
        Math.max(MIN_TICK, first * 256 * p.s.tickSpacing),
        Math.min(MAX_TICK, (last * 256 + 255) * p.s.tickSpacing),
      ],
      tick: p.tick,
      liquidity: 0n,
    });
  });
  return models;
}
