/**
 * USD values of the fees a route's wire records name. Bridge plug-ins render their records without prices (an
 * operation is also rendered where no market is at hand); the route's assembly, which has the prices, fills each
 * fee's USD field here: `usd_fee_amount` of axelar_transfer, hyperlane_transfer and transfer, `oft_fee_amount_usd`
 * and `messaging_fee_amount_usd` of stargate_transfer and layer_zero_transfer, the `*_usd` figures of a go_fast_transfer's
 * fee. A fee whose asset has no price keeps the field as the plug-in wrote it.
 */
import { usdString, usdValueOf, type PriceSource } from '../pricing/index.js';
import type { Registry } from '../registry/registry.js';
import type { Operation } from '../wire/operation.js';

/** USD value (wire string) of an amount of an asset, or undefined when unpriced. */
export type UsdOf = (chainId: string, denom: string, amount: bigint) => string | undefined;

export function usdOfPrices(registry: Registry, prices: PriceSource, nowMs: number): UsdOf {
  return (chainId, denom, amount) => usdString(usdValueOf(prices, registry, chainId, denom, amount, nowMs));
}

/** [amount field, asset field, USD field] of every fee figure a wire record carries. */
const FEE_FIELDS: readonly (readonly [string, string, string])[] = [
  ['fee_amount', 'fee_asset', 'usd_fee_amount'],
  ['oft_fee_amount', 'oft_fee_asset', 'oft_fee_amount_usd'],
  ['messaging_fee_amount', 'messaging_fee_asset', 'messaging_fee_amount_usd'],
  ['bps_fee_amount', 'fee_asset', 'bps_fee_usd'],
  ['source_chain_fee_amount', 'fee_asset', 'source_chain_fee_usd'],
  ['destination_chain_fee_amount', 'fee_asset', 'destination_chain_fee_usd'],
];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function priceRecord(record: Record<string, unknown>, usdOf: UsdOf): void {
  for (const [amountKey, assetKey, usdKey] of FEE_FIELDS) {
    if (!(usdKey in record)) continue;
    const amount = record[amountKey];
    const asset = record[assetKey];
    if (typeof amount !== 'string' || !/^\d+$/.test(amount) || !isRecord(asset)) continue;
    const { chain_id: chainId, denom } = asset;
    if (typeof chainId !== 'string' || typeof denom !== 'string') continue;
    const usd = usdOf(chainId, denom, BigInt(amount));
    if (usd !== undefined) record[usdKey] = usd;
  }
}

/** Fills the USD fields of an operation's fees in place (its record and a nested `fee` object). */
export function priceOperationFees(op: Operation, usdOf: UsdOf): void {
  for (const [key, value] of Object.entries(op)) {
    if (key === 'tx_index' || !isRecord(value)) continue;
    priceRecord(value, usdOf);
    if (isRecord(value.fee)) priceRecord(value.fee, usdOf);
  }
}
