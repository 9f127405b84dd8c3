/**
 * Builds Astroport pairs from the contract query shapes (packages/astroport/src/{pair,asset}.rs):
 *   pair   → PairInfo { asset_infos: [AssetInfo], contract_addr, liquidity_token, pair_type: {xyk:{}} | {stable:{}} | {custom:"…"} }
 *   pool   → PoolResponse { assets: [{ info: AssetInfo, amount }], total_share }
 *   config → ConfigResponse { block_time_last, params?: Binary, owner, factory_addr } (stable params: { amp, … })
 *   factory fee_info → FeeInfoResponse { fee_address, total_fee_rate, maker_fee_rate }
 * AssetInfo is { native_token: { denom } } or { token: { contract_addr } } (CW20, written cw20:<addr> here).
 */
import { parseAmount, parseDec, parseFixed } from '../math/fixed.js';
import { ShapeError, arr, at, obj, str } from '../json.js';
import type { AstroportAsset, AstroportPair } from './base.js';
import { StablePair } from './stable.js';
import { XykPair } from './xyk.js';

export type PairKind = 'xyk' | 'stable' | 'other';

export function denomOf(info: unknown, path: string): string {
  const o = obj(info, path);
  if (o.native_token !== undefined) return str(obj(o.native_token, `${path}.native_token`).denom, `${path}.denom`);
  if (o.token !== undefined) return `cw20:${str(obj(o.token, `${path}.token`).contract_addr, `${path}.contract_addr`)}`;
  throw new ShapeError(`${path}: unknown asset info`);
}

export function pairKind(pairType: unknown, path: string): PairKind {
  const o = obj(pairType, path);
  if ('xyk' in o) return 'xyk';
  if ('stable' in o) return 'stable';
  return 'other';
}

/** Reserves from a `pool` query response. */
export function poolAssets(pool: unknown, path: string): { denom: string; amount: bigint }[] {
  return arr(obj(pool, path).assets, `${path}.assets`).map((a, i) => {
    const ao = obj(a, `${path}.assets[${i}]`);
    return {
      denom: denomOf(ao.info, `${path}.assets[${i}].info`),
      amount: at(`${path}.assets[${i}].amount`, () => parseAmount(ao.amount)),
    };
  });
}

/** Stable amplification from a `config` response: params is base64 JSON with `amp` as a Decimal; stored as A·100. */
export function stableAmp(config: unknown, path: string): bigint {
  const params = obj(config, path).params;
  if (typeof params !== 'string') throw new ShapeError(`${path}.params: missing`);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(params, 'base64').toString('utf8'));
  } catch {
    throw new ShapeError(`${path}.params: not base64 JSON`);
  }
  const amp = str(obj(decoded, `${path}.params`).amp, `${path}.params.amp`);
  return at(`${path}.params.amp`, () => parseFixed(amp, 2));
}

export interface PairSpec {
  address: string;
  kind: PairKind;
  totalFeeRate: bigint;
  assets: AstroportAsset[];
  /** Stable only: A·100. */
  amp?: bigint;
  takenAt?: Date;
}

export function buildPair(spec: PairSpec): AstroportPair | undefined {
  if (spec.assets.length !== 2) throw new ShapeError(`${spec.address}: ${spec.assets.length} assets (two supported)`);
  if (spec.kind === 'xyk') return new XykPair(spec.address, spec.totalFeeRate, spec.assets, spec.takenAt);
  if (spec.kind === 'stable') {
    if (spec.amp === undefined || spec.amp <= 0n) throw new ShapeError(`${spec.address}: stable pair without amp`);
    if (spec.assets.some((a) => a.decimals === undefined))
      throw new ShapeError(`${spec.address}: stable pair with unknown decimals`);
    return new StablePair(spec.address, spec.totalFeeRate, spec.assets, spec.amp, spec.takenAt);
  }
  return undefined;
}

export function feeRate(v: unknown, path: string): bigint {
  return at(path, () => parseDec(str(v, path)));
}
