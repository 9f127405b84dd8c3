/** Builds the read-only state the endpoints share (registry, catalogs, plug-ins) from the configuration. */
import { BRIDGES } from './bridges/index.js';
import type { Config } from './config.js';
import type { AppContext } from './http/context.js';
import { AssetCatalog } from './registry/catalog.js';
import { buildRegistry } from './registry/build.js';
import { RouteCache } from './routing/route-cache.js';
import { ResponseCache } from './http/response-cache.js';
import { thresholdsFromConfig } from './pricing/thresholds.js';
import { parseFeeAddresses } from './messages/revenue-share.js';
import { addressProblem, canonicalAddress } from './messages/address.js';
import { ConfigError } from './config.js';
import { AssetFamilies } from './routing/reachability.js';
import { loadVenueCatalog } from './venues/catalog.js';
import { createLiveMarket } from './market.js';
import { parseChainUrls } from './config.js';
import { laneGraph } from './routing/lane-graph.js';
import { noSolanaEndpoint, SolanaBlockhashClient } from './messages/svm/recent-blockhash.js';
import { bridgeFeeRefresher } from './bridges/fee-refresh.js';

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
  const liveMarket = createLiveMarket(config, registry);
  laneGraph(registry); // bridge lanes are built once, before the first request
  const solanaRpc = parseChainUrls('CHAIN_RPC_URLS', config.chainRpcUrls).get('solana')?.[0];
  return {
    config,
    registry,
    catalog,
    families: new AssetFamilies(registry),
    bridges: BRIDGES,
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
    liveFees: bridgeFeeRefresher(registry, config),
    solanaBlockhash: solanaRpc ? new SolanaBlockhashClient(solanaRpc, config.upstreamTimeoutMs) : noSolanaEndpoint,
    startedAt: Date.now(),
    lifecycle: { draining: false, closing: false },
  };
}
