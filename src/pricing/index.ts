/**
 * USD prices, price impact and price-safety verdicts: what the routing engine and the market store import.
 *
 * Engine (pure, per request): usdValueOf / usdValue + formatUsd for usd_amount_in, usd_amount_out and fee usd_amount;
 * priceImpactPercent + formatPercent for swap_price_impact_percent; judgePriceSafety for the warning field or the
 * code-3 error.
 * Market store (on snapshot change): derivePoolPricesSteps (sources/pool-derived.ts) → composePriceSources.
 * Wiring (start-up): SnapshotPriceSource.shipped, LivePriceSource (+ coingeckoIdsOf, start/stop).
 */
export { Decimal } from './decimal.js';
export { amountForUsd, formatPercent, formatUsd, usdValue } from './usd.js';
export { usdString, usdValueOf } from './value.js';
export { combineImpacts, priceImpactPercent } from './impact.js';
export {
  DEFAULT_SAFETY_THRESHOLDS,
  judgePriceSafety,
  type RouteWarning,
  type SafetyThresholds,
  type SafetyVerdict,
} from './safety.js';
export type { PriceSource } from './sources/types.js';
export { composePriceSources } from './sources/composite.js';
export { SnapshotPriceSource } from './sources/snapshot.js';
export { coingeckoIdsOf, LivePriceSource, type LiveStatus } from './sources/live.js';
export { fetchSimplePrices } from './sources/coingecko-client.js';
