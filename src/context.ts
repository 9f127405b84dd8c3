/** Builds the read-only state the endpoints share (registry, catalogs, plug-ins) from the configuration. */
import type { BridgeSet } from './bridges/set.js';
import type { Registry } from './registry/registry.js';
import type { MarketView } from './routing/market.js';
import type { LiveMarket } from './market.js';
import type { Venue } from './venues/catalog.js';
import type { SafetyThresholds } from './pricing/index.js';
import type { RevenueShareConfig } from './route-txs/revenue-share.js';
import type { BlockhashSource } from './tx/solana-blockhash.js';
import type { LiveFeeRefresher } from './bridges/live-fees.js';
import type { Quote } from './routing/quote.js';
import { BRIDGE_SET } from './bridges/index.js';
import { ConfigError, parseChainUrls, type Config } from './config.js';
import { AssetCatalog } from './registry/catalog.js';
import { buildRegistry } from './registry/build.js';
import { RouteCache } from './routing/route-cache.js';
import { ResponseCache } from './routing/response-cache.js';
import { thresholdsFromConfig } from './pricing/thresholds.js';
import { parseFeeAddresses } from './route-txs/revenue-share.js';
import { addressProblem, canonicalAddress } from './messages/address.js';
import { AssetFamilies } from './routing/reachability.js';
import { loadVenueCatalog } from './venues/catalog.js';
import { VENUE_PLUGINS } from './venues/index.js';
import { createLiveMarket } from './market.js';
import { laneGraph } from './routing/lane-graph.js';
import { noSolanaEndpoint, SolanaBlockhashClient } from './tx/solana-blockhash.js';
import { bridgeFeeRefresher } from './bridges/fee-refresh.js';
import { cctpV2FeeRefresher } from './bridges/cctp-v2/index.js';
import type { CctpV2FeeRefresher } from './bridges/cctp-v2/live-fees.js';
import { liveGasRefresher } from './routing/gas/refresh.js';
import type { LiveGasPriceRefresher } from './routing/gas/live-gas.js';

/**
 * Everything the endpoints read, built once at start-up and passed to the app. Request handlers hold no other state,
 * so any number of instances can run behind a load balancer.
 */
export interface AppContext {
  config: Config;
  registry: Registry;
  catalog: AssetCatalog;
  families: AssetFamilies;
  /** The bridges this instance routes over (bridges/index.ts), handed to the engine. */
  bridges: BridgeSet;
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
  /** EVM gas prices asked of the CHAIN_RPC_URLS nodes off the request path (routing/gas/live-gas.ts). */
  liveGas: LiveGasPriceRefresher;
  /** Circle's CCTP V2 fees asked of CCTP_FEES_URL off the request path (bridges/cctp-v2/live-fees.ts). */
  cctpFees: CctpV2FeeRefresher;
  startedAt: number;
  /**
   * Shutdown phases, set by main.ts: draining (readiness fails, responses close their connections) and then closing
   * (the server no longer accepts connections; requests still arriving on open ones get a wire 503).
   */
  lifecycle: { draining: boolean; closing: boolean };
}

export function buildContext(config: Config): AppContext {
  const registry = buildRegistry();
  const catalog = new AssetCatalog(registry);
  catalog.warm();
  const feeAddresses = parseFeeAddresses(config.operatorFeeAddresses);
  for (const [chainId, address] of feeAddresses) {
    const problem = addressProblem(registry, chainId, address);
    if (problem) throw new ConfigError(`OPERATOR_FEE_ADDRESSES: ${chainId}: ${problem}`);
    feeAddresses.set(chainId, canonicalAddress(registry, chainId, address));
  }
  const liveMarket = createLiveMarket(config, registry, VENUE_PLUGINS);
  const bridges = BRIDGE_SET;
  laneGraph(registry, bridges); // bridge lanes are built once, before the first request
  const solanaRpc = parseChainUrls('CHAIN_RPC_URLS', config.chainRpcUrls).get('solana')?.[0];
  return {
    config,
    registry,
    catalog,
    families: new AssetFamilies(registry, bridges),
    bridges,
    venues: loadVenueCatalog(),
    market: () => liveMarket.view(),
    liveMarket,
    safety: thresholdsFromConfig(config),
    routeCache: new RouteCache({ ttlMs: config.routeCacheTtlMs, maxEntries: config.routeCacheMaxEntries }),
    responseCache: new ResponseCache({ ttlMs: config.routeResponseCacheMs }),
    revenueShare: {
      anonymousPercent: config.operatorShareAnonymousPercent,
      keyedPercent: config.operatorShareKeyedPercent,
      feeAddresses,
    },
    liveFees: bridgeFeeRefresher(registry, config, bridges),
    liveGas: liveGasRefresher(registry, config),
    cctpFees: cctpV2FeeRefresher(registry, config.cctpFeesUrl, config.upstreamTimeoutMs),
    solanaBlockhash: solanaRpc ? new SolanaBlockhashClient(solanaRpc, config.upstreamTimeoutMs) : noSolanaEndpoint,
    startedAt: Date.now(),
    lifecycle: { draining: false, closing: false },
  };
}
