/**
 * Wiring of the live market: the venue store (offline snapshots, replaced by live ingest when configured), the
 * price sources, and the MarketView the router reads, rebuilt whenever a venue snapshot changes. The only module
 * besides main.ts that starts timers; everything it starts, stop() ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { coingeckoIdsOf, LivePriceSource, SnapshotPriceSource, type LiveStatus } from './pricing/index.js';
import type { Registry } from './registry/registry.js';
import { buildMarketView, type BasePrices, type MarketView } from './routing/market.js';
import { createVenuePollers, offlineMarket, VENUE_PLUGINS, type IngestStatus, type LiveIngestConfig, type VenuePoller } from './venues/index.js';
import { usdcDenomOf } from './venues/catalog.js';
import type { MarketStore } from './venues/index.js';

export interface LiveMarket {
  /** The current view; a request keeps the one it read for its whole computation. */
  view(): MarketView;
  store: MarketStore;
  status(): { venues: Record<string, IngestStatus | { source: string; ageSeconds: number }>; prices: LiveStatus | undefined };
  start(log: FastifyBaseLogger): void;
  stop(): Promise<void>;
}

export function ingestConfigOf(config: Config, registry: Registry): LiveIngestConfig {
  const intervalMs = config.venuePollIntervalMs;
  return {
    ...(config.osmosisSqsUrl
      ? { osmosis: { mode: 'sqs' as const, url: config.osmosisSqsUrl, intervalMs } }
      : config.osmosisLcdUrl
        ? { osmosis: { mode: 'lcd' as const, url: config.osmosisLcdUrl, intervalMs, ...(config.osmosisPoolIds ? { poolIds: config.osmosisPoolIds.split(',').map((s) => s.trim()) } : {}) } }
        : {}),
    ...(config.neutronLcdUrl ? { astroport: { lcdUrl: config.neutronLcdUrl, intervalMs } } : {}),
    timeoutMs: config.upstreamTimeoutMs,
    decimals: (denom: string) => registry.asset('neutron-1', denom)?.wire.decimals ?? undefined,
  };
}

export function createLiveMarket(config: Config, registry: Registry): LiveMarket {
  const store = offlineMarket();
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
  const build = (): MarketView =>
    buildMarketView(
      registry,
      VENUE_PLUGINS.flatMap((p) => {
        const snapshot = store.get(p.name);
        if (!snapshot) return [];
        const usdcDenom = usdcDenomOf(p.name);
        return [{ venue: { name: p.name, chainId: p.chainId, logoUri: p.logoUri }, snapshot, ...(usdcDenom ? { usdcDenom } : {}) }];
      }),
      store.version,
      base,
    );
  let view = build();
  store.onChange(() => {
    view = build();
  });
  let pollers: VenuePoller[] = [];

  return {
    view: () => view,
    store,
    status() {
      const venues: Record<string, IngestStatus | { source: string; ageSeconds: number }> = {};
      for (const p of VENUE_PLUGINS) {
        const poller = pollers.find((x) => x.status().venue === p.name);
        const s = store.get(p.name);
        if (poller) venues[p.name] = poller.status();
        else if (s) venues[p.name] = { source: s.source, ageSeconds: Math.round((Date.now() - s.takenAt.getTime()) / 1000) };
      }
      return { venues, prices: live?.status() };
    },
    start(log) {
      pollers = createVenuePollers(store, { ...ingestConfigOf(config, registry), onError: (venue, err) => log.warn({ venue, err: String(err) }, 'venue ingest failed; serving the last good snapshot') });
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
