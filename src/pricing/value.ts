/**
 * The USD value of an amount of an asset, priced by any PriceSource: what the routing engine calls for
 * usd_amount_in, usd_amount_out and each fee's usd_amount.
 */
import type { Decimal } from './decimal.js';
import { decimalsOf } from './sources/resolve.js';
import type { AssetLookup, PriceQuote, PriceSource } from './sources/types.js';
import { formatUsd, usdValue } from './usd.js';

export interface UsdAmount {
  /** Exact USD value; round only for the wire (formatUsd). */
  usd: Decimal;
  /** The price used, with its source and date. */
  quote: PriceQuote;
}

/** USD value of `amount` base units of (chainId, denom), or undefined when the price or the decimals are unknown. */
export function usdValueOf(
  prices: PriceSource,
  lookup: AssetLookup,
  chainId: string,
  denom: string,
  amount: bigint,
  now: number,
): UsdAmount | undefined {
  const decimals = decimalsOf(lookup, chainId, denom);
  if (decimals === undefined) return undefined;
  const quote = prices.usdPrice(chainId, denom, now);
  if (!quote) return undefined;
  return { usd: usdValue(amount, decimals, quote.price), quote };
}

/** Wire string of an optional USD value (fields such as usd_amount_in are omitted when unknown). */
export function usdString(v: UsdAmount | Decimal | undefined): string | undefined {
  if (v === undefined) return undefined;
  return formatUsd('usd' in v ? v.usd : v);
}
