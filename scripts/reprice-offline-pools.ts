/**
 * Re-prices the shipped offline pool snapshots to one dated price set, so that the offline market is coherent at one
 * moment (`npx tsx scripts/reprice-offline-pools.ts`). The recordings behind data/pools/osmosis-1.json span 2023 to
 * 2026 and data/pools/neutron-1.json is of 2024-04; each pool keeps its recorded structure, fees, weights, scaling
 * factors and liquidity, and is moved along its own invariant to the prices of data/prices/osmosis-sqs-2024-07.json
 * (scripts/reprice/pools.ts for the pool models, scripts/reprice/prices.ts for the price set).
 *
 * Each pool keeps what it was recorded with under `recorded` (date and the fields re-pricing replaced), and the script
 * always starts from there, so running it again gives the same files. It then reloads both snapshots with the
 * service's own pool code and prints how far each pool's marginal prices are from the price set.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Decimal, SnapshotPriceSource } from '../src/pricing/index.js';
import { buildRegistry } from '../src/registry/build.js';
import { loadOfflineSnapshot as loadNeutron } from '../src/venues/neutron-astroport/snapshot.js';
import { loadOfflineSnapshot as loadOsmosis } from '../src/venues/osmosis-poolmanager/snapshot.js';
import type { Pool } from '../src/venues/types.js';
import {
  balancerView,
  concentratedView,
  stableswapView,
  transmuterView,
  xykView,
  type PoolView,
  type Prices,
} from './reprice/pools.js';
import { buildPriceSet, type PriceSet, type StartPrice } from './reprice/prices.js';
import { renderPoolsFile } from './reprice/render.js';

type Json = Record<string, unknown>;

const DATA = new URL('../data/', import.meta.url);
const PRICE_FILE = 'prices/osmosis-sqs-2024-07.json';
const read = (name: string) => JSON.parse(readFileSync(new URL(name, DATA), 'utf8')) as Json;

const priceFile = read(PRICE_FILE) as {
  as_of: string;
  denoms: Record<string, { price: string; decimals: number; liquidity_usd?: string }>;
};
const AS_OF = priceFile.as_of;
const registry = buildRegistry();

/** The service's own reading of the shipped prices (origin assets, CoinGecko ids), thin markets included. */
const shippedPrices = SnapshotPriceSource.shipped(registry, { minLiquidityUsd: Decimal.ZERO });
const originKey = (chainId: string, denom: string) => {
  const a = registry.asset(chainId, denom)?.wire;
  return a ? `${a.origin_chain_id}\u0000${a.origin_denom}` : undefined;
};
const osmoDenomOfOrigin = new Map<string, string>();
for (const d of Object.keys(priceFile.denoms)) {
  const key = originKey('osmosis-1', d);
  if (key && !osmoDenomOfOrigin.has(key)) osmoDenomOfOrigin.set(key, d);
}

/** USD per base unit from the shipped set, and the liquidity behind it (alloy anchors prefer the most liquid). */
function startPrice(chainId: string, denom: string): StartPrice | undefined {
  const quote = shippedPrices.usdPrice(chainId, denom);
  const decimals =
    registry.asset(chainId, denom)?.wire.decimals ??
    (chainId === 'osmosis-1' ? priceFile.denoms[denom]?.decimals : undefined);
  if (!quote || decimals === undefined || decimals === null) return undefined;
  const osmoDenom = chainId === 'osmosis-1' ? denom : osmoDenomOfOrigin.get(originKey(chainId, denom) ?? '');
  return {
    perBaseUnit: Number(quote.price.toString()) / 10 ** decimals,
    liquidityUsd: Number(priceFile.denoms[osmoDenom ?? '']?.liquidity_usd ?? 0),
  };
}

/** Moves a record's replaced fields under `recorded` the first time; later runs start from there. */
function keepRecorded(record: Json, date: unknown, fields: Record<string, unknown>): void {
  if (record.recorded !== undefined) return;
  record.recorded = { at: date, ...structuredClone(fields) };
}

function osmosisView(record: Json): PoolView {
  const model = record.chain_model as Json;
  switch (record.type) {
    case 0:
      keepRecorded(record, record.recorded_at, { pool_assets: model.pool_assets });
      return balancerView(record);
    case 1:
      keepRecorded(record, record.recorded_at, { pool_liquidity: model.pool_liquidity });
      return stableswapView(record);
    case 2:
      keepRecorded(record, record.recorded_at, {
        current_sqrt_price: model.current_sqrt_price,
        current_tick: model.current_tick,
      });
      return concentratedView(record);
    case 3:
      keepRecorded(record, record.recorded_at, {});
      return transmuterView(record);
    default:
      throw new Error(`pool type ${String(record.type)}`);
  }
}

/** Re-prices every pool whose denoms all have a price; the others keep their recorded state. */
function repriceAll(views: readonly PoolView[], set: PriceSet): { kept: string[]; notes: string[] } {
  const kept: string[] = [];
  const notes: string[] = [];
  for (const v of views) {
    if (v.pegged) continue;
    const missing = v.denoms.filter((d) => !set.prices.has(d));
    if (missing.length > 0) {
      kept.push(`${v.id}: no price for ${missing.join(', ')}`);
      continue;
    }
    const note = v.reprice(set.prices);
    if (note) notes.push(`${v.id}: ${note}`);
  }
  return { kept, notes };
}

const usd = (perBaseUnit: number, decimals: number | undefined) =>
  decimals === undefined ? undefined : (perBaseUnit * 10 ** decimals).toPrecision(8);

/** What the price set changed or added, for the file's _source (USD per display unit where decimals are known). */
function priceNotes(chainId: string, set: PriceSet) {
  const decimalsOf = (d: string) => registry.asset(chainId, d)?.wire.decimals ?? undefined;
  return {
    overridden: Object.fromEntries(
      [...set.overridden].map(([d, o]) => [
        d,
        { shipped_usd: usd(o.shipped, decimalsOf(d)), used_usd: usd(o.used, decimalsOf(d)), alloy_pool: o.alloyPool },
      ]),
    ),
    derived: Object.fromEntries(
      [...set.derived].map(([d, o]) => [d, { used_usd_per_base_unit: o.used.toPrecision(8), from_pool: o.pool }]),
    ),
  };
}

// --- Osmosis ----------------------------------------------------------------------------------------------------
const osmosis = read('pools/osmosis-1.json');
const osmoPools = osmosis.pools as Json[];
const osmoViews = osmoPools.map(osmosisView);
const osmoStart = new Map<string, StartPrice>();
for (const d of new Set(osmoViews.flatMap((v) => v.denoms))) {
  const p = startPrice('osmosis-1', d);
  if (p) osmoStart.set(d, p);
}
const osmoSet = buildPriceSet(osmoViews, osmoStart);
const osmoResult = repriceAll(osmoViews, osmoSet);
for (const r of osmoPools) delete r.recorded_at;

// --- Neutron: the same prices, found as the service finds them (through each denom's origin asset) ---------------
const neutron = read('pools/neutron-1.json');
const pairs = neutron.pairs as Json[];
for (const p of pairs)
  keepRecorded(p, neutron.recorded_at ?? (neutron.recorded as Json | undefined)?.at, { assets: p.assets });
const ntrnViews = pairs.map(xykView);
const ntrnStart = new Map<string, StartPrice>();
for (const d of new Set(ntrnViews.flatMap((v) => v.denoms))) {
  const p = startPrice('neutron-1', d);
  if (p) ntrnStart.set(d, p);
}
// An Osmosis alloy member whose price gave way to its alloy's carries that price to Neutron too.
for (const [d, s] of ntrnStart) {
  const osmoDenom = osmoDenomOfOrigin.get(originKey('neutron-1', d) ?? '');
  const used = osmoDenom ? osmoSet.overridden.get(osmoDenom)?.used : undefined;
  if (used !== undefined) ntrnStart.set(d, { ...s, perBaseUnit: used });
}
const ntrnSet = buildPriceSet(ntrnViews, ntrnStart);
const ntrnResult = repriceAll(ntrnViews, ntrnSet);

// --- Write --------------------------------------------------------------------------------------------------------
const METHOD =
  `Every pool is re-priced to one price set, data/${PRICE_FILE} (as_of ${AS_OF}), by scripts/reprice-offline-pools.ts: ` +
  'it keeps the recorded structure, fees, weights, scaling factors and liquidity and moves the pool along its own ' +
  'invariant to those prices, as arbitrage would (balancer: Π Bᵢ^wᵢ kept, reserves set so that every asset holds its ' +
  'weight share of the value; stableswap: the CFMM constant on scaled reserves kept, reserve ratio solved for the ' +
  'marginal price; concentrated: current tick liquidity kept, sqrt price = √(p₀/p₁) and the current tick moved to ' +
  'it, and a pool recorded with its tick model keeps its liquidity profile around the price (every range boundary ' +
  'moved by the ratio of the new price to the middle of the recorded active range, rounded to the tick spacing; the ' +
  'recorded model stays under recorded.tick_model, the moved one is tick_model); Astroport xyk: x·y kept, the two ' +
  'sides of equal value; ' +
  'alloyed transmuters are never re-priced, their members share the price of the member the price set calls most ' +
  'liquid). Denoms the price set lacks take the price of the deepest pool joining them to a priced denom. Each pool ' +
  'keeps its recorded state and date under `recorded`. The pools therefore price each other consistently at as_of: ' +
  'quotes follow the price set less fees and price impact, and no round trip gains.';

osmosis._source = {
  ...(osmosis._source as Json),
  summary:
    'Osmosis mainnet pools recorded in public sources of different dates (2023-04 to 2026-07; no single public recording of the whole pool set, with CL ticks, exists), re-priced to one moment (see method). Each pool names its source under src and its recorded state and date under recorded.',
  method: METHOD,
  prices: { file: `data/${PRICE_FILE}`, as_of: AS_OF, ...priceNotes('osmosis-1', osmoSet) },
  kept_as_recorded: osmoResult.kept,
  ...(osmoResult.notes.length ? { rounding: osmoResult.notes } : {}),
};
osmosis.as_of = AS_OF;
neutron._source = {
  ...(neutron._source as Json),
  summary:
    'Astroport pairs on Neutron (neutron-1) as recorded from the Astroport app API on 2024-04-04, re-priced to one moment (see method); each pair keeps its recorded reserves under recorded.',
  method: `${METHOD} Neutron denoms take the price of the Osmosis denom of the same origin asset.`,
  prices: { file: `data/${PRICE_FILE}`, as_of: AS_OF, ...priceNotes('neutron-1', ntrnSet) },
  kept_as_recorded: ntrnResult.kept,
  ...(ntrnResult.notes.length ? { rounding: ntrnResult.notes } : {}),
};
if (neutron.recorded_at !== undefined) neutron.recorded = { at: neutron.recorded_at };
delete neutron.recorded_at;
neutron.as_of = AS_OF;

writeFileSync(new URL('pools/osmosis-1.json', DATA), renderPoolsFile(osmosis, 'pools'));
writeFileSync(new URL('pools/neutron-1.json', DATA), renderPoolsFile(neutron, 'pairs'));

// --- Check with the service's own pool code ------------------------------------------------------------------------
function report(name: string, pools: readonly Pool[], prices: Prices): void {
  const gaps: { id: string; gap: number; depth: number }[] = [];
  for (const pool of pools) {
    let gap = 0;
    let depth = 0;
    for (const a of pool.denoms) {
      const pa = prices.get(a);
      if (pa === undefined) continue;
      depth += Number(pool.reserve(a)) * pa;
      for (const b of pool.denoms) {
        const pb = prices.get(b);
        const spot = a === b || pb === undefined ? undefined : pool.spotPrice(a, b);
        if (spot) gap = Math.max(gap, Math.abs((Number(spot.num) / Number(spot.den)) * (pb! / pa) - 1));
      }
    }
    gaps.push({ id: pool.id, gap, depth });
  }
  const deep = gaps.filter((g) => g.depth >= 1000).sort((x, y) => y.gap - x.gap);
  console.log(
    `${name}: ${pools.length} pools; largest marginal-price gap among pools holding ≥ $1000: ${deep[0]?.id} ${deep[0]?.gap.toExponential(2)}`,
  );
  const dust = gaps.filter((g) => g.depth < 1000 && g.gap > 1e-3).length;
  console.log(`${name}: ${dust} pools under $1000 are off by more than 0.1 % (integer reserves of a few units)`);
}
report('osmosis-1', loadOsmosis().pools, osmoSet.prices);
report('neutron-1', loadNeutron().pools, ntrnSet.prices);
console.log(
  `osmosis-1: ${osmoSet.overridden.size} alloy prices unified, ${osmoSet.derived.size} derived, ${osmoResult.kept.length} pools kept as recorded`,
);
console.log(`neutron-1: ${ntrnSet.derived.size} prices derived, ${ntrnResult.kept.length} pairs kept as recorded`);
