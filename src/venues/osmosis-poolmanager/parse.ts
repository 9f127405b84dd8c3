/**
 * Builds pools from Osmosis pool records in the shapes the chain and SQS publish them:
 *
 *  - SQS `/pools` items: `{ type, chain_model, balances, spread_factor, ... }` with `type` 0 balancer, 1 stableswap,
 *    2 concentrated, 3 cosmwasm, and `chain_model` in Go JSON (uint64 as numbers);
 *  - LCD `/osmosis/poolmanager/v1beta1/all-pools` items: proto-JSON with an `@type` and uint64 as strings;
 *  - the offline snapshot, which stores SQS-shaped items (see data/pools/osmosis-1.json).
 *
 * Tick models come from SQS `/pools/ticks/{id}` (`{ ticks: [{lower_tick, upper_tick, liquidity_amount}] }`) or the
 * LCD `liquidity_per_tick_range` query (`{ liquidity: [...] }`); both list buckets with constant liquidity.
 */
import { parseAmount, parseDec, parseFixed } from '../math/fixed.js';
import { ShapeError, arr, at, int, numStr, obj, str } from '../json.js';
import type { OsmosisPool } from './base.js';
import { BalancerPool } from './balancer.js';
import { ConcentratedPool, type ClBucket } from './concentrated.js';
import { StableswapPool } from './stableswap.js';
import type { TakerFees } from './taker-fee.js';
import { TransmuterPool, type TransmuterAsset } from './transmuter.js';

export enum PoolType {
  Balancer = 0,
  Stableswap = 1,
  Concentrated = 2,
  CosmWasm = 3,
}

const TYPE_URLS: Record<string, PoolType> = {
  '/osmosis.gamm.v1beta1.Pool': PoolType.Balancer,
  '/osmosis.gamm.poolmodels.stableswap.v1beta1.Pool': PoolType.Stableswap,
  '/osmosis.concentratedliquidity.v1beta1.Pool': PoolType.Concentrated,
  '/osmosis.cosmwasmpool.v1beta1.CosmWasmPool': PoolType.CosmWasm,
};

/** A pool record normalized from any of the source shapes. */
export interface PoolRecord {
  type: PoolType;
  chainModel: Record<string, unknown>;
  balances?: unknown;
  spreadFactor?: unknown;
  tickModel?: unknown;
  /** SQS' cosmwasm_pool_model (alloyed transmuter data), when the source carries it. */
  cwModel?: unknown;
  takenAt?: Date;
  /** SQS' liquidity_cap (USD), used to choose which CL pools get a tick model. */
  liquidityCap?: number;
}

export interface ParseContext {
  takerFees: TakerFees;
}

/** SQS `/pools` item or offline snapshot item → record. */
export function recordFromSqs(item: unknown, path = 'pool'): PoolRecord {
  const o = obj(item, path);
  const type = int(o.type, `${path}.type`);
  if (!(type in PoolType)) throw new ShapeError(`${path}.type: unknown pool type ${type}`);
  const sqs = o.sqs_model === undefined ? undefined : obj(o.sqs_model, `${path}.sqs_model`);
  const recordedAt = typeof o.recorded_at === 'string' ? new Date(o.recorded_at) : undefined;
  return {
    type: type as PoolType,
    chainModel: obj(o.chain_model, `${path}.chain_model`),
    balances: o.balances,
    spreadFactor: o.spread_factor,
    tickModel: o.tick_model,
    cwModel: sqs?.cosmwasm_pool_model,
    takenAt: recordedAt && !Number.isNaN(recordedAt.getTime()) ? recordedAt : undefined,
    liquidityCap: o.liquidity_cap === undefined ? undefined : Number(o.liquidity_cap),
  };
}

/** LCD all-pools item (proto-JSON with @type) → record; balances and ticks are fetched separately and attached. */
export function recordFromLcd(item: unknown, path = 'pool'): PoolRecord | undefined {
  const o = obj(item, path);
  const type = TYPE_URLS[str(o['@type'], `${path}.@type`)];
  return type === undefined ? undefined : { type, chainModel: o };
}

/** The pool id of a record, whatever its type. */
export function recordId(r: PoolRecord): string {
  const m = r.chainModel;
  return numStr(r.type === PoolType.CosmWasm ? m.pool_id : m.id, 'chain_model.id');
}

/** Builds the pool, or returns undefined for pool kinds Junction does not quote (orderbooks, other contracts). */
export function buildPool(r: PoolRecord, ctx: ParseContext): OsmosisPool | undefined {
  const id = recordId(r);
  const m = r.chainModel;
  const p = `pool ${id}`;
  switch (r.type) {
    case PoolType.Balancer: {
      const fee = at(`${p}.swap_fee`, () =>
        parseDec(str(obj(m.pool_params, `${p}.pool_params`).swap_fee, `${p}.swap_fee`)),
      );
      const assets = arr(m.pool_assets, `${p}.pool_assets`).map((a, i) => {
        const ao = obj(a, `${p}.pool_assets[${i}]`);
        const token = obj(ao.token, `${p}.pool_assets[${i}].token`);
        return {
          denom: str(token.denom, `${p}.pool_assets[${i}].denom`),
          amount: at(`${p}.pool_assets[${i}].amount`, () => parseAmount(token.amount)),
          weight: at(`${p}.pool_assets[${i}].weight`, () => parseAmount(ao.weight)),
        };
      });
      return new BalancerPool(id, fee, assets, ctx.takerFees, r.takenAt);
    }
    case PoolType.Stableswap: {
      const fee = at(`${p}.swap_fee`, () =>
        parseDec(str(obj(m.pool_params, `${p}.pool_params`).swap_fee, `${p}.swap_fee`)),
      );
      const liq = arr(m.pool_liquidity, `${p}.pool_liquidity`);
      const sfs = arr(m.scaling_factors, `${p}.scaling_factors`);
      if (sfs.length !== liq.length)
        throw new ShapeError(`${p}: ${liq.length} assets but ${sfs.length} scaling factors`);
      const assets = liq.map((c, i) => {
        const co = obj(c, `${p}.pool_liquidity[${i}]`);
        return {
          denom: str(co.denom, `${p}.pool_liquidity[${i}].denom`),
          amount: at(`${p}.pool_liquidity[${i}].amount`, () => parseAmount(co.amount)),
          scalingFactor: at(`${p}.scaling_factors[${i}]`, () =>
            parseAmount(numStr(sfs[i], `${p}.scaling_factors[${i}]`)),
          ),
        };
      });
      return new StableswapPool(id, fee, assets, ctx.takerFees, r.takenAt);
    }
    case PoolType.Concentrated: {
      const fee = at(`${p}.spread_factor`, () => parseDec(str(m.spread_factor, `${p}.spread_factor`)));
      const state = {
        token0: str(m.token0, `${p}.token0`),
        token1: str(m.token1, `${p}.token1`),
        sqrtPrice: at(`${p}.current_sqrt_price`, () => parseFixed(str(m.current_sqrt_price, 'x'), 36)),
        currentTick: goTick(m.current_tick, `${p}.current_tick`),
        liquidity: at(`${p}.current_tick_liquidity`, () => parseDec(str(m.current_tick_liquidity, 'x'))),
        tickSpacing: int(m.tick_spacing, `${p}.tick_spacing`),
        buckets: r.tickModel === undefined ? undefined : parseTickModel(r.tickModel, `${p}.ticks`),
        balances: r.balances === undefined ? undefined : parseCoins(r.balances, `${p}.balances`),
      };
      return new ConcentratedPool(id, fee, state, ctx.takerFees, r.takenAt);
    }
    case PoolType.CosmWasm:
      return buildTransmuter(id, r, ctx);
  }
}

function parseCoins(v: unknown, path: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  arr(v, path).forEach((c, i) => {
    const co = obj(c, `${path}[${i}]`);
    out.set(
      str(co.denom, `${path}[${i}].denom`),
      at(`${path}[${i}].amount`, () => parseAmount(co.amount)),
    );
  });
  return out;
}

/**
 * A tick of a Go-encoded record: SQS writes the chain's structs with encoding/json, whose `omitempty` tags (gogoproto's
 * LiquidityDepthWithRange, the pool's current_tick) drop a zero, so an absent tick is tick 0 (price 1: a boundary of
 * most stablecoin pools).
 */
const goTick = (v: unknown, path: string): number => (v === undefined ? 0 : int(v, path));

/** SQS tick model `{ticks: [...]}` or LCD `{liquidity: [...]}` → buckets. */
function parseTickModel(v: unknown, path: string): ClBucket[] {
  const o = obj(v, path);
  const list = arr(o.ticks ?? o.liquidity ?? [], `${path}.ticks`);
  return list.map((t, i) => {
    const to = obj(t, `${path}[${i}]`);
    return {
      lower: goTick(to.lower_tick, `${path}[${i}].lower_tick`),
      upper: goTick(to.upper_tick, `${path}[${i}].upper_tick`),
      liquidity: at(`${path}[${i}].liquidity_amount`, () => parseDec(numStr(to.liquidity_amount, 'x'))),
    };
  });
}

/**
 * A CosmWasm pool is quoted when it is a transmuter: v3 (alloyed) carries asset configs with normalization factors
 * (from SQS' model, or from the contract's instantiate message), v1 lists its denoms (factors all 1).
 */
function buildTransmuter(id: string, r: PoolRecord, ctx: ParseContext): TransmuterPool | undefined {
  const p = `pool ${id}`;
  const config = transmuterConfig(r, p);
  if (!config) return undefined;
  if (r.balances === undefined) throw new ShapeError(`${p}: transmuter without balances`);
  const balances = parseCoins(r.balances, `${p}.balances`);
  const assets: TransmuterAsset[] = config.assets.map((a) => ({
    ...a,
    amount: a.denom === config.alloyed ? 0n : (balances.get(a.denom) ?? 0n),
  }));
  const fee = r.spreadFactor === undefined ? 0n : at(`${p}.spread_factor`, () => parseDec(numStr(r.spreadFactor, 'x')));
  return new TransmuterPool(id, fee, assets, config.alloyed, ctx.takerFees, r.takenAt);
}

/** Whether a CosmWasm record is a transmuter Junction can quote (so its balances are worth fetching). */
export function isTransmuterRecord(r: PoolRecord): boolean {
  if (r.type !== PoolType.CosmWasm) return false;
  try {
    return transmuterConfig(r, 'pool') !== undefined;
  } catch {
    return false;
  }
}

interface TransmuterConfig {
  alloyed?: string;
  assets: { denom: string; normalizationFactor: bigint }[];
}

function transmuterConfig(r: PoolRecord, p: string): TransmuterConfig | undefined {
  const data =
    r.cwModel === undefined ? undefined : obj(obj(r.cwModel, `${p}.cosmwasm_pool_model`).data ?? {}, `${p}.data`);
  if (data?.alloy_transmuter !== undefined) {
    const at3 = obj(data.alloy_transmuter, `${p}.alloy_transmuter`);
    return {
      alloyed: str(at3.alloyed_denom, `${p}.alloyed_denom`),
      assets: arr(at3.asset_configs, `${p}.asset_configs`).map((c, i) => {
        const co = obj(c, `${p}.asset_configs[${i}]`);
        return {
          denom: str(co.denom, `${p}.asset_configs[${i}].denom`),
          normalizationFactor: at(p, () => parseAmount(numStr(co.normalization_factor, 'x'))),
        };
      }),
    };
  }
  const msgB64 = r.chainModel.instantiate_msg;
  if (typeof msgB64 !== 'string') return undefined;
  let msg: Record<string, unknown>;
  try {
    msg = obj(JSON.parse(Buffer.from(msgB64, 'base64').toString('utf8')), `${p}.instantiate_msg`);
  } catch {
    return undefined; // not JSON: some other contract
  }
  if (Array.isArray(msg.pool_asset_configs)) {
    const contract = str(r.chainModel.contract_address, `${p}.contract_address`);
    const sub = typeof msg.alloyed_asset_subdenom === 'string' ? msg.alloyed_asset_subdenom : undefined;
    const assets = msg.pool_asset_configs.map((c, i) => {
      const co = obj(c, `${p}.pool_asset_configs[${i}]`);
      return {
        denom: str(co.denom, `${p}.pool_asset_configs[${i}].denom`),
        normalizationFactor: at(p, () => parseAmount(numStr(co.normalization_factor, 'x'))),
      };
    });
    if (!sub) return { assets };
    const alloyed = `factory/${contract}/alloyed/${sub}`;
    const nf = at(p, () => parseAmount(numStr(msg.alloyed_asset_normalization_factor ?? '1', 'x')));
    return { alloyed, assets: [...assets, { denom: alloyed, normalizationFactor: nf }] };
  }
  if (Array.isArray(msg.pool_asset_denoms)) {
    return {
      assets: msg.pool_asset_denoms.map((d, i) => ({
        denom: str(d, `${p}.pool_asset_denoms[${i}]`),
        normalizationFactor: 1n,
      })),
    };
  }
  return undefined;
}
