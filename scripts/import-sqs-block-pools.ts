/**
 * Adds Osmosis pool states recorded in the SQS ingest pushes that osmosis-labs/sqs committed as test data
 * (commit 5ffc7624eb4354e39fe9190a83f1c9c08a46b422, blocks/sqs_block_<height>.json, heights 37287854–37288811,
 * 2025-06-08) to data/pools/osmosis-1.json (`npx tsx scripts/import-sqs-block-pools.ts <dir>`, then
 * `npx tsx scripts/reprice-offline-pools.ts`).
 *
 * Each block file is the node's push to SQS for one block: `pools[]` of `{chain_model, sqs_model, tick_model}`, each
 * a base64 JSON document (the chain's pool, SQS' balances and liquidity cap, and for concentrated pools every range
 * of constant liquidity with the index of the active one). `<dir>` holds pool objects copied verbatim from those
 * arrays, one per file named `<height>-<pool id>.json`; the newest height of a pool wins.
 *
 * A recorded pool replaces the file's entry for the same id when that entry is older, so a June 2025 tick model
 * supersedes a 2023 one or a bucket-only state. Order-book and other CosmWasm pools are left out (the offline market
 * models alloyed transmuters only, recorded elsewhere).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPoolsFile } from './reprice/render.js';

type Json = Record<string, unknown>;

const SOURCE_KEY = 'sqs-blocks';
const RECORDED_AT = '2025-06-08';
const SOURCE_TEXT =
  'repository osmosis-labs/sqs, paths blocks/sqs_block_<height>.json, commit 5ffc7624eb4354e39fe9190a83f1c9c08a46b422 ' +
  "(heights 37287854-37288811; the newest last_liquidity_update in them is of 2025-06-08): the Osmosis node's " +
  'per-block pushes to SQS, each pool as base64 JSON of its chain model (LCD field names), SQS model (balances, ' +
  'liquidity cap) and, for concentrated pools, its tick model (every range of constant liquidity and the index of ' +
  'the active one). Extracted: balancer id, swap fee, assets with amounts and weights; stableswap id, swap fee, ' +
  'reserves, scaling factors; concentrated id, tokens, sqrt price, tick, current liquidity, spacing, exponent, spread ' +
  'factor, and the tick model under recorded.tick_model in the LCD liquidity_per_tick_range shape (ticks -> ' +
  'liquidity, current_tick_index -> bucket_index, values unchanged). The block height is under recorded.block_height.';

const TYPE_OF: Record<string, number> = {
  '/osmosis.gamm.v1beta1.Pool': 0,
  '/osmosis.gamm.poolmodels.stableswap.v1beta1.Pool': 1,
  '/osmosis.concentratedliquidity.v1beta1.Pool': 2,
};

const decode = (b64: unknown): Json => JSON.parse(Buffer.from(String(b64), 'base64').toString('utf8')) as Json;

/** SQS' tick model, written by Go's encoding/json: `omitempty` drops a zero tick and a zero index. */
interface SqsTicks {
  ticks: { liquidity_amount: string; lower_tick?: number | string; upper_tick?: number | string }[];
  current_tick_index?: number;
}

/** One pushed pool → an entry of data/pools/osmosis-1.json, or undefined for pool kinds the file does not carry. */
function entryOf(raw: Json, height: number): Json | undefined {
  const chain = decode(raw.chain_model);
  const type = TYPE_OF[String(chain['@type'])];
  if (type === undefined) return undefined;
  const recorded: Json = { at: RECORDED_AT, block_height: height };
  const base = { src: SOURCE_KEY, type };
  if (type === 0) {
    const pool_params = { swap_fee: (chain.pool_params as Json).swap_fee };
    recorded.pool_assets = chain.pool_assets;
    return {
      ...base,
      chain_model: { id: chain.id, pool_params, pool_assets: chain.pool_assets, total_weight: chain.total_weight },
      recorded,
    };
  }
  if (type === 1) {
    const pool_params = { swap_fee: (chain.pool_params as Json).swap_fee };
    recorded.pool_liquidity = chain.pool_liquidity;
    const model = {
      id: chain.id,
      pool_params,
      pool_liquidity: chain.pool_liquidity,
      scaling_factors: chain.scaling_factors,
    };
    return { ...base, chain_model: model, recorded };
  }
  const ticks = decode(raw.tick_model) as unknown as SqsTicks;
  const model = {
    id: chain.id,
    token0: chain.token0,
    token1: chain.token1,
    current_sqrt_price: chain.current_sqrt_price,
    current_tick: Number(chain.current_tick),
    current_tick_liquidity: chain.current_tick_liquidity,
    tick_spacing: chain.tick_spacing,
    exponent_at_price_one: chain.exponent_at_price_one,
    spread_factor: chain.spread_factor,
  };
  recorded.current_sqrt_price = chain.current_sqrt_price;
  recorded.current_tick = Number(chain.current_tick);
  recorded.last_liquidity_update = chain.last_liquidity_update;
  recorded.tick_model = {
    liquidity: ticks.ticks.map((t) => ({
      liquidity_amount: t.liquidity_amount,
      lower_tick: String(t.lower_tick ?? 0),
      upper_tick: String(t.upper_tick ?? 0),
    })),
    bucket_index: ticks.current_tick_index ?? 0,
  };
  return { ...base, chain_model: model, recorded };
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: npx tsx scripts/import-sqs-block-pools.ts <dir of <height>-<id>.json pool objects>');

// The newest push of each pool.
const newest = new Map<string, { height: number; file: string }>();
for (const file of readdirSync(dir)) {
  const m = /^(\d+)-(\d+)\.json$/.exec(file);
  if (!m) continue;
  const [height, id] = [Number(m[1]), m[2]!];
  if ((newest.get(id)?.height ?? -1) < height) newest.set(id, { height, file });
}

const DATA_FILE = new URL('../data/pools/osmosis-1.json', import.meta.url);
const osmosis = JSON.parse(readFileSync(DATA_FILE, 'utf8')) as Json;
const pools = osmosis.pools as Json[];
const idOf = (p: Json) => String((p.chain_model as Json).id ?? (p.chain_model as Json).pool_id);
const dateOf = (p: Json) => String((p.recorded as Json | undefined)?.at ?? '');

const added: string[] = [];
const replaced: string[] = [];
for (const [id, { height, file }] of [...newest].sort((a, b) => Number(a[0]) - Number(b[0]))) {
  const raw = JSON.parse(readFileSync(join(dir, file), 'utf8').replace(/\s+/g, '')) as Json;
  const entry = entryOf(raw, height);
  if (!entry) continue;
  const at = pools.findIndex((p) => idOf(p) === id);
  if (at < 0) {
    pools.push(entry);
    added.push(id);
  } else if (dateOf(pools[at]!) < RECORDED_AT) {
    pools[at] = entry;
    replaced.push(id);
  }
}
pools.sort((a, b) => Number(idOf(a)) - Number(idOf(b)));
const source = osmosis._source as Json;
source.sources = { ...(source.sources as Json), [SOURCE_KEY]: SOURCE_TEXT };

writeFileSync(DATA_FILE, renderPoolsFile(osmosis, 'pools'));
console.log(`added ${added.join(' ') || 'none'}; replaced ${replaced.join(' ') || 'none'}`);
