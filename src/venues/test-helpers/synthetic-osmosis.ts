/**
 * A synthetic Osmosis market at mainnet scale, served in the real SQS shapes (`/pools` items and `/pools/ticks/{id}`
 * bodies, as parse.ts reads them and test-helpers/recorded-shapes.ts records them), for the scale benchmark and the
 * ingest tests. No public recording of thousands of Osmosis pools with their tick models exists, so this one is
 * generated, deterministically from a seed:
 *
 * - tokens are real denoms (the caller passes registered osmosis-1 assets with their decimals) with a USD price;
 * - hub-and-spoke around OSMO, USDC and ATOM: every token has a pool against a hub, then more pools against hubs and
 *   between tokens; balancer 50/50, weighted (80/20, 70/30, 60/40), stableswap (scaling factors at the price),
 *   transmuter (1:1 between $1 tokens of equal decimals) and concentrated pools with real tick math (a full-range,
 *   a ±10 % and a ±1 % position around the current tick);
 * - depth log-uniform between $1k and $10M ($1M–$10M between hubs); every pool is priced at the tokens' prices,
 *   so prices agree across pools;
 * - `advance()` moves the market as blocks would between two polls: trades shift reserves and CL prices (crossing
 *   ticks bumps last_liquidity_update, as the chain's uptime accumulators do), some CL positions change size.
 */
import type { Registry } from '../../registry/registry.js';
import { formatFixed } from '../math/fixed.js';
import { MAX_TICK, MIN_INITIALIZED_TICK, tickToPrice36, tickToSqrtPrice } from '../osmosis-poolmanager/tick-math.js';

export interface SyntheticToken {
  denom: string;
  decimals: number;
  /** USD per whole token. */
  usd: number;
}

export interface SyntheticOptions {
  pools: number;
  tokens: readonly SyntheticToken[];
  /** The hub denoms: OSMO, USDC, ATOM (in that order of preference). */
  hubs: readonly [string, string, string];
  seed?: number;
}

type Kind = 'balancer' | 'weighted' | 'stableswap' | 'transmuter' | 'concentrated';

interface Bucket {
  lower: number;
  upper: number;
  liquidity: number;
}

interface PoolState {
  id: number;
  kind: Kind;
  denoms: [string, string];
  /** Reserves in base units (floats: a synthetic market only needs them approximately). */
  amounts: [number, number];
  weights?: [bigint, bigint];
  scaling?: [number, number];
  fee: string;
  depthUsd: number;
  tickSpacing?: number;
  tick?: number;
  buckets?: Bucket[];
  liquidityUpdate?: number;
}

const WEIGHTS: [bigint, bigint][] = [
  [858_993_459_200_000n, 214_748_364_800_000n],
  [751_619_276_800_000n, 322_122_547_200_000n],
  [644_245_094_400_000n, 429_496_729_600_000n],
];
const HALF = 536_870_912_000_000n;
const FEES = ['0.000500000000000000', '0.001000000000000000', '0.002000000000000000', '0.003000000000000000'];
const SPACINGS = [1, 10, 100, 100, 100, 1000];
const EPOCH = Date.parse('2026-11-01T00:00:00Z');

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const OSMO = 'uosmo';
export const USDC = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
export const ATOM = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const STABLE_SYMBOL =
  /^(USDC|USDT|DAI|USDC\.axl|USDT\.axl|axlUSDC|axlUSDT|USDC\.grv|USDT\.grv|USDC\.wh|USDT\.kava|IST|USK)$/;

/**
 * The registered osmosis-1 assets a pool can hold (bank denoms with known decimals), priced: OSMO $0.50, ATOM $8,
 * the stablecoins $1, every other token log-uniform between $0.0001 and $5,000 (deterministic from the seed).
 */
export function osmosisTokens(registry: Registry, seed = 3): SyntheticToken[] {
  const rand = prng(seed);
  const fixed: Record<string, number> = { [OSMO]: 0.5, [ATOM]: 8, [USDC]: 1 };
  const out: SyntheticToken[] = [];
  for (const a of registry.listedAssets('osmosis-1')) {
    const { denom, decimals, symbol } = a.wire;
    if (a.wire.is_cw20 || denom.startsWith('cw20:') || decimals === null || decimals === undefined) continue;
    const usd = fixed[denom] ?? (STABLE_SYMBOL.test(symbol ?? '') ? 1 : 1e-4 * 5e7 ** rand());
    out.push({ denom, decimals, usd });
  }
  return out;
}

const tickPrice = (tick: number): number => Number(tickToPrice36(tick)) / 1e36;

/** The largest tick whose price is at most `price` (token1 per token0, base units). */
function priceToTick(price: number): number {
  const d = Math.floor(Math.log10(price));
  let t =
    price >= 1
      ? d * 9_000_000 + Math.floor((price / 10 ** d) * 1e6 - 1e6)
      : (d + 1) * 9_000_000 + Math.floor((price / 10 ** (d + 1)) * 1e7 - 1e7);
  t = Math.max(MIN_INITIALIZED_TICK, Math.min(MAX_TICK - 1, t));
  while (t < MAX_TICK - 1 && tickPrice(t + 1) <= price) t++;
  while (t > MIN_INITIALIZED_TICK && tickPrice(t) > price) t--;
  return t;
}

const dec18 = (x: number): string => formatFixed(BigInt(Math.max(0, Math.round(x * 1e6))) * 1_000_000_000_000n, 18);
const amountStr = (x: number): string => BigInt(Math.max(1, Math.round(x))).toString();
const iso = (ms: number): string => new Date(ms).toISOString().replace('Z', '000000Z');

export class SyntheticOsmosis {
  private readonly rand: () => number;
  private readonly byDenom: Map<string, SyntheticToken>;
  private readonly pools: PoolState[] = [];
  private readonly texts = new Map<number, string>();
  private body: string | undefined;
  private clock = EPOCH;
  /** Increases with every advance(); the served state is a pure function of (seed, version). */
  version = 0;

  constructor(private readonly opts: SyntheticOptions) {
    this.rand = prng(opts.seed ?? 7);
    this.byDenom = new Map(opts.tokens.map((t) => [t.denom, t]));
    for (const h of opts.hubs) if (!this.byDenom.has(h)) throw new Error(`hub ${h} is not among the tokens`);
    this.generate();
  }

  /** The `/pools` response text. */
  poolsBody(): string {
    this.body ??= `[${this.pools.map((p) => this.itemText(p)).join(',')}]`;
    return this.body;
  }

  /** The `/pools/ticks/{id}` response text, or undefined for an unknown or non-CL pool. */
  ticksBody(id: string): string | undefined {
    const p = this.pools[Number(id) - 1];
    if (!p?.buckets) return undefined;
    return JSON.stringify({
      ticks: p.buckets.map((b) => ({ liquidity_amount: dec18(b.liquidity), lower_tick: b.lower, upper_tick: b.upper })),
      current_tick_index: p.buckets.findIndex((b) => b.lower <= p.tick! && p.tick! < b.upper),
      has_no_liquidity: false,
    });
  }

  /** Ids of the concentrated pools. */
  concentratedIds(): string[] {
    return this.pools.filter((p) => p.kind === 'concentrated').map((p) => String(p.id));
  }

  /**
   * One poll interval of activity: `trades` of the pools trade (reserves move by up to 1 %, CL prices by up to
   * 0.5 %), and a fifth as many CL pools see a position change.
   */
  advance(trades = 0.1): void {
    this.version++;
    this.clock += 30_000;
    const n = Math.round(this.pools.length * trades);
    for (let i = 0; i < n; i++) this.trade(this.pools[Math.floor(this.rand() * this.pools.length)]!);
    const cl = this.pools.filter((p) => p.kind === 'concentrated');
    for (let i = 0; i < Math.round(n / 5) && cl.length > 0; i++)
      this.resizePosition(cl[Math.floor(this.rand() * cl.length)]!);
    this.body = undefined;
  }

  /** One trade in one pool (by id), as a block would make it. */
  tradeIn(id: string): void {
    this.version++;
    this.trade(this.pools[Number(id) - 1]!);
    this.body = undefined;
  }

  /** Ids and denoms of every pool. */
  poolDenoms(): { id: string; denoms: readonly [string, string] }[] {
    return this.pools.map((p) => ({ id: String(p.id), denoms: p.denoms }));
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)]!;
  }

  private logUniform(lo: number, hi: number): number {
    return lo * (hi / lo) ** this.rand();
  }

  private usdPerBase(denom: string): number {
    const t = this.byDenom.get(denom)!;
    return t.usd / 10 ** t.decimals;
  }

  private generate(): void {
    const [osmo, usdc, atom] = this.opts.hubs;
    const hubs = new Set(this.opts.hubs);
    const spokes = this.opts.tokens.filter((t) => !hubs.has(t.denom)).map((t) => t.denom);
    const stables = this.opts.tokens.filter((t) => Math.abs(t.usd - 1) < 1e-9 && !hubs.has(t.denom));
    const add = (a: string, b: string, kind: Kind, depthUsd: number): void => {
      if (this.pools.length < this.opts.pools)
        this.pools.push(this.makePool(this.pools.length + 1, kind, a, b, depthUsd));
    };
    const deep = () => this.logUniform(1e6, 1e7);
    add(atom, osmo, 'balancer', deep());
    add(osmo, usdc, 'concentrated', deep());
    add(atom, usdc, 'concentrated', deep());
    add(osmo, usdc, 'balancer', deep());
    add(atom, osmo, 'concentrated', deep());
    // Every token reachable from a hub.
    for (const s of spokes)
      add(s, this.pick([osmo, osmo, osmo, usdc, usdc, atom]), this.randomKind(), this.logUniform(1e3, 1e7));
    while (this.pools.length < this.opts.pools) {
      const r = this.rand();
      if (r < 0.03 && stables.length >= 2) {
        const a = this.pick(stables);
        const b = this.pick(stables.filter((t) => t.decimals === a.decimals && t.denom !== a.denom).concat([a]));
        if (a.denom !== b.denom) add(a.denom, b.denom, 'transmuter', this.logUniform(1e4, 1e7));
        continue;
      }
      const a = this.pick(spokes);
      const b = r < 0.7 ? this.pick([osmo, osmo, usdc, usdc, atom]) : this.pick(spokes);
      if (a !== b) add(a, b, this.randomKind(), this.logUniform(1e3, 1e7));
    }
  }

  private randomKind(): Kind {
    const r = this.rand();
    return r < 0.45 ? 'concentrated' : r < 0.72 ? 'balancer' : r < 0.9 ? 'weighted' : 'stableswap';
  }

  private makePool(id: number, kind: Kind, a: string, b: string, depthUsd: number): PoolState {
    const fee = this.pick(FEES);
    const ratio = this.usdPerBase(a) / this.usdPerBase(b);
    // Scaling factors must stay integers below 2^53: stableswap only between tokens within 1e9 of each other.
    if (kind === 'stableswap' && (ratio > 1e9 || ratio < 1e-9)) kind = 'balancer';
    if (kind === 'concentrated') return this.makeConcentrated(id, a, b, depthUsd, fee);
    const weights = kind === 'weighted' ? this.pick(WEIGHTS) : ([HALF, HALF] as [bigint, bigint]);
    const share = Number(weights[0]) / Number(weights[0] + weights[1]);
    const amounts: [number, number] =
      kind === 'transmuter' || kind === 'stableswap'
        ? [depthUsd / 2 / this.usdPerBase(a), depthUsd / 2 / this.usdPerBase(b)]
        : [(depthUsd * share) / this.usdPerBase(a), (depthUsd * (1 - share)) / this.usdPerBase(b)];
    const p: PoolState = {
      id,
      kind,
      denoms: [a, b],
      amounts,
      fee: kind === 'transmuter' ? '0.000000000000000000' : fee,
      depthUsd,
    };
    if (kind === 'balancer' || kind === 'weighted') p.weights = weights;
    if (kind === 'stableswap') {
      // Balanced when amount / scaling factor is equal on both sides: factors proportional to base units per dollar.
      const top = Math.max(this.usdPerBase(a), this.usdPerBase(b));
      p.scaling = [Math.round((1000 * top) / this.usdPerBase(a)), Math.round((1000 * top) / this.usdPerBase(b))];
    }
    return p;
  }

  private makeConcentrated(id: number, a: string, b: string, depthUsd: number, fee: string): PoolState {
    // token1 per token0 in base units; orient the pair so the price stays well inside the tick range.
    let [t0, t1] = [a, b];
    if (this.usdPerBase(t0) / this.usdPerBase(t1) < 1e-10) [t0, t1] = [t1, t0];
    const price = this.usdPerBase(t0) / this.usdPerBase(t1);
    const spacing = this.pick(SPACINGS);
    const tick = priceToTick(price);
    const down = (t: number) => Math.floor(t / spacing) * spacing;
    const up = (t: number) => Math.ceil((t + 1) / spacing) * spacing;
    const ta = down(priceToTick(price * 0.9));
    const tc = Math.max(ta + spacing, down(priceToTick(price * 0.99)));
    const td = Math.max(tc + spacing, up(priceToTick(price * 1.01)));
    const tb = Math.max(td + spacing, up(priceToTick(price * 1.1)));
    const s = Math.sqrt(tickPrice(tick));
    const u1 = this.usdPerBase(t1);
    // Value of liquidity L over [pa, pb] around the price: L·u1·(2√P − √pa − P/√pb).
    const valuePerL = (lo: number, hi: number) =>
      u1 * (2 * s - Math.sqrt(tickPrice(lo)) - (s * s) / Math.sqrt(tickPrice(hi)));
    const lf = (0.3 * depthUsd) / valuePerL(MIN_INITIALIZED_TICK, MAX_TICK);
    const lm = (0.4 * depthUsd) / valuePerL(ta, tb);
    const li = (0.3 * depthUsd) / valuePerL(tc, td);
    const buckets: Bucket[] = [
      { lower: MIN_INITIALIZED_TICK, upper: ta, liquidity: lf },
      { lower: ta, upper: tc, liquidity: lf + lm },
      { lower: tc, upper: td, liquidity: lf + lm + li },
      { lower: td, upper: tb, liquidity: lf + lm },
      { lower: tb, upper: MAX_TICK, liquidity: lf },
    ];
    const p: PoolState = {
      id,
      kind: 'concentrated',
      denoms: [t0, t1],
      amounts: [0, 0],
      fee,
      depthUsd,
      tickSpacing: spacing,
      tick,
      buckets,
      liquidityUpdate: this.clock,
    };
    this.lockAmounts(p);
    return p;
  }

  /** Token amounts locked in the buckets at the current price (token0 above it, token1 below). */
  private lockAmounts(p: PoolState): void {
    const s = Math.sqrt(tickPrice(p.tick!));
    let a0 = 0;
    let a1 = 0;
    for (const b of p.buckets!) {
      const lo = Math.sqrt(tickPrice(b.lower));
      const hi = Math.sqrt(tickPrice(b.upper));
      const mid = Math.min(Math.max(s, lo), hi);
      a0 += b.liquidity * (1 / mid - 1 / hi);
      a1 += b.liquidity * (mid - lo);
    }
    p.amounts = [a0, a1];
  }

  private trade(p: PoolState): void {
    const move = (this.rand() - 0.5) * 0.02;
    this.texts.delete(p.id);
    if (p.kind !== 'concentrated') {
      p.amounts = [p.amounts[0] * (1 + move), p.amounts[1] / (1 + move)];
      return;
    }
    const buckets = p.buckets!;
    const next = priceToTick(tickPrice(p.tick!) * (1 + move / 2));
    // Stay within the concentrated positions; crossing a bucket boundary syncs the uptime accumulators on chain.
    const clamped = Math.min(Math.max(next, buckets[1]!.lower), buckets[3]!.upper - 1);
    const bucketOf = (t: number) => buckets.findIndex((b) => b.lower <= t && t < b.upper);
    if (bucketOf(clamped) !== bucketOf(p.tick!) || this.rand() < 0.5) p.liquidityUpdate = this.clock;
    p.tick = clamped;
    this.lockAmounts(p);
  }

  private resizePosition(p: PoolState): void {
    const f = 0.8 + this.rand() * 0.4;
    const inner = p.buckets![2]!;
    const outer = p.buckets![1]!.liquidity;
    inner.liquidity = outer + (inner.liquidity - outer) * f;
    p.liquidityUpdate = this.clock;
    this.texts.delete(p.id);
    this.lockAmounts(p);
  }

  private itemText(p: PoolState): string {
    let t = this.texts.get(p.id);
    if (t === undefined) {
      t = JSON.stringify(this.item(p));
      this.texts.set(p.id, t);
    }
    return t;
  }

  /** One SQS `/pools` item (pools_handler.go PoolResponse). */
  private item(p: PoolState): unknown {
    const [a, b] = p.denoms;
    const balances = [
      { denom: a, amount: amountStr(p.amounts[0]) },
      { denom: b, amount: amountStr(p.amounts[1]) },
    ];
    const address = `osmo1synthetic${String(p.id).padStart(6, '0')}`;
    const common = {
      balances,
      spread_factor: p.fee,
      liquidity_cap: String(Math.round(p.depthUsd)),
      liquidity_cap_error: '',
    };
    switch (p.kind) {
      case 'balancer':
      case 'weighted':
        return {
          chain_model: {
            address,
            id: p.id,
            pool_params: { swap_fee: p.fee, exit_fee: '0.000000000000000000', smooth_weight_change_params: null },
            future_pool_governor: '24h',
            total_shares: { denom: `gamm/pool/${p.id}`, amount: '100000000000000000000' },
            pool_assets: balances.map((c, i) => ({ token: c, weight: p.weights![i]!.toString() })),
            total_weight: (p.weights![0] + p.weights![1]).toString(),
          },
          type: 0,
          ...common,
        };
      case 'stableswap':
        return {
          chain_model: {
            address,
            id: p.id,
            pool_params: { swap_fee: p.fee, exit_fee: '0.000000000000000000' },
            future_pool_governor: '168h',
            total_shares: { denom: `gamm/pool/${p.id}`, amount: '100000000000000000000' },
            pool_liquidity: balances,
            scaling_factors: p.scaling,
            scaling_factor_controller: '',
          },
          type: 1,
          ...common,
        };
      case 'transmuter':
        return {
          chain_model: {
            contract_address: address,
            pool_id: p.id,
            code_id: 148,
            instantiate_msg: Buffer.from(JSON.stringify({ pool_asset_denoms: [a, b], admin: address })).toString(
              'base64',
            ),
          },
          type: 3,
          ...common,
        };
      case 'concentrated': {
        const active = p.buckets!.find((x) => x.lower <= p.tick! && p.tick! < x.upper)!;
        return {
          chain_model: {
            address,
            incentives_address: address,
            spread_rewards_address: address,
            id: p.id,
            current_tick_liquidity: dec18(active.liquidity),
            token0: a,
            token1: b,
            current_sqrt_price: formatFixed(tickToSqrtPrice(p.tick!), 36),
            current_tick: p.tick,
            tick_spacing: p.tickSpacing,
            exponent_at_price_one: -6,
            spread_factor: p.fee,
            last_liquidity_update: iso(p.liquidityUpdate!),
          },
          type: 2,
          ...common,
        };
      }
    }
  }
}
