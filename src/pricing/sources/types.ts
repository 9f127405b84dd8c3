/**
 * One interface for every USD price source (pool-derived, shipped snapshot, live API, and their composite), so the
 * routing engine asks "what is this asset worth" without knowing where the answer comes from.
 *
 * Sources answer synchronously from memory: refreshing (an HTTP call, a pool snapshot swap) happens off the request
 * path. `now` is passed in, not read from a clock, so the engine stays pure and a stale live price is judged against
 * the same instant as the rest of the request.
 */
import type { Decimal } from '../decimal.js';

export interface PriceQuote {
  /** USD per whole token (display unit: 10^decimals base units). */
  price: Decimal;
  /** When the figure was true: the pool snapshot's time, the shipped snapshot's date, or the API fetch time. */
  asOf: Date;
  /** Which source answered, e.g. "pool:osmosis-1", "snapshot:osmosis-sqs-2024-07", "live:coingecko". */
  source: string;
  /** Optional provenance for logs and debugging (e.g. the pools a pool-derived price went through). */
  detail?: string;
}

export interface PriceSource {
  /** Short name used in `PriceQuote.source` and in logs. */
  readonly name: string;
  /** USD price of the asset (chainId, denom) at `now` (epoch ms), or undefined when this source cannot tell. */
  usdPrice(chainId: string, denom: string, now: number): PriceQuote | undefined;
}

/** The asset facts pricing needs. The Registry satisfies it; tests use a small map. */
export interface AssetFacts {
  decimals?: number | null;
  coingecko_id?: string | null;
  origin_chain_id: string;
  origin_denom: string;
}

export interface AssetLookup {
  asset(chainId: string, denom: string): { wire: AssetFacts } | undefined;
}

/** Map key of an asset. NUL cannot occur in a chain id or a denom. */
export const assetKey = (chainId: string, denom: string): string => `${chainId}\u0000${denom}`;
