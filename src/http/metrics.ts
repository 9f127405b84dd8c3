/**
 * GET /metrics in the Prometheus text format (prom-client), one registry per app:
 *
 * - `junction_http_requests_total` and `junction_http_request_duration_seconds` per method, route (the declared
 *   path, never the raw URL, so labels stay few) and status;
 * - `junction_cache_lookups_total{cache, result}`, `junction_cache_hit_ratio`, `junction_cache_entries`,
 *   `junction_cache_bytes` for the quote response cache and the route-shape cache;
 * - `junction_venue_data_age_seconds{venue}`: how old the pool state behind quotes is;
 * - `junction_rate_limit_decisions_total{decision}`: the anonymous limit's allowed and refused requests;
 * - `junction_tx_tracking_in_flight` and `junction_tx_tracking_due`: tracked transactions not yet terminal, and
 *   those whose next look is due now (the tracking worker's queue);
 * - `junction_build_info{version, revision, node}`: always 1, for joining other series with the running version;
 * - `junction_upstream_requests_total{upstream, target, outcome}`, `junction_upstream_errors_total{upstream, target,
 *   outcome}` and `junction_upstream_request_duration_seconds{upstream, target}`: requests to chain nodes (target: the
 *   chain id), the price API, pool indexers and the attestation service (target: the host) and the live bridge fee
 *   probes (target: the chain id), reported by the HTTP clients themselves (src/upstream-calls.ts);
 * - Node's process metrics (CPU, memory, event-loop delay, GC) from prom-client's defaults.
 *
 * Values that live elsewhere (caches, venues, the store) are read when scraped, so requests pay nothing for them.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import type { TxService } from '../tx/service.js';
import { BUILD_INFO } from '../build-info.js';
import { onUpstreamCall } from '../upstream-calls.js';
import { unauthenticated } from '../errors.js';
import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares two secrets in constant time (by their hashes, so lengths do not show either). */
function sameSecret(given: string, expected: string): boolean {
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(given), h(expected));
}

export interface MetricsSources {
  ctx: AppContext;
  tx?: TxService | undefined;
}

/** How long the tracking queue's counts are reused between scrapes. */
const QUEUE_CACHE_MS = 5_000;

/** Routes that are not declared (404s) share one label value. */
const UNMATCHED = '(unmatched)';

function metricsRegistry({ ctx, tx }: MetricsSources): {
  registry: Registry;
  /** Stops listening to upstream requests (the app is closing). */
  close: () => void;
  observe: (
    method: string,
    route: string,
    status: number,
    seconds: number,
    limit: 'allowed' | 'refused' | undefined,
  ) => void;
} {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'junction_' });
  new Gauge({
    name: 'junction_build_info',
    help: 'the running version: always 1, labelled with Junction version, source revision and Node.js version',
    labelNames: ['version', 'revision', 'node'],
    registers: [registry],
  }).set({ version: BUILD_INFO.version, revision: BUILD_INFO.revision, node: BUILD_INFO.node }, 1);
  const stopUpstream = upstreamMetrics(registry);
  const requests = new Counter({
    name: 'junction_http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'junction_http_request_duration_seconds',
    help: 'time from the request arriving to the response being sent',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const limits = new Counter({
    name: 'junction_rate_limit_decisions_total',
    help: 'decisions of the anonymous rate limit',
    labelNames: ['decision'],
    registers: [registry],
  });
  const caches = () =>
    [
      ['route_response', ctx.responseCache],
      ['route_shapes', ctx.routeCache],
    ] as const;
  new Counter({
    name: 'junction_cache_lookups_total',
    help: 'cache lookups by result',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, c] of caches()) {
        this.inc({ cache: name, result: 'hit' }, c.hits);
        this.inc({ cache: name, result: 'miss' }, c.misses);
      }
    },
  });
  new Gauge({
    name: 'junction_cache_hit_ratio',
    help: 'hits over lookups since start (0 before any lookup)',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const [name, c] of caches())
        this.set({ cache: name }, c.hits + c.misses === 0 ? 0 : c.hits / (c.hits + c.misses));
    },
  });
  new Gauge({
    name: 'junction_cache_entries',
    help: 'entries held',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const [name, c] of caches()) this.set({ cache: name }, c.size);
    },
  });
  new Gauge({
    name: 'junction_cache_bytes',
    help: 'bytes held (estimated for route shapes)',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      for (const [name, c] of caches()) this.set({ cache: name }, c.bytes);
    },
  });
  new Gauge({
    name: 'junction_venue_data_age_seconds',
    help: 'age of the pool state each venue is quoted from',
    labelNames: ['venue'],
    registers: [registry],
    collect() {
      for (const v of ctx.venues) {
        const s = ctx.liveMarket.store.get(v.name);
        if (s) this.set({ venue: v.name }, Math.max(0, (Date.now() - s.takenAt.getTime()) / 1000));
      }
    },
  });
  if (tx) {
    // One database read per QUEUE_CACHE_MS at most, shared by both gauges and by concurrent scrapes: a flood of
    // scrapes cannot become a flood of COUNT queries.
    let cached: { at: number; value: Promise<{ inFlight: number; due: number } | undefined> } | undefined;
    const queue = () => {
      const now = Date.now();
      if (!cached || now - cached.at >= QUEUE_CACHE_MS)
        cached = { at: now, value: tx.trackingQueue(now).catch(() => undefined) };
      return cached.value;
    };
    new Gauge({
      name: 'junction_tx_tracking_in_flight',
      help: 'tracked transactions not yet in a terminal state',
      registers: [registry],
      async collect() {
        const q = await queue();
        if (q) this.set(q.inFlight);
      },
    });
    new Gauge({
      name: 'junction_tx_tracking_due',
      help: 'tracked transactions whose next look is due now (the worker queue)',
      registers: [registry],
      async collect() {
        const q = await queue();
        if (q) this.set(q.due);
      },
    });
  }
  return {
    registry,
    close: stopUpstream,
    observe(method, route, status, seconds, limit) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
      if (limit) limits.inc({ decision: limit });
    },
  };
}

/** Observes every response and serves GET /metrics (hidden from the OpenAPI document). */
export function registerMetrics(app: FastifyInstance, sources: MetricsSources): void {
  const { registry, observe, close } = metricsRegistry(sources);
  app.addHook('onClose', async () => close());
  app.addHook('onResponse', (request, reply, done) => {
    observe(
      request.method,
      request.routeOptions.url ?? UNMATCHED,
      reply.statusCode,
      reply.elapsedTime / 1000,
      request.limitDecision,
    );
    done();
  });
  const token = sources.ctx.config.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // METRICS_TOKEN restricts the page to the scraper that knows it (`authorization: Bearer <token>`).
    if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`))
      throw unauthenticated('GET /metrics needs the metrics token: authorization: Bearer <METRICS_TOKEN>');
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/**
 * Requests to the services Junction depends on, as their clients report them (src/upstream-calls.ts). Returns the
 * function that stops listening.
 */
function upstreamMetrics(registry: Registry): () => void {
  const requests = new Counter({
    name: 'junction_upstream_requests_total',
    help: 'requests to chain nodes, the price API, pool indexers, the attestation service and fee probes, by outcome',
    labelNames: ['upstream', 'target', 'outcome'],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'junction_upstream_errors_total',
    help: 'those requests that failed: http_error (non-2xx), timeout, network_error',
    labelNames: ['upstream', 'target', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'junction_upstream_request_duration_seconds',
    help: 'time from sending a request to an upstream to its answer or failure',
    labelNames: ['upstream', 'target'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return onUpstreamCall(({ upstream, target, outcome, seconds }) => {
    requests.inc({ upstream, target, outcome });
    if (outcome !== 'ok') errors.inc({ upstream, target, outcome });
    duration.observe({ upstream, target }, seconds);
  });
}
