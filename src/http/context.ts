/**
 * Everything the endpoints read, built once at start-up by main.ts and passed to the app. Request handlers hold no
 * other state, so any number of instances can run behind a load balancer.
 */
import type { Config } from '../config.js';
import type { BridgeInfo } from '../bridges/types.js';
import type { AssetCatalog } from '../registry/catalog.js';
import type { Registry } from '../registry/registry.js';
import type { MarketView } from '../routing/market.js';
import type { RouteCache } from '../routing/route-cache.js';
import type { LiveMarket } from '../market.js';
import type { AssetFamilies } from '../routing/reachability.js';
import type { Venue } from '../venues/catalog.js';
import type { SafetyThresholds } from '../pricing/index.js';
import type { RevenueShareConfig } from '../messages/revenue-share.js';
import type { BlockhashSource } from '../messages/svm/recent-blockhash.js';
import type { LiveFeeRefresher } from '../bridges/live-fees.js';
import type { Quote } from '../routing/quote.js';
import type { ResponseCache } from './response-cache.js';

export interface AppContext {
  config: Config;
  registry: Registry;
  catalog: AssetCatalog;
  families: AssetFamilies;
  bridges: readonly BridgeInfo[];
  venues: readonly Venue[];
  /** The current market view (replaced whenever a venue snapshot changes). */
  market: () => MarketView;
  /** Venue ingest and live prices: status for /health, start/stop for main.ts. */
  liveMarket: LiveMarket;
  safety: SafetyThresholds;
  routeCache: RouteCache;
  /** Whole /route answers for identical requests within ROUTE_RESPONSE_CACHE_MS. */
  responseCache: ResponseCache<Quote['figures']>;
  revenueShare: RevenueShareConfig;
  /** Recent Solana blockhashes for transactions that start on Solana (refuses with the fix when unconfigured). */
  solanaBlockhash: BlockhashSource;
  /** Bridge fees quoted on chain off the request path (LayerZero, Stargate, Hyperlane); start/stop for main.ts. */
  liveFees: LiveFeeRefresher;
  startedAt: number;
  /**
   * Shutdown phases, set by main.ts: draining (readiness fails, responses close their connections) and then closing
   * (the server no longer accepts connections; requests still arriving on open ones get a wire 503).
   */
  lifecycle: { draining: boolean; closing: boolean };
}
