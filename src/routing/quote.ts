/**
 * The whole /route answer: plan the route, value both ends in USD with prices judged against the same pools, apply
 * the price-safety rules to the whole cost (an error, or a warning with allow_unsafe), and render the wire Route with
 * every fee's USD value. Pure: the clock is an argument.
 */
import type { Route } from '../wire/route.js';
import type { ApiError } from '../errors.js';
import {
  Decimal,
  judgePriceSafety,
  usdString,
  usdValueOf,
  type SafetyThresholds,
  type SafetyVerdict,
} from '../pricing/index.js';
import { assembleRoute, routePriceImpact } from './assemble.js';
import { planRoutes, type PlanContext } from './engine.js';
import { usdOfPrices } from './fee-usd.js';
import { gasTable } from './gas/table.js';
import { multiTxRequiredError, NoRouteError, noRouteError } from './no-route.js';
import { ALLOW_MULTI_TX_ADVICE } from './refusals.js';
import { routeCostUsd, type RouteCostUsd } from './route-cost.js';
import { describeRouteShape } from './route-shape.js';
import { txsRequired, type PlannedRoute, type RouteQuery } from './types.js';

export interface QuoteContext extends PlanContext {
  thresholds: SafetyThresholds;
  nowMs: number;
}

export interface Quote {
  planned: PlannedRoute;
  route: Route;
  /** For usage statistics: USD value in and affiliate fees in USD (exact decimal strings; "0" when unpriced). */
  figures: { usdVolume: string; affiliateFeeUsd: string };
}

/**
 * The route to answer with: the best-ranked candidate that passes the price-safety rules, so that a cheaper route is
 * not hidden behind a better-ranked one the safety rules refuse. When no candidate passes, the best-ranked one is
 * judged: an error, or with allow_unsafe its warning — unless the request excluded multi-transaction routes and one
 * of those passes, which the answer then says (MULTI_TX_REQUIRED, multiTxAnswer).
 */
export function quoteRoute(ctx: QuoteContext, q: RouteQuery, ranked?: readonly PlannedRoute[]): Quote {
  let candidates: readonly PlannedRoute[];
  try {
    candidates = ranked ?? planRoutes(ctx, q);
  } catch (err) {
    throw noSingleTxAnswer(ctx, q, err);
  }
  let chosen: { planned: PlannedRoute; judged: Judged } | undefined;
  for (const planned of candidates) {
    const judged = judgeRoute(ctx, q, planned);
    // The best-ranked route gives way only to one whose whole cost is known: a detour through a chain whose gas
    // token has no price would otherwise look safe for the very costs nobody could value.
    const verified = planned === candidates[0] || judged.costs.unpriced === 0;
    if (judged.verdict.kind === 'ok' && verified) {
      chosen = { planned, judged };
      break;
    }
    chosen ??= { planned, judged };
  }
  if (!chosen) throw new Error('quoteRoute: no candidate route'); // planRoutes never answers an empty list
  const { planned, judged } = chosen;
  if (judged.verdict.kind === 'error') throw multiTxAnswer(ctx, q) ?? judged.verdict.error;
  return renderQuote(ctx, planned, judged);
}

/** The wire Route of a judged candidate, with its USD figures and every fee priced. */
export function renderQuote(ctx: QuoteContext, planned: PlannedRoute, judged: Judged): Quote {
  const { registry, market, nowMs } = ctx;
  const warning = judged.verdict.kind === 'warning' ? judged.verdict.warning : undefined;
  const route = assembleRoute(registry, planned, {
    usdAmountIn: usdString(judged.usdIn),
    usdAmountOut: usdString(judged.usdOut),
    warning,
    usdOf: usdOfPrices(registry, market.prices, nowMs),
  });
  let feeUsd = Decimal.ZERO;
  for (const s of planned.steps) {
    if (s.kind !== 'swap' || s.affiliateFee === 0n) continue;
    const v = usdValueOf(market.prices, registry, s.chainId, s.denomOut, s.affiliateFee, nowMs);
    if (v) feeUsd = feeUsd.add(v.usd);
  }
  return {
    planned,
    route,
    figures: { usdVolume: (judged.usdIn?.usd ?? Decimal.ZERO).toString(), affiliateFeeUsd: feeUsd.toString() },
  };
}

/**
 * With allow_multi_tx false, when no single-transaction route passes price safety: the MULTI_TX_REQUIRED answer naming
 * the best multi-transaction route that does, or undefined when none does (the safety error stands). With
 * allow_unsafe the caller accepts the unsafe route's warning instead, and nothing is searched.
 */
function multiTxAnswer(ctx: QuoteContext, q: RouteQuery): ApiError | undefined {
  if (q.allowMultiTx || q.allowUnsafe) return undefined;
  const safe = safeMultiTxRoute(ctx, q);
  if (!safe) return undefined;
  return multiTxRequiredError(
    `no single-transaction route passes price safety; a route of ${txsRequired(safe)} transactions does: ${describeRouteShape(ctx.registry, safe)}; ${ALLOW_MULTI_TX_ADVICE}`,
  );
}

/**
 * The planner found no single-transaction route at all and a multi-transaction one exists: the MULTI_TX_REQUIRED
 * error, naming the safe route's shape — or, when no route of any shape passes price safety (and the caller did not
 * allow unsafe routes), the best one's safety error. /junction/routes answers its planning errors through it too, so
 * both endpoints give the same error.
 */
export function noSingleTxAnswer(ctx: QuoteContext, q: RouteQuery, err: unknown): unknown {
  if (!(err instanceof NoRouteError) || !err.facts.multiTxRefused || q.allowMultiTx) return err;
  let ranked: PlannedRoute[];
  try {
    ranked = planRoutes({ ...ctx, cache: undefined }, { ...q, allowMultiTx: true });
  } catch {
    return err;
  }
  const judged = ranked.map((planned) => ({ planned, judged: judgeRoute(ctx, q, planned) }));
  const safe = judged.find((j) => j.judged.verdict.kind !== 'error');
  if (safe)
    return noRouteError({
      ...err.facts,
      bestSafeRoute: `the best route that ${safe.judged.verdict.kind === 'ok' ? 'passes price safety' : 'allow_unsafe accepts (it fails price safety)'} has ${txsRequired(safe.planned)} transactions: ${describeRouteShape(ctx.registry, safe.planned)}`,
    });
  const first = judged[0]?.judged.verdict;
  return first?.kind === 'error' ? first.error : err;
}

function safeMultiTxRoute(ctx: QuoteContext, q: RouteQuery): PlannedRoute | undefined {
  let ranked: PlannedRoute[];
  try {
    ranked = planRoutes({ ...ctx, cache: undefined }, { ...q, allowMultiTx: true });
  } catch {
    return undefined;
  }
  return ranked.find((p) => txsRequired(p) > 1 && judgeRoute(ctx, q, p).verdict.kind === 'ok');
}

export interface Judged {
  usdIn: ReturnType<typeof usdValueOf>;
  usdOut: Decimal | undefined;
  /** Fees paid on top and gas, in USD. */
  costs: RouteCostUsd;
  verdict: SafetyVerdict;
}

/** The price-safety verdict of one candidate, its whole cost included (fees paid on top, gas). */
export function judgeRoute(ctx: QuoteContext, q: RouteQuery, planned: PlannedRoute): Judged {
  const { registry, market, nowMs } = ctx;
  const usdIn = usdValueOf(
    market.prices,
    registry,
    planned.source.wire.chain_id,
    planned.source.wire.denom,
    planned.amountIn,
    nowMs,
  );
  const usdOut = usdValueOf(
    market.prices,
    registry,
    planned.dest.wire.chain_id,
    planned.dest.wire.denom,
    planned.amountOut,
    nowMs,
  )?.usd;
  const costs = routeCostUsd(registry, planned, { prices: market.prices, nowMs, gas: gasTable() });
  const verdict = judgePriceSafety({
    usdIn: usdIn?.usd,
    usdOut,
    usdCostsOnTop: costs.additionalFeesUsd.add(costs.gasUsd),
    priceImpactPercent: routePriceImpact(planned),
    doesSwap: planned.steps.some((s) => s.kind === 'swap'),
    allowUnsafe: q.allowUnsafe,
    thresholds: ctx.thresholds,
  });
  return { usdIn, usdOut, costs, verdict };
}
