/**
 * A Cosmos chain's fee assets with gas prices (wire `fee_assets`). The official SDK's gas check needs all three
 * levels (low / average / high), but many registry entries give only part of a price: the rule below derives the
 * missing levels from what the entry says; a chain whose entry prices nothing takes a recorded figure from
 * data/cosmos-fee-assets.json, else it stays unpriced and must be named there as an exception.
 */
import type { Chain as CrChain } from '@chain-registry/types';
import type { FeeAsset } from '../wire/chain.js';
import { priceString } from './price-string.js';

export interface RecordedFeeAsset {
  denom: string;
  low: string;
  average: string;
  high: string;
  source: string;
}

export interface CosmosFeeAssetsFile {
  recorded: Record<string, RecordedFeeAsset>;
  exceptions: Record<string, string>;
}

type FeeToken = NonNullable<NonNullable<CrChain['fees']>['feeTokens']>[number];

/**
 * The derivation rule. `fixed_min_gas_price` is the floor validators accept, so it is the low level when no low is
 * given; a missing average takes the low (a chain that names only its floor is paid at its floor, as Keplr's registry
 * lists such chains); a missing high takes the average; an entry with only an average or only a high gives that
 * figure to every missing level. An entry with none of the four figures has no price.
 */
export function derivedGasPrice(t: FeeToken): FeeAsset['gas_price'] {
  const low = t.lowGasPrice ?? t.fixedMinGasPrice ?? t.averageGasPrice ?? t.highGasPrice;
  if (low === undefined) return null;
  const average = t.averageGasPrice ?? low;
  const high = t.highGasPrice ?? average;
  return { low: priceString(low), average: priceString(average), high: priceString(high) };
}

/**
 * The fee denoms a chain takes with gas prices, as the Skip API lists them (captured /v2/info/chains: `["uosmo"]` for
 * Osmosis, whose registry entry also names ~160 tokens its txfees module converts without a gas price). Clients read
 * the list as "pay gas in one of these" (the SDK's getRouteWithGasOnReceive skips its gas route when the destination
 * asset is among them), so unpriced tokens are left out; a chain that prices none of its fee tokens takes its recorded
 * figure, else keeps them all with a null gas_price, as Kujira's entry in the capture shows.
 */
export function feeAssetsOf(chain: CrChain, recorded?: RecordedFeeAsset): FeeAsset[] {
  const all = (chain.fees?.feeTokens ?? []).map((t) => ({ denom: t.denom, gas_price: derivedGasPrice(t) }));
  const priced = all.filter((f) => f.gas_price !== null);
  if (priced.length > 0) return priced;
  if (recorded) {
    const { denom, low, average, high } = recorded;
    return [{ denom, gas_price: { low, average, high } }];
  }
  return all;
}
