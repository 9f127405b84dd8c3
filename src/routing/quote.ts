/**
 * The whole /route answer: plan the route, value both ends in USD with prices judged against the same pools, apply
 * the price-safety rules (an error, or a warning with allow_unsafe), and render the wire Route. Pure: the clock is
 * an argument.
 */
import type { Route } from '../http/schemas/route.js';
import { Decimal, enforcePriceSafety, usdString, usdValueOf, type SafetyThresholds } from '../pricing/index.js';
import type { Registry } from '../registry/registry.js';
import { assembleRoute, routePriceImpact } from './assemble.js';
import { planRoute, type ShapeCache } from './engine.js';
import type { MarketView } from './market.js';
import type { PlannedRoute, RouteQuery } from './types.js';

export interface QuoteContext {
  registry: Registry;
  market: MarketView;
  thresholds: SafetyThresholds;
  nowMs: number;
  cache?: ShapeCache;
}

export interface Quote {
  planned: PlannedRoute;
  route: Route;
  /** For usage statistics: USD value in and affiliate fees in USD (exact decimal strings; "0" when unpriced). */
  figures: { usdVolume: string; affiliateFeeUsd: string };
}

export function quoteRoute(ctx: QuoteContext, q: RouteQuery, planned: PlannedRoute = planRoute(ctx.registry, ctx.market, q, ctx.cache)): Quote {
  const { registry, market, nowMs } = ctx;
  const usdIn = usdValueOf(market.prices, registry, planned.source.wire.chain_id, planned.source.wire.denom, planned.amountIn, nowMs);
  const impact = routePriceImpact(planned);
  const usdOut = usdValueOf(market.prices, registry, planned.dest.wire.chain_id, planned.dest.wire.denom, planned.amountOut, nowMs)?.usd;
  const warning = enforcePriceSafety({
    usdIn: usdIn?.usd,
    usdOut,
    priceImpactPercent: impact,
    doesSwap: planned.steps.some((s) => s.kind === 'swap'),
    allowUnsafe: q.allowUnsafe,
    thresholds: ctx.thresholds,
  });
  const route = assembleRoute(registry, planned, { usdAmountIn: usdString(usdIn), usdAmountOut: usdString(usdOut), warning });
  let feeUsd = Decimal.ZERO;
  for (const s of planned.steps) {
    if (s.kind !== 'swap' || s.affiliateFee === 0n) continue;
    const v = usdValueOf(market.prices, registry, s.chainId, s.denomOut, s.affiliateFee, nowMs);
    if (v) feeUsd = feeUsd.add(v.usd);
  }
  return { planned, route, figures: { usdVolume: (usdIn?.usd ?? Decimal.ZERO).toString(), affiliateFeeUsd: feeUsd.toString() } };
}
