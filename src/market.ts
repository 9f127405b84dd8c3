/**
 * Wiring of the live market: the venue store (offline snapshots, replaced by live ingest when configured), the
 * price sources, and the MarketView the router reads, rebuilt whenever a venue snapshot changes. The only module
 * besides main.ts that starts timers; everything it starts, stop() ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { coingeckoIdsOf, LivePriceSource, SnapshotPriceSource, type LiveStatus } from './pricing/index.js';
import type { Registry } from './registry/registry.js';
import {
  buildMarketView,
  marketViewSteps,
  type BasePrices,
  type MarketView,
  type VenueInput,
} from './routing/market.js';
import { runInSlices } from './slices.js';
import {
  createVenuePollers,
  offlineMarket,
  type IngestStatus,
  type LiveIngestConfig,
  type VenuePlugin,
  type VenuePoller,
} from './venues/index.js';
import { usdcDenomOf } from './venues/catalog.js';
import type { MarketStore } from './venues/index.js';
import { firstUrlPerChain } from './venues/uniswap/live.js';

export interface LiveMarket {
  /** The current view; a request keeps the one it read for its whole computation. */
  view(): MarketView;
  /** Resolves once no rebuild of the view is pending (tests, benchmarks). */
  settled(): Promise<void>;
  /** Polls every live venue now (joining a poll in flight) and resolves when the view reflects the result. */
  refresh(): Promise<void>;
  store: MarketStore;
  status(): {
    venues: Record<string, IngestStatus | { source: string; ageSeconds: number | null }>;
    prices: LiveStatus | undefined;
  };
  start(log: FastifyBaseLogger): void;
  stop(): Promise<void>;
}

function ingestConfigOf(config: Config, registry: Registry): LiveIngestConfig {
  const intervalMs = config.venuePollIntervalMs;
  return {
    ...(config.osmosisSqsUrl
      ? {
          osmosis: {
            mode: 'sqs' as const,
            url: config.osmosisSqsUrl,
            intervalMs,
            tickMinLiquidityUsd: config.osmosisTickMinLiquidityUsd,
            tickConcurrency: config.osmosisTickConcurrency,
          },
        }
      : config.osmosisLcdUrl
        ? {
            osmosis: {
              mode: 'lcd' as const,
              url: config.osmosisLcdUrl,
              intervalMs,
              ...(config.osmosisPoolIds ? { poolIds: config.osmosisPoolIds.split(',').map((s) => s.trim()) } : {}),
            },
          }
        : {}),
    ...(config.neutronLcdUrl ? { astroport: { lcdUrl: config.neutronLcdUrl, intervalMs } } : {}),
    uniswap: { rpcUrls: firstUrlPerChain(config.chainRpcUrls), intervalMs, timeoutMs: config.upstreamTimeoutMs },
    timeoutMs: config.upstreamTimeoutMs,
    decimals: (denom: string) => registry.asset('neutron-1', denom)?.wire.decimals ?? undefined,
  };
}

/** The live market over `plugins` (the set context.ts hands over: venues/index.ts's VENUE_PLUGINS). */
export function createLiveMarket(config: Config, registry: Registry, plugins: readonly VenuePlugin[]): LiveMarket {
  const store = offlineMarket(plugins);
  const live = config.priceApiUrl
    ? new LivePriceSource(registry, {
        baseUrl: config.priceApiUrl,
        ...(config.priceApiKey ? { apiKey: config.priceApiKey, apiKeyHeader: config.priceApiKeyHeader } : {}),
        maxAgeMs: config.priceMaxAgeSeconds * 1000,
        timeoutMs: config.upstreamTimeoutMs,
      })
    : undefined;
  // With a live API configured, its prices replace the 2024 snapshot (a stale live price then means LOW_INFO).
  const base: BasePrices = live ? { live } : { snapshot: SnapshotPriceSource.shipped(registry) };
  const inputs = (): VenueInput[] =>
    plugins.flatMap((p) => {
      const snapshot = store.get(p.name);
      // A venue with no pools yet (an EVM chain without recorded pools, before live ingest reads them) adds nothing
      // but its snapshot date, which would make the whole market look decades old.
      if (!snapshot || snapshot.pools.length === 0) return [];
      const usdcDenom = usdcDenomOf(p.name);
      return [
        {
          venue: { name: p.name, chainId: p.chainId, logoUri: p.logoUri },
          snapshot,
          ...(usdcDenom ? { usdcDenom } : {}),
        },
      ];
    });
  // The first view is built at once (start-up); later ones in slices after each snapshot change, from the current
  // view, while requests keep reading the current one. Changes during a rebuild are folded into one more rebuild.
  let view = buildMarketView(registry, inputs(), store.version, base);
  let log: Pick<FastifyBaseLogger, 'error'> = { error: (obj: unknown, msg?: string) => console.error(msg, obj) };
  let rebuilding: Promise<void> | undefined;
  let again = false;
  const rebuild = (): void => {
    again = true;
    if (rebuilding) return;
    rebuilding = (async () => {
      while (again) {
        again = false;
        try {
          view = await runInSlices(marketViewSteps(registry, inputs(), store.version, base, view));
        } catch (err) {
          log.error({ err }, 'market view rebuild failed; serving the previous view');
        }
      }
    })();
    void rebuilding.finally(() => {
      rebuilding = undefined;
      if (again) rebuild(); // a change that arrived after the loop's last check
    });
  };
  store.onChange(rebuild);
  const settled = async (): Promise<void> => {
    while (rebuilding) await rebuilding;
  };
  let pollers: VenuePoller[] = [];

  return {
    view: () => view,
    settled,
    async refresh() {
      await Promise.all(pollers.map((p) => p.pollOnce()));
      await settled();
    },
    store,
    status() {
      const venues: Record<string, IngestStatus | { source: string; ageSeconds: number | null }> = {};
      for (const p of plugins) {
        const poller = pollers.find((x) => x.status().venue === p.name);
        const s = store.get(p.name);
        if (poller) venues[p.name] = poller.status();
        else if (s)
          venues[p.name] = {
            source: s.source,
            // A venue with no recorded pools has no moment its state was taken (its takenAt is the epoch).
            ageSeconds: s.pools.length ? Math.round((Date.now() - s.takenAt.getTime()) / 1000) : null,
          };
      }
      return { venues, prices: live?.status() };
    },
    start(logger) {
      log = logger;
      pollers = createVenuePollers(store, {
        ...ingestConfigOf(config, registry),
        onError: (venue, err) =>
          logger.warn({ venue, err: String(err) }, 'venue ingest failed; serving the last good snapshot'),
      });
      for (const p of pollers) p.start();
      if (live) {
        live.setIds(coingeckoIdsOf(registry));
        live.start();
      }
    },
    async stop() {
      live?.stop();
      await Promise.all(pollers.map((p) => p.stop()));
    },
  };
}
