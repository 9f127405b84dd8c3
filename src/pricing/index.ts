/**
 * USD prices, price impact and price-safety verdicts: what the routing engine and the market store import.
 *
 * Engine (pure, per request): usdValueOf / usdValue + formatUsd for usd_amount_in, usd_amount_out and fee usd_amount;
 * priceImpactPercent + formatPercent for swap_price_impact_percent; enforcePriceSafety (or judgePriceSafety) for the
 * warning field or the code-3 error.
 * Market store (on snapshot change): derivePoolPrices → composePriceSources.
 * Wiring (start-up): SnapshotPriceSource.shipped, LivePriceSource (+ coingeckoIdsOf, start/stop).
 */
export { Decimal, type Rounding } from './decimal.js';
export { amountForUsd, formatPercent, formatUsd, percentChange, relativeChange, sumUsd, usdValue } from './usd.js';
export { usdString, usdValueOf, type UsdAmount } from './value.js';
export { combineImpacts, pathSpotPrice, priceImpactPercent, type SwapHop, type SwapLeg } from './impact.js';
export {
  DEFAULT_SAFETY_THRESHOLDS,
  enforcePriceSafety,
  judgePriceSafety,
  type PriceErrorReason,
  type PriceWarningType,
  type RouteWarning,
  type SafetyInput,
  type SafetyThresholds,
  type SafetyVerdict,
} from './safety.js';
export type { AssetLookup, PriceQuote, PriceSource } from './sources/types.js';
export { CompositePriceSource, composePriceSources } from './sources/composite.js';
export {
  derivePoolPrices,
  POOL_PRICING_DEFAULTS,
  PoolPriceTable,
  type ChainPools,
  type PoolPrice,
  type PoolPricingOptions,
} from './sources/pool-derived.js';
export {
  DEFAULT_SNAPSHOT_FILE,
  SnapshotPriceSource,
  type PriceSnapshotFile,
  type SnapshotOptions,
} from './sources/snapshot.js';
export {
  coingeckoIdsOf,
  LIVE_DEFAULTS,
  LivePriceSource,
  type LivePriceOptions,
  type LiveStatus,
} from './sources/live.js';
export { COINGECKO_DEFAULTS, fetchSimplePrices, PriceApiError } from './sources/coingecko-client.js';
