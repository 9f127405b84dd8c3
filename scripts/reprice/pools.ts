/**
 * The pool models the re-pricing needs, over the shipped records (data/pools/*.json): the price a pool implies for
 * one of its denoms given another's, and the pool's state moved to given prices along its own invariant, as
 * arbitrage would move it (liquidity, weights, fees, scaling factors and tick spacing unchanged):
 *
 * - weighted (Osmosis balancer, Astroport xyk = two equal weights): Π Bᵢ^nᵢ is kept (nᵢ normalised weights) and the
 *   reserves are set so that Bᵢ·pᵢ/nᵢ is the same for every asset: Bᵢ' = nᵢ·V/pᵢ with V = Π (Bᵢ·pᵢ/nᵢ)^nᵢ;
 * - stableswap (two assets): the CFMM constant k = x·y·(x² + y²) on scaled reserves is kept and the reserve ratio is
 *   solved so that the marginal price is the target;
 * - concentrated liquidity: the current tick liquidity and spacing are kept; the current sqrt price becomes
 *   √(p₀/p₁) and the current tick the tick of that price. A pool recorded with its tick model keeps its liquidity
 *   profile around the price: every range boundary moves by the same price ratio as the current price (rounded to
 *   the tick spacing), as the positions of a pool whose liquidity providers follow the price would. Moving the
 *   price through a months-old profile instead would leave most pools with only their full-range positions (DYDX/USDC
 *   recorded at $3.36, re-priced to $1.28), a picture of no moment;
 * - transmuter (alloyed assets): exchanges at its fixed normalisation rates, so its state is kept and the price set
 *   gives its members one price instead (prices.ts).
 *
 * The arithmetic is double precision (relative error below 1e-12, far under the smallest pool fee of 1e-4); amounts
 * are rounded to whole base units and sqrt prices written with 36 decimals, as the chain stores them.
 */
import {
  MAX_TICK,
  MIN_INITIALIZED_TICK,
  MIN_TICK_V2,
  tickToPrice36,
  tickToSqrtPrice,
} from '../../src/venues/osmosis-poolmanager/tick-math.js';

/** USD per base unit, by denom. */
export type Prices = ReadonlyMap<string, number>;

type Json = Record<string, unknown>;

export interface PoolView {
  id: string;
  denoms: readonly string[];
  /** A transmuter: fixed exchange rates, never re-priced. */
  pegged: boolean;
  /** Price per base unit of `target` the pool implies from its best-priced other denom, and the USD depth behind it. */
  implied(target: string, prices: Prices): { price: number; depth: number } | undefined;
  /** USD value of the pool's priced reserves (ranks pools). */
  depth(prices: Prices): number;
  /** Writes the state at `prices` into the record (every denom priced); returns a note when rounding bit. */
  reprice(prices: Prices): string | undefined;
}

/** A non-negative double as an integer string, at least 1 (a reserve never rounds to an empty pool). */
function units(x: number): { text: string; clamped: boolean } {
  if (!Number.isFinite(x) || x < 0) throw new RangeError(`bad amount ${x}`);
  const r = Math.round(x);
  return r < 1 ? { text: '1', clamped: true } : { text: BigInt(r).toString(), clamped: false };
}

/** A positive double as a fixed-point decimal string with `scale` decimals. */
export function fixed(x: number, scale: number): string {
  const [mant, exp] = x.toExponential(16).split('e') as [string, string];
  const digits = BigInt(mant.replace('.', ''));
  const shift = Number(exp) - 16 + scale;
  const v = shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
  const s = v.toString().padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

/** Weighted reserves at prices, keeping Π Bᵢ^nᵢ. */
function weightedReserves(
  reserves: readonly number[],
  weights: readonly number[],
  prices: readonly number[],
): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const n = weights.map((w) => w / total);
  const lnV = n.reduce((s, ni, i) => s + ni * Math.log((reserves[i]! * prices[i]!) / ni), 0);
  return n.map((ni, i) => (ni * Math.exp(lnV)) / prices[i]!);
}

function weightedImplied(
  reserves: readonly number[],
  weights: readonly number[],
  denoms: readonly string[],
  target: string,
  prices: Prices,
) {
  const t = denoms.indexOf(target);
  let best: { price: number; depth: number } | undefined;
  denoms.forEach((d, k) => {
    const p = prices.get(d);
    if (k === t || p === undefined) return;
    // Marginal price of the target in d: (B_k/w_k) / (B_t/w_t) units of d per unit of target.
    const price = (p * reserves[k]! * weights[t]!) / (weights[k]! * reserves[t]!);
    const depth = reserves[k]! * p;
    if (!best || depth > best.depth) best = { price, depth };
  });
  return best;
}

function pricedValue(amounts: readonly number[], denoms: readonly string[], prices: Prices): number {
  return denoms.reduce((s, d, i) => s + amounts[i]! * (prices.get(d) ?? 0), 0);
}

const CLAMPED = 'a reserve rounds below one unit (kept at 1)';

/** A weighted pool over recorded reserves; `write` stores the re-priced amounts back into the record. */
function weightedView(
  id: string,
  denoms: string[],
  reserves: number[],
  weights: number[],
  write: (amounts: string[]) => void,
): PoolView {
  return {
    id,
    denoms,
    pegged: false,
    implied: (target, prices) => weightedImplied(reserves, weights, denoms, target, prices),
    depth: (prices) => pricedValue(reserves, denoms, prices),
    reprice(prices) {
      const out = weightedReserves(
        reserves,
        weights,
        denoms.map((d) => prices.get(d)!),
      ).map(units);
      write(out.map((o) => o.text));
      return out.some((o) => o.clamped) ? CLAMPED : undefined;
    },
  };
}

/** Osmosis balancer record (SQS shape): chain_model.pool_assets[{token: {denom, amount}, weight}]. */
export function balancerView(record: Json): PoolView {
  const model = record.chain_model as Json;
  const assets = ((record.recorded as Json | undefined)?.pool_assets ?? model.pool_assets) as {
    token: { denom: string; amount: string };
    weight: string;
  }[];
  return weightedView(
    String(model.id),
    assets.map((a) => a.token.denom),
    assets.map((a) => Number(a.token.amount)),
    assets.map((a) => Number(a.weight)),
    (amounts) =>
      (model.pool_assets = assets.map((a, i) => ({
        token: { denom: a.token.denom, amount: amounts[i]! },
        weight: a.weight,
      }))),
  );
}

/** Astroport xyk pair: assets[{denom, amount}], constant product (two equal weights). */
export function xykView(pair: Json): PoolView {
  const assets = ((pair.recorded as Json | undefined)?.assets ?? pair.assets) as { denom: string; amount: string }[];
  return weightedView(
    String(pair.address),
    assets.map((a) => a.denom),
    assets.map((a) => Number(a.amount)),
    assets.map(() => 1),
    (amounts) => (pair.assets = assets.map((a, i) => ({ ...a, amount: amounts[i]! }))),
  );
}

type Implied = { price: number; depth: number } | undefined;

/** `implied` of a two-asset pool: `from(t, k, p)` prices the target (index t) from the other asset (index k, price p). */
function twoAssetImplied(
  denoms: readonly string[],
  from: (t: number, k: number, p: number) => Implied,
): PoolView['implied'] {
  return (target, prices) => {
    const t = denoms.indexOf(target);
    const p = prices.get(denoms[1 - t]!);
    return p === undefined ? undefined : from(t, 1 - t, p);
  };
}

/** r(r² + 3)/(3r² + 1): the marginal price of x in y (scaled) on x·y·(x² + y²) = k when y = r·x. */
const stableSpot = (r: number) => (r * (r * r + 3)) / (3 * r * r + 1);

/** Osmosis two-asset stableswap record: chain_model.pool_liquidity[{denom, amount}], scaling_factors. */
export function stableswapView(record: Json): PoolView {
  const model = record.chain_model as Json;
  const liquidity = ((record.recorded as Json | undefined)?.pool_liquidity ?? model.pool_liquidity) as {
    denom: string;
    amount: string;
  }[];
  if (liquidity.length !== 2) throw new Error(`stableswap ${String(model.id)}: only two-asset pools are re-priced`);
  const denoms = liquidity.map((c) => c.denom);
  const scaling = (model.scaling_factors as (string | number)[]).map(Number);
  const x = liquidity.map((c, i) => Number(c.amount) / scaling[i]!);
  return {
    id: String(model.id),
    denoms,
    pegged: false,
    // Scaled units of k per scaled unit of target, then base units.
    implied: twoAssetImplied(denoms, (t, k, p) => ({
      price: (p * stableSpot(x[k]! / x[t]!) * scaling[k]!) / scaling[t]!,
      depth: Number(liquidity[k]!.amount) * p,
    })),
    depth: (prices) =>
      pricedValue(
        liquidity.map((c) => Number(c.amount)),
        denoms,
        prices,
      ),
    reprice(prices) {
      // Target marginal price of asset 0 in asset 1, in scaled units.
      const target = (prices.get(denoms[0]!)! * scaling[0]!) / (prices.get(denoms[1]!)! * scaling[1]!);
      let lo = -60;
      let hi = 60;
      for (let i = 0; i < 200; i++) {
        const mid = (lo + hi) / 2;
        if (stableSpot(Math.exp(mid)) < target) lo = mid;
        else hi = mid;
      }
      const r = Math.exp((lo + hi) / 2); // x₁ / x₀
      const k = x[0]! * x[1]! * (x[0]! ** 2 + x[1]! ** 2);
      const x0 = (k / (r * (1 + r * r))) ** 0.25;
      const out = [x0 * scaling[0]!, r * x0 * scaling[1]!].map(units);
      model.pool_liquidity = liquidity.map((c, i) => ({ denom: c.denom, amount: out[i]!.text }));
      return out.some((o) => o.clamped) ? CLAMPED : undefined;
    },
  };
}

/** The largest tick whose sqrt price is at most `sqrt36` (36-decimal). */
function tickAt(sqrt36: bigint): number {
  let lo = MIN_TICK_V2;
  let hi = MAX_TICK;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (tickToSqrtPrice(mid) <= sqrt36) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Osmosis concentrated record: chain_model {token0, token1, current_sqrt_price, current_tick, current_tick_liquidity}. */
export function concentratedView(record: Json): PoolView {
  const model = record.chain_model as Json;
  const tickModel = (record.recorded as Json | undefined)?.tick_model as RecordedTickModel | undefined;
  if (tickModel) return tickModelView(record, tickModel);
  const recorded = (record.recorded as Json | undefined) ?? model;
  const denoms = [String(model.token0), String(model.token1)];
  const sqrt = Number(recorded.current_sqrt_price);
  const liquidity = Number(model.current_tick_liquidity);
  // Virtual reserves of the active range: L/√P of token0, L·√P of token1.
  const virtual = [liquidity / sqrt, liquidity * sqrt];
  return {
    id: String(model.id),
    denoms,
    pegged: false,
    implied: twoAssetImplied(denoms, (t, k, p) => ({
      price: t === 0 ? p * sqrt * sqrt : p / (sqrt * sqrt),
      depth: virtual[k]! * p,
    })),
    depth: (prices) => pricedValue(virtual, denoms, prices),
    reprice(prices) {
      const text = fixed(Math.sqrt(prices.get(denoms[0]!)! / prices.get(denoms[1]!)!), 36);
      model.current_sqrt_price = text;
      model.current_tick = tickAt(BigInt(text.replace('.', '')));
      return undefined;
    },
  };
}

/** The LCD liquidity_per_tick_range answer: ranges of constant liquidity and the index of the active one. */
interface RecordedTickModel {
  liquidity: { liquidity_amount: string; lower_tick: string | number; upper_tick: string | number }[];
  bucket_index: number;
}

const priceAtTick = (tick: number) => Number(tickToPrice36(tick)) / 1e36;

/**
 * A concentrated pool recorded with its tick model (record.recorded.tick_model, LCD shape). Its price at recording is
 * the geometric middle of the active range (the LCD answer names the range, not the price); re-pricing moves every
 * boundary by the ratio of the new price to that one and writes the moved model to record.tick_model, with the
 * current sqrt price, tick and liquidity of the range the new price falls in.
 */
function tickModelView(record: Json, recordedModel: RecordedTickModel): PoolView {
  const model = record.chain_model as Json;
  const denoms = [String(model.token0), String(model.token1)];
  const spacing = Number(model.tick_spacing);
  const ranges = recordedModel.liquidity.map((r) => ({
    lower: Number(r.lower_tick),
    upper: Number(r.upper_tick),
    liquidity: r.liquidity_amount,
  }));
  const active = ranges[recordedModel.bucket_index];
  if (!active) throw new Error(`pool ${String(model.id)}: bucket_index outside the tick model`);
  const recordedPrice = Math.sqrt(priceAtTick(active.lower) * priceAtTick(active.upper));
  const sqrt = Math.sqrt(recordedPrice);
  const L = Number(active.liquidity);
  const virtual = [L / sqrt, L * sqrt];
  /**
   * A boundary moved by `ratio` in price, to the nearest multiple of the spacing; the full range's ends stay put. A
   * boundary may move below the at-launch minimum tick: positions there are allowed since the minimum spot price
   * became 1e-30 (MIN_TICK_V2), and DYDX/USDC, for one, sits just above the old minimum at its 2024 price.
   */
  const moved = (tick: number, ratio: number) => {
    if (tick <= MIN_INITIALIZED_TICK || tick >= MAX_TICK) return tick;
    const t = tickAt(BigInt(fixed(Math.sqrt(priceAtTick(tick) * ratio), 36).replace('.', '')));
    return Math.min(MAX_TICK, Math.max(MIN_TICK_V2, Math.round(t / spacing) * spacing));
  };
  return {
    id: String(model.id),
    denoms,
    pegged: false,
    implied: twoAssetImplied(denoms, (t, k, p) => ({
      price: t === 0 ? p * recordedPrice : p / recordedPrice,
      depth: virtual[k]! * p,
    })),
    depth: (prices) => pricedValue(virtual, denoms, prices),
    reprice(prices) {
      const price = prices.get(denoms[0]!)! / prices.get(denoms[1]!)!;
      const ratio = price / recordedPrice;
      const shifted = ranges
        .map((r) => ({ lower: moved(r.lower, ratio), upper: moved(r.upper, ratio), liquidity: r.liquidity }))
        .filter((r) => r.upper > r.lower);
      const text = fixed(Math.sqrt(price), 36);
      const tick = tickAt(BigInt(text.replace('.', '')));
      const index = shifted.findIndex((r) => r.lower <= tick && tick < r.upper);
      if (index < 0) throw new Error(`pool ${String(model.id)}: no range holds tick ${tick}`);
      model.current_sqrt_price = text;
      model.current_tick = tick;
      model.current_tick_liquidity = shifted[index]!.liquidity;
      record.tick_model = {
        liquidity: shifted.map((r) => ({
          liquidity_amount: r.liquidity,
          lower_tick: String(r.lower),
          upper_tick: String(r.upper),
        })),
        bucket_index: index,
      };
      return undefined;
    },
  };
}

/** Osmosis alloyed transmuter record: members exchange at normalisation factors; never re-priced. */
export function transmuterView(record: Json): PoolView & { factors: ReadonlyMap<string, number> } {
  const alloy = ((record.sqs_model as Json).cosmwasm_pool_model as Json).data as Json;
  const configs = (alloy.alloy_transmuter as Json).asset_configs as { denom: string; normalization_factor: string }[];
  const factors = new Map(configs.map((c) => [c.denom, Number(c.normalization_factor)]));
  const balances = new Map(
    ((record.balances ?? []) as { denom: string; amount: string }[]).map((b) => [b.denom, Number(b.amount)]),
  );
  const denoms = configs.map((c) => c.denom);
  return {
    id: String((record.chain_model as Json).pool_id),
    denoms,
    pegged: true,
    factors,
    implied(target, prices) {
      let best: { price: number; depth: number } | undefined;
      for (const d of denoms) {
        const p = prices.get(d);
        if (d === target || p === undefined) continue;
        // amount_d / factor_d is exchanged one for one with amount_target / factor_target.
        const price = (p * factors.get(d)!) / factors.get(target)!;
        const depth = (balances.get(d) ?? 0) * p;
        if (!best || depth > best.depth) best = { price, depth };
      }
      return best;
    },
    depth: (prices) => denoms.reduce((s, d) => s + (balances.get(d) ?? 0) * (prices.get(d) ?? 0), 0),
    reprice: () => undefined,
  };
}
