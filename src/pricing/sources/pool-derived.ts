/**
 * USD prices read off the pools themselves, the way Osmosis SQS prices tokens: quote each denom against the chain's
 * USDC through the most liquid pools. Offline, this makes the prices agree with the pool snapshot the routes are
 * simulated on, so a safety verdict compares a route with the very market it trades in.
 *
 * Method (run once per market snapshot, not per request):
 * - USDC is worth 1 USD (as SQS assumes); its value per base unit is 10^-decimals.
 * - A denom B sharing a pool with an already priced denom A gets USD/B = spot(B→A) × USD/A, the pool's marginal
 *   price before fees (no dust or fee effects). Pools that cannot give a spot price are asked for a small exact-in
 *   quote instead (QUOTE_USD worth of A), with the pool's swap fee added back.
 * - Every path from USDC is scored by its thinnest pool: the USD value of the smaller of the two sides it trades
 *   (sides valued at the path's own prices). Pools below `minLiquidityUsd` are not used at all: a thin pool is cheap
 *   to push, and a price read from it could hide a bad route or block a good one.
 * - Each denom takes the path with the best score, within `maxHops` pools (hop-limited widest path, computed layer by
 *   layer like Bellman-Ford). Ties go to fewer hops, then to the lower pool ids, so the result is deterministic.
 *
 * The price is kept per base unit, which is the same for every IBC voucher of a token, so an asset on another chain
 * (e.g. uatom on the Hub) is priced through its origin when the pools price one of its vouchers.
 */
import type { Pool, Ratio } from '../../venues/types.js';
import { DEC_ONE } from '../../venues/types.js';
import { Decimal, pow10 } from '../decimal.js';
import { amountForUsd } from '../usd.js';
import { candidateKeys, decimalsOf, originKey } from './resolve.js';
import { assetKey, type AssetLookup, type PriceQuote, type PriceSource } from './types.js';
import { runToEnd, type Steps } from '../../slices.js';

/** One chain's pools at one moment (a VenueSnapshot satisfies it). */
export interface ChainPools {
  chainId: string;
  pools: readonly Pool[];
  takenAt: Date;
}

export interface PoolPricingOptions {
  /** Least USD value on each side of every pool a price goes through. Default 10 000 USD. */
  minLiquidityUsd?: Decimal;
  /** Most pools between a denom and USDC. Default 3 (SQS routes use at most a handful of pools). */
  maxHops?: number;
}

const POOL_PRICING_DEFAULTS = {
  minLiquidityUsd: Decimal.fromInt(10_000),
  maxHops: 3,
} as const;

/** Size of the fallback quote for pools without a spot price: small against the liquidity floor, above dust. */
const QUOTE_USD = Decimal.fromInt(10);
/** Significant digits kept per hop for the USD value of one base unit. */
const SIGNIFICANT = 30;

export interface PoolPrice {
  chainId: string;
  denom: string;
  /** USD per base unit. */
  usdPerBaseUnit: Decimal;
  /** USD value of the thinnest pool side on the path (the price's liquidity score). */
  liquidityUsd: Decimal;
  /** Pool ids from USDC to the denom. */
  route: readonly string[];
  asOf: Date;
}

/** Best path found so far to a denom. `liquidity` undefined means unbounded (USDC itself). */
interface State {
  perBase: Decimal;
  liquidity: Decimal | undefined;
  route: string[];
}

/**
 * Derives USD prices from pool snapshots. `usdcDenoms` maps each venue chain to its USDC denom; chains without one
 * (or whose USDC decimals are unknown) are not priced.
 */
export function derivePoolPrices(
  chains: readonly ChainPools[],
  usdcDenoms: ReadonlyMap<string, string> | Readonly<Record<string, string>>,
  lookup: AssetLookup,
  options: PoolPricingOptions = {},
): PoolPriceTable {
  return runToEnd(derivePoolPricesSteps(chains, usdcDenoms, lookup, options));
}

/** derivePoolPrices as steps (slices.ts): the market view runs it in slices after live ingest. */
export function* derivePoolPricesSteps(
  chains: readonly ChainPools[],
  usdcDenoms: ReadonlyMap<string, string> | Readonly<Record<string, string>>,
  lookup: AssetLookup,
  options: PoolPricingOptions = {},
): Steps<PoolPriceTable> {
  const usdcOf = (chainId: string) =>
    usdcDenoms instanceof Map ? usdcDenoms.get(chainId) : (usdcDenoms as Record<string, string>)[chainId];
  const byChain = new Map<string, { pools: Pool[]; takenAt: Date }>();
  for (const c of chains) {
    const entry = byChain.get(c.chainId) ?? { pools: [], takenAt: c.takenAt };
    entry.pools.push(...c.pools);
    if (c.takenAt < entry.takenAt) entry.takenAt = c.takenAt; // a path may mix venues: date it by the oldest
    byChain.set(c.chainId, entry);
  }
  const prices: PoolPrice[] = [];
  for (const [chainId, { pools, takenAt }] of [...byChain].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const usdc = usdcOf(chainId);
    const usdcDecimals = usdc === undefined ? undefined : decimalsOf(lookup, chainId, usdc);
    if (usdc === undefined || usdcDecimals === undefined) continue;
    const states = yield* widestPaths(pools, usdc, usdcDecimals, options);
    for (const [denom, s] of states) {
      if (denom === usdc) continue;
      prices.push({
        chainId,
        denom,
        usdPerBaseUnit: s.perBase,
        liquidityUsd: s.liquidity!,
        route: s.route,
        asOf: takenAt,
      });
    }
    yield;
    prices.push({
      chainId,
      denom: usdc,
      usdPerBaseUnit: Decimal.of(1n, usdcDecimals),
      liquidityUsd: yield* unboundedLiquidity(pools, usdc, usdcDecimals),
      route: [],
      asOf: takenAt,
    });
    yield;
  }
  return new PoolPriceTable(prices, lookup);
}

/** Hop-limited widest paths from USDC over the pools of one chain. */
function* widestPaths(
  pools: readonly Pool[],
  usdc: string,
  usdcDecimals: number,
  options: PoolPricingOptions,
): Steps<Map<string, State>> {
  const min = options.minLiquidityUsd ?? POOL_PRICING_DEFAULTS.minLiquidityUsd;
  const maxHops = options.maxHops ?? POOL_PRICING_DEFAULTS.maxHops;
  const ordered = yield* sortedByPoolId(pools);
  let best = new Map<string, State>([
    [usdc, { perBase: Decimal.of(1n, usdcDecimals), liquidity: undefined, route: [] }],
  ]);
  for (let hop = 1; hop <= maxHops; hop++) {
    const next = new Map(best);
    for (const pool of ordered) {
      for (const a of pool.denoms) {
        const from = best.get(a);
        if (!from || from.route.length !== hop - 1) continue; // only extend paths that grew in the last layer
        for (const b of pool.denoms) {
          if (b === a || b === usdc || from.route.includes(pool.id)) continue;
          const cur = next.get(b);
          const cand = extend(pool, a, b, from, min, cur);
          if (cand && better(cand, cur)) next.set(b, cand);
        }
      }
      yield;
    }
    best = next;
  }
  return best;
}

/**
 * The state of `b` reached from `a` through `pool`, or undefined when the pool cannot price it, is too thin, or cannot
 * beat `cur` (b's best state so far). The last two are decided from side A alone when they can be, before the price
 * is computed: the path's liquidity is at most side A's value (and the liquidity so far), and `better` prefers more
 * liquidity first, so a path bounded below `cur`'s liquidity is never taken. Same result, most of the work skipped.
 */
function extend(
  pool: Pool,
  a: string,
  b: string,
  from: State,
  min: Decimal,
  cur: State | undefined,
): State | undefined {
  const sideA = from.perBase.mul(Decimal.fromInt(pool.reserve(a)));
  if (sideA.lt(min)) return undefined;
  const bound = from.liquidity === undefined ? sideA : Decimal.min(from.liquidity, sideA);
  if (cur?.liquidity !== undefined && bound.lt(cur.liquidity)) return undefined;
  const perBase = priceThrough(pool, a, b, from.perBase);
  if (!perBase || perBase.sign() <= 0) return undefined;
  const sideB = perBase.mul(Decimal.fromInt(pool.reserve(b)));
  const depth = Decimal.min(sideA, sideB);
  if (depth.lt(min)) return undefined;
  const liquidity = from.liquidity === undefined ? depth : Decimal.min(from.liquidity, depth);
  return { perBase, liquidity, route: [...from.route, pool.id] };
}

/** USD per base unit of `b`, given that of `a`, through one pool. */
function priceThrough(pool: Pool, a: string, b: string, perBaseA: Decimal): Decimal | undefined {
  const spot = safe(() => pool.spotPrice(b, a)); // a per b
  if (spot && spot.num > 0n && spot.den > 0n) return scaleByRatio(perBaseA, spot);
  // No spot price: a small exact-in quote of a → b, with the pool's own fee added back.
  const amountA = amountForUsd(QUOTE_USD, 0, perBaseA);
  if (!amountA || amountA <= 0n) return undefined;
  const outB = safe(() => pool.exactIn(a, b, amountA));
  if (!outB || outB <= 0n) return undefined;
  const feeFree = DEC_ONE - pool.swapFee;
  if (feeFree <= 0n) return undefined;
  const valueIn = perBaseA.mul(Decimal.fromInt(amountA)).mul(Decimal.of(feeFree, 18));
  return valueIn.div(Decimal.fromInt(outB), significantScale(valueIn, outB));
}

function scaleByRatio(x: Decimal, r: Ratio): Decimal {
  const num = x.units * r.num;
  const den = r.den * pow10(x.scale);
  return Decimal.fromRatioSignificant(num, den, SIGNIFICANT);
}

function significantScale(value: Decimal, divisor: bigint): number {
  const digits = (n: bigint) => (n < 0n ? -n : n).toString().length;
  return Math.max(0, SIGNIFICANT - (digits(value.units) - value.scale - digits(divisor)));
}

function better(cand: State, cur: State | undefined): boolean {
  if (!cur) return true;
  if (cur.liquidity === undefined) return false;
  const c = cand.liquidity!.cmp(cur.liquidity);
  if (c !== 0) return c > 0;
  if (cand.route.length !== cur.route.length) return cand.route.length < cur.route.length;
  return compareRoutes(cand.route, cur.route) < 0;
}

/** Pools in comparePoolIds order, each id classified once (thousands of pools: no regex per comparison). */
function* sortedByPoolId(pools: readonly Pool[]): Steps<Pool[]> {
  const keyed: { pool: Pool; id: string; numeric: boolean }[] = [];
  for (const pool of pools) {
    keyed.push({ pool, id: pool.id, numeric: /^\d+$/.test(pool.id) });
    if (keyed.length % 1024 === 0) yield;
  }
  yield;
  keyed.sort((a, b) =>
    a.numeric && b.numeric && a.id.length !== b.id.length
      ? a.id.length - b.id.length
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0,
  );
  yield;
  return keyed.map((k) => k.pool);
}

/** Numeric ids (Osmosis) compare as numbers, others (contract addresses) as strings. */
function comparePoolIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareRoutes(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = comparePoolIds(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** USDC's own score: all the USDC in pools (it is the anchor, never the bottleneck). */
function* unboundedLiquidity(pools: readonly Pool[], usdc: string, decimals: number): Steps<Decimal> {
  let total = 0n;
  let i = 0;
  for (const p of pools) {
    if (p.denoms.includes(usdc)) total += p.reserve(usdc);
    if (++i % 512 === 0) yield;
  }
  return Decimal.of(total, decimals);
}

/** Pool code written by others may throw on odd inputs; a pool that cannot answer simply does not price. */
function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

/** The result of derivePoolPrices: a PriceSource answering from memory. Immutable. */
export class PoolPriceTable implements PriceSource {
  readonly name = 'pool';
  private readonly exact = new Map<string, PoolPrice>();
  private readonly byOrigin = new Map<string, PoolPrice>();

  constructor(
    prices: readonly PoolPrice[],
    private readonly lookup: AssetLookup,
  ) {
    for (const p of prices) {
      this.exact.set(assetKey(p.chainId, p.denom), p);
      const origin = originKey(lookup, p.chainId, p.denom) ?? assetKey(p.chainId, p.denom);
      const old = this.byOrigin.get(origin);
      if (!old || p.liquidityUsd.gt(old.liquidityUsd)) this.byOrigin.set(origin, p);
    }
  }

  get size(): number {
    return this.exact.size;
  }

  /** Every derived price, for diagnostics and for checks against other sources. */
  entries(): IterableIterator<PoolPrice> {
    return this.exact.values();
  }

  /** The derived price of (chainId, denom) itself or of its origin token, per base unit, with provenance. */
  priceOf(chainId: string, denom: string): PoolPrice | undefined {
    const exact = this.exact.get(assetKey(chainId, denom));
    if (exact) return exact;
    for (const key of candidateKeys(this.lookup, chainId, denom)) {
      const hit = this.byOrigin.get(key);
      if (hit) return hit;
    }
    return undefined;
  }

  usdPrice(chainId: string, denom: string, _now?: number): PriceQuote | undefined {
    const p = this.priceOf(chainId, denom);
    const decimals = decimalsOf(this.lookup, chainId, denom);
    if (!p || decimals === undefined) return undefined;
    return {
      price: p.usdPerBaseUnit.shift(decimals),
      asOf: p.asOf,
      source: `pool:${p.chainId}`,
      detail: p.route.length ? `pools ${p.route.join(' → ')}` : 'USDC',
    };
  }
}
