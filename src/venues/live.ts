/**
 * Wiring for live ingest: one VenuePoller per configured venue, feeding the MarketStore that already holds the
 * offline snapshots. The integrator maps config.ts settings onto LiveIngestConfig; a venue left out keeps serving
 * its offline snapshot.
 */
import type { MarketStore } from './market-store.js';
import { VenuePoller } from './ingest/poller.js';
import { ASTROPORT_VENUE, astroportFetcher } from './neutron-astroport/index.js';
import { OSMOSIS_VENUE, lcdFetcher, loadTakerFees, sqsFetcher } from './osmosis-poolmanager/index.js';
import { uniswapPollers, type UniswapLiveConfig } from './uniswap/live.js';

export interface LiveIngestConfig {
  osmosis?: {
    /** `sqs`: an SQS deployment's /pools (+ /pools/ticks); `lcd`: a node's REST endpoint. */
    mode: 'sqs' | 'lcd';
    url: string;
    intervalMs: number;
    /** LCD mode: restrict to these pool ids (mainnet has thousands). */
    poolIds?: readonly string[];
    /** SQS mode: CL pools with at least this liquidity (USD) get a tick model (default: all). */
    tickMinLiquidityUsd?: number;
    /** SQS mode: tick requests in flight at once. */
    tickConcurrency?: number;
  };
  astroport?: {
    lcdUrl: string;
    intervalMs: number;
    /** Pair contracts to follow; default: the pairs of the offline snapshot. */
    pairs?: readonly string[];
  };
  /** Uniswap pools on the EVM chains with a node in CHAIN_RPC_URLS (venues/uniswap/live.ts). */
  uniswap?: UniswapLiveConfig;
  timeoutMs?: number;
  /** Token decimals by denom (from the registry), for Astroport stable pairs. */
  decimals?: (denom: string) => number | undefined;
  onError?: (venue: string, err: unknown) => void;
}

/** Creates (but does not start) the pollers; call `start()` on each, and `stop()` on shutdown. */
export function createVenuePollers(store: MarketStore, config: LiveIngestConfig): VenuePoller[] {
  const pollers: VenuePoller[] = [];
  const o = config.osmosis;
  if (o) {
    const takerFees = loadTakerFees();
    const fetcher =
      o.mode === 'sqs'
        ? sqsFetcher({
            baseUrl: o.url,
            takerFees,
            // Reading (HTTP, JSON, tick models) happens in a worker thread, off the thread that answers requests.
            inWorker: true,
            timeoutMs: config.timeoutMs,
            // Tick requests never hold a poll past half its interval; the pools left over go first next time.
            tickBudgetMs: o.intervalMs / 2,
            ...(o.tickMinLiquidityUsd !== undefined ? { minTickLiquidityUsd: o.tickMinLiquidityUsd } : {}),
            ...(o.tickConcurrency !== undefined ? { concurrency: o.tickConcurrency } : {}),
          })
        : lcdFetcher({ baseUrl: o.url, takerFees, poolIds: o.poolIds, timeoutMs: config.timeoutMs });
    pollers.push(
      new VenuePoller({
        venue: OSMOSIS_VENUE,
        fetcher,
        store,
        intervalMs: o.intervalMs,
        onError: (e) => config.onError?.(OSMOSIS_VENUE, e),
      }),
    );
  }
  const a = config.astroport;
  if (a) {
    const pairs = a.pairs ?? store.get(ASTROPORT_VENUE)?.pools.map((p) => p.id) ?? [];
    const fetcher = astroportFetcher({
      lcdUrl: a.lcdUrl,
      pairs,
      decimals: config.decimals,
      timeoutMs: config.timeoutMs,
    });
    pollers.push(
      new VenuePoller({
        venue: ASTROPORT_VENUE,
        fetcher,
        store,
        intervalMs: a.intervalMs,
        onError: (e) => config.onError?.(ASTROPORT_VENUE, e),
      }),
    );
  }
  if (config.uniswap) pollers.push(...uniswapPollers(store, config.uniswap, (v, e) => config.onError?.(v, e)));
  return pollers;
}
