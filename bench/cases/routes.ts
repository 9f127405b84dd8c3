/**
 * Route benchmarks (issues 3-5): route computation in process over random pairs of the whole registry and the shipped
 * pool snapshots, and /route and /msgs_direct over HTTP beside a trivial endpoint (the HTTP floor of the machine).
 */
import { loadConfig } from '../../src/config.js';
import { buildContext } from '../../src/context.js';
import type { AppContext } from '../../src/context.js';
import { createLiveMarket } from '../../src/market.js';
import { VENUE_PLUGINS } from '../../src/venues/index.js';
import { requiredChainAddresses } from '../../src/routing/assemble.js';
import { parseRouteQuery } from '../../src/routing/query.js';
import { quoteRoute, type QuoteContext } from '../../src/routing/quote.js';
import { RouteCache } from '../../src/routing/route-cache.js';
import type { RouteQuery } from '../../src/routing/types.js';
import { userAddress } from '../../src/test-helpers/registry.js';
import { drawSwapPairs, drawTransferPairs, quoteContextOf, routeBody, swapBody } from '../lib/pairs.js';
import type { HttpCase, InProcessCase } from '../types.js';

const TRANSFER_PAIRS = 2000;

/**
 * Same-origin pairs that route for the bench's amount: a pair over a bridge whose fixed fee or minimum exceeds one
 * whole unit of a 6-decimal token (Axelar, LayerZero dust) answers "no route", which is not what these cases time.
 */
function routableTransferPairs(ctx: AppContext, count: number) {
  const qc = quoteContextOf(ctx);
  return drawTransferPairs(ctx.registry, ctx.families, Math.ceil(count * 1.1))
    .filter((p) => {
      try {
        quoteRoute(qc, parseRouteQuery(ctx.registry, routeBody(p)));
        return true;
      } catch {
        return false;
      }
    })
    .slice(0, count);
}
const SWAP_PAIRS = 1000;

let shared: AppContext | undefined;
const context = () => (shared ??= buildContext(loadConfig([], {})));

/** A function that quotes the next query of a list on every call (one call = one route). */
function rotating(queries: readonly RouteQuery[], qc: QuoteContext): () => unknown {
  let i = 0;
  return () => quoteRoute(qc, queries[i++ % queries.length]!);
}

export const routeTransferInProcess: InProcessCase = {
  kind: 'in-process',
  name: 'route-transfer',
  description: `transfer route (parse, plan, price, safety, render) over ${TRANSFER_PAIRS} random valid transfer pairs of the whole registry`,
  iterations: TRANSFER_PAIRS,
  setup: () => {
    const ctx = context();
    const queries = routableTransferPairs(ctx, TRANSFER_PAIRS).map((p) => parseRouteQuery(ctx.registry, routeBody(p)));
    return rotating(queries, quoteContextOf(ctx));
  },
};

const swapQueries = (extra: Record<string, unknown> = {}) => {
  const ctx = context();
  return drawSwapPairs(ctx, SWAP_PAIRS).map((p) => parseRouteQuery(ctx.registry, swapBody(p, extra)));
};

export const routeSwapFirstSearch: InProcessCase = {
  kind: 'in-process',
  name: 'route-swap-first-search',
  description: `swap route with one swap on a fresh market view: every pair's pool paths searched for the first time (${SWAP_PAIRS} pairs)`,
  iterations: SWAP_PAIRS - 1,
  setup: () => {
    const ctx = context();
    const queries = swapQueries();
    return rotating(queries, {
      ...quoteContextOf(ctx),
      market: createLiveMarket(ctx.config, ctx.registry, VENUE_PLUGINS).view(),
    });
  },
};

export const routeSwap: InProcessCase = {
  kind: 'in-process',
  name: 'route-swap',
  description: `swap route with one swap over the whole shipped pool snapshot, route cache off (${SWAP_PAIRS} pairs)`,
  iterations: SWAP_PAIRS * 2,
  setup: () => rotating(swapQueries(), quoteContextOf(context())),
};

export const routeSwapCachedHit: InProcessCase = {
  kind: 'in-process',
  name: 'route-swap-cached-hit',
  description:
    'swap route answered from the route cache (same assets and amount magnitude), re-simulated for the exact amount',
  iterations: SWAP_PAIRS * 2,
  setup: () => {
    const queries = swapQueries();
    const qc = { ...quoteContextOf(context()), cache: new RouteCache({ ttlMs: 3_600_000, maxEntries: 100_000 }) };
    for (const q of queries) quoteRoute(qc, q);
    return rotating(queries, qc);
  },
};

export const routeSplitSearch: InProcessCase = {
  kind: 'in-process',
  name: 'route-split-search',
  description:
    'swap route with smart_swap_options.split_routes: DP over 5 % increments across up to 3 pool-disjoint paths',
  iterations: SWAP_PAIRS,
  setup: () => rotating(swapQueries({ smart_swap_options: { split_routes: true } }), quoteContextOf(context())),
};

/** The cheapest endpoint: a constant listing. Its throughput is the HTTP floor the route endpoints are compared to. */
export const trivialHttp: HttpCase = {
  kind: 'http',
  name: 'trivial-bridges',
  description: 'GET /v2/info/bridges (a constant): the HTTP floor of this machine',
  method: 'GET',
  path: '/v2/info/bridges',
};

export const routeTransferHttp: HttpCase = {
  kind: 'http',
  name: 'route-transfer-http',
  description: 'POST /v2/fungible/route, 500 random transfer pairs in rotation',
  method: 'POST',
  path: '/v2/fungible/route',
  bodies: () => {
    const ctx = context();
    return routableTransferPairs(ctx, 500).map((p) => routeBody(p));
  },
};

/**
 * The same endpoint with every request text distinct (40 000 amounts over the pairs), so the quote response cache
 * (ROUTE_RESPONSE_CACHE_MS: identical requests within a second) never answers: the full route computation per request.
 */
export const routeTransferHttpUncached: HttpCase = {
  kind: 'http',
  name: 'route-transfer-http-uncached',
  description:
    'POST /v2/fungible/route, 40 000 distinct request texts (no two identical within the response-cache window)',
  method: 'POST',
  path: '/v2/fungible/route',
  bodies: () => {
    const ctx = context();
    const pairs = routableTransferPairs(ctx, 500);
    return Array.from({ length: 40_000 }, (_, i) => routeBody(pairs[i % pairs.length]!, String(1_000_000 + i)));
  },
};

export const msgsDirectHttp: HttpCase = {
  kind: 'http',
  name: 'msgs-direct-http',
  description: 'POST /v2/fungible/msgs_direct, 500 random transfer pairs with an address per chain',
  method: 'POST',
  path: '/v2/fungible/msgs_direct',
  bodies: () => {
    const ctx = context();
    const qc = quoteContextOf(ctx);
    return routableTransferPairs(ctx, 500).map((p) => {
      const { cumulative_affiliate_fee_bps: _bps, ...body } = routeBody(p);
      const { planned } = quoteRoute(qc, parseRouteQuery(ctx.registry, body));
      return {
        ...body,
        chain_ids_to_addresses: Object.fromEntries(
          requiredChainAddresses(planned).map((c) => [c, userAddress(ctx.registry, c)]),
        ),
      };
    });
  },
};

export const routeSwapHttp: HttpCase = {
  kind: 'http',
  name: 'route-swap-http',
  description: 'POST /v2/fungible/route, 500 random swap pairs over the shipped pools in rotation',
  method: 'POST',
  path: '/v2/fungible/route',
  bodies: () => drawSwapPairs(context(), 500).map((p) => swapBody(p)),
};

/** Swap quotes with every request text distinct (amounts vary), so each one is computed: the ingest-pause load. */
export const routeSwapHttpUncached: HttpCase = {
  kind: 'http',
  name: 'route-swap-http-uncached',
  description:
    'POST /v2/fungible/route, 40 000 distinct swap request texts over the shipped pools (no response-cache hits)',
  method: 'POST',
  path: '/v2/fungible/route',
  bodies: () => {
    const pairs = drawSwapPairs(context(), 500);
    return Array.from({ length: 40_000 }, (_, i) => {
      const p = pairs[i % pairs.length]!;
      return swapBody({ ...p, amount: (BigInt(p.amount) + BigInt(i)).toString() });
    });
  },
};
