/**
 * The whole /route answer: plan the route, value both ends in USD with prices judged against the same pools, apply
 * the price-safety rules (an error, or a warning with allow_unsafe), and render the wire Route. Pure: the clock is
 * an argument.
 */
import type { Route } from '../wire/route.js';
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
import type { PlannedRoute, RouteQuery } from './types.js';

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
 * The route to answer with: the best-ranked candidate that passes the price-safety rules. Ranking puts fewer
 * transactions first, so without this a one-transaction route that loses a third of its value (an Axelar transfer
 * fee on a small amount) would hide a two-transaction route that loses nothing, and the caller would get an error.
 * When no candidate passes, the best-ranked one is judged: an error, or with allow_unsafe its warning.
 */
export function quoteRoute(
  ctx: QuoteContext,
  q: RouteQuery,
  ranked: readonly PlannedRoute[] = planRoutes(ctx, q),
): Quote {
  let chosen: { planned: PlannedRoute; judged: Judged } | undefined;
  for (const planned of ranked) {
    const judged = judge(ctx, q, planned);
    if (judged.verdict.kind === 'ok') {
      chosen = { planned, judged };
      break;
    }
    chosen ??= { planned, judged };
  }
  if (!chosen) throw new Error('quoteRoute: no candidate route'); // planRoutes never answers an empty list
  const { planned, judged } = chosen;
  if (judged.verdict.kind === 'error') throw judged.verdict.error;
  const { registry, market, nowMs } = ctx;
  const warning = judged.verdict.kind === 'warning' ? judged.verdict.warning : undefined;
  const route = assembleRoute(registry, planned, {
    usdAmountIn: usdString(judged.usdIn),
    usdAmountOut: usdString(judged.usdOut),
    warning,
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

interface Judged {
  usdIn: ReturnType<typeof usdValueOf>;
  usdOut: Decimal | undefined;
  verdict: SafetyVerdict;
}

function judge(ctx: QuoteContext, q: RouteQuery, planned: PlannedRoute): Judged {
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
  const verdict = judgePriceSafety({
    usdIn: usdIn?.usd,
    usdOut,
    priceImpactPercent: routePriceImpact(planned),
    doesSwap: planned.steps.some((s) => s.kind === 'swap'),
    allowUnsafe: q.allowUnsafe,
    thresholds: ctx.thresholds,
  });
  return { usdIn, usdOut, verdict };
}
