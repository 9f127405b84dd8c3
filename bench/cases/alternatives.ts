/**
 * POST /junction/routes (issue 24): up to five ranked alternatives per request, each priced, judged and rendered — in
 * process over random transfer and swap pairs, and over HTTP (no response cache on this endpoint, so every request is
 * computed).
 */
import { loadConfig } from '../../src/config.js';
import { buildContext, type AppContext } from '../../src/context.js';
import { rankedAlternatives } from '../../src/routing/alternatives.js';
import { parseRouteQuery } from '../../src/routing/query.js';
import { quoteRoute } from '../../src/routing/quote.js';
import { drawSwapPairs, drawTransferPairs, quoteContextOf, routeBody, swapBody } from '../lib/pairs.js';
import type { HttpCase, InProcessCase } from '../types.js';

const PAIRS = 500;

let shared: AppContext | undefined;
const context = () => (shared ??= buildContext(loadConfig([], {})));

/** Request bodies that have a route: half transfers over the whole registry, half swaps over the shipped pools. */
function bodies(ctx: AppContext): Record<string, unknown>[] {
  const qc = quoteContextOf(ctx);
  const routable = (b: Record<string, unknown>) => {
    try {
      quoteRoute(qc, parseRouteQuery(ctx.registry, b as never));
      return true;
    } catch {
      return false;
    }
  };
  const transfers = drawTransferPairs(ctx.registry, ctx.families, PAIRS)
    .map((p) => ({ ...routeBody(p), allow_multi_tx: true }))
    .filter(routable)
    .slice(0, PAIRS / 2);
  const swaps = drawSwapPairs(ctx, PAIRS)
    .map((p) => ({ ...swapBody(p), allow_multi_tx: true }))
    .filter(routable)
    .slice(0, PAIRS / 2);
  return [...transfers, ...swaps];
}

export const junctionRoutesInProcess: InProcessCase = {
  kind: 'in-process',
  name: 'junction-routes',
  description: `ranked alternatives (plan, price and judge each, render up to five) over ${PAIRS} transfer and swap pairs`,
  iterations: PAIRS * 2,
  setup: () => {
    const ctx = context();
    const qc = quoteContextOf(ctx);
    const queries = bodies(ctx).map((b) => parseRouteQuery(ctx.registry, b as never));
    let i = 0;
    return () => rankedAlternatives(qc, queries[i++ % queries.length]!);
  },
};

export const junctionRoutesHttp: HttpCase = {
  kind: 'http',
  name: 'junction-routes-http',
  description: `POST /junction/routes, ${PAIRS} transfer and swap pairs in rotation (computed on every request)`,
  method: 'POST',
  path: '/junction/routes',
  bodies: () => bodies(context()),
};
