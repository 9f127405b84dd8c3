/**
 * Price-safety verdict of a route (service spec, Errors rule 2; Skip's allow_unsafe documentation). A pure function
 * of the route's USD values, its swap price impact, allow_unsafe and the thresholds.
 *
 * Rules, checked in this order; the first that fires decides:
 * 1. BAD_PRICE (USD): USD in and out are both known, USD in > 0, and the USD lost — input less output, plus what the
 *    route costs on top (fees paid beside the transfer, gas) — exceeds `maxUsdLossFraction` of the USD in (strictly
 *    more than 10 % by default). A gain is not a bad price.
 * 2. BAD_PRICE (impact): the swap's price impact is known and exceeds `maxPriceImpactPercent` (strictly more than 10).
 * 3. HIGH_LOSS: USD in and out are both known and the USD lost exceeds `maxUsdLoss` (strictly more than 1 000 USD by
 *    default). Percent rules alone let a large trade lose a large sum: 9 % of 1 M USD passes rule 1. 1 000 USD is the
 *    round figure below the one blocked route we have a capture of (100 000.00 in, 98 811.81 out: 1 188.19 lost, 1.2 %,
 *    refused by the Skip Go API), and above what routine costs reach on ordinary trades (bridge fees of up to about
 *    200 USD at high gas, 0.1–0.3 % pool fees on trades up to a few hundred thousand USD).
 * 4. LOW_INFO: the route swaps and neither measure can be computed (no USD pair, no price impact). A route that only
 *    transfers has no market price to misjudge and passes without prices.
 *
 * With allow_unsafe the route is returned with a warning instead: BAD_PRICE_WARNING for rules 1–3 (the wire format has
 * no high-loss warning type), LOW_INFO_WARNING for rule 4. Without it, the verdict is an ApiError with code 3 and one
 * google.rpc.ErrorInfo whose reason is BAD_PRICE_ERROR, HIGH_LOSS_ERROR or LOW_INFO_ERROR and whose metadata carries
 * the figures. Thresholds compare exact values (cross-multiplied), never the rounded strings.
 */
import { ApiError, errorInfo, GrpcCode } from '../errors.js';
import { Decimal } from './decimal.js';
import { formatPercent, formatUsd } from './usd.js';

type PriceWarningType = 'LOW_INFO_WARNING' | 'BAD_PRICE_WARNING';
type PriceErrorReason = 'LOW_INFO_ERROR' | 'BAD_PRICE_ERROR' | 'HIGH_LOSS_ERROR';

/** The route's `warning` field. */
export interface RouteWarning {
  type: PriceWarningType;
  message: string;
}

export interface SafetyThresholds {
  /** Largest tolerated share of the USD in that may be lost (0.10 = 10 %). */
  maxUsdLossFraction: Decimal;
  /** Largest tolerated swap price impact, in percent (10 = 10 %). */
  maxPriceImpactPercent: Decimal;
  /** Largest tolerated USD loss in absolute terms. */
  maxUsdLoss: Decimal;
}

export const DEFAULT_SAFETY_THRESHOLDS: Readonly<SafetyThresholds> = Object.freeze({
  maxUsdLossFraction: Decimal.parse('0.10'),
  maxPriceImpactPercent: Decimal.fromInt(10),
  maxUsdLoss: Decimal.fromInt(1_000),
});

export interface SafetyInput {
  /** Exact USD value of the route's input, when priced. */
  usdIn?: Decimal | undefined;
  /** Exact USD value of the route's output, when priced. */
  usdOut?: Decimal | undefined;
  /** Price impact of the route's swaps in percent, when every pool could give a spot price. */
  priceImpactPercent?: Decimal | undefined;
  /**
   * What the route costs beyond its amounts, in USD: fees paid on top of the transfer and the gas of every transaction
   * and claim. Part of the loss the USD rules judge: a route that delivers all it moves but pays more than the
   * threshold beside it is as unsafe as one that loses it in a pool.
   */
  usdCostsOnTop?: Decimal | undefined;
  /** Whether the route swaps (a transfer-only route needs no price to be judged). */
  doesSwap: boolean;
  allowUnsafe: boolean;
  thresholds?: Partial<SafetyThresholds>;
}

export type SafetyVerdict =
  | { kind: 'ok' }
  | { kind: 'warning'; reason: PriceErrorReason; warning: RouteWarning }
  | { kind: 'error'; reason: PriceErrorReason; error: ApiError };

interface Finding {
  reason: PriceErrorReason;
  errorMessage: string;
  warningType: PriceWarningType;
  warningMessage: string;
  metadata: Record<string, string>;
}

export function judgePriceSafety(input: SafetyInput): SafetyVerdict {
  const finding = findProblem(input, { ...DEFAULT_SAFETY_THRESHOLDS, ...stripUndefined(input.thresholds ?? {}) });
  if (!finding) return { kind: 'ok' };
  if (input.allowUnsafe) {
    return {
      kind: 'warning',
      reason: finding.reason,
      warning: { type: finding.warningType, message: finding.warningMessage },
    };
  }
  const error = new ApiError(GrpcCode.INVALID_ARGUMENT, finding.errorMessage, [
    errorInfo(finding.reason, finding.metadata),
  ]);
  return { kind: 'error', reason: finding.reason, error };
}

/** judgePriceSafety for the engine: the warning to attach (or undefined), or throws the ApiError. */
export function enforcePriceSafety(input: SafetyInput): RouteWarning | undefined {
  const v = judgePriceSafety(input);
  if (v.kind === 'error') throw v.error;
  return v.kind === 'warning' ? v.warning : undefined;
}

function findProblem(input: SafetyInput, t: SafetyThresholds): Finding | undefined {
  const { usdIn, usdOut, priceImpactPercent: impact } = input;
  const usdKnown = usdIn !== undefined && usdOut !== undefined && usdIn.sign() > 0 && usdOut.sign() >= 0;
  const costs = input.usdCostsOnTop ?? Decimal.ZERO;
  const loss = usdKnown ? usdIn.sub(usdOut).add(costs) : undefined;
  const usdFigures: Record<string, string> = usdKnown
    ? {
        usd_amount_in: formatUsd(usdIn),
        usd_amount_out: formatUsd(usdOut),
        ...(costs.isZero() ? {} : { usd_costs_on_top: formatUsd(costs) }),
      }
    : {};

  // 1. loss / usdIn > fraction  ⟺  loss > fraction · usdIn (usdIn > 0)
  if (usdKnown && loss!.gt(t.maxUsdLossFraction.mul(usdIn))) {
    return usdDifference('BAD_PRICE_ERROR', usdIn, usdOut, costs, {
      ...usdFigures,
      usd_loss: formatUsd(loss!),
      max_usd_loss_percent: t.maxUsdLossFraction.mul(Decimal.fromInt(100)).toString(),
    });
  }
  // 2.
  const impactKnown = impact !== undefined && impact.sign() >= 0;
  if (impactKnown && impact.gt(t.maxPriceImpactPercent)) {
    const message = `swap execution price in route deviates too far from market price. expected price impact: ${formatPercent(impact)}%`;
    return {
      reason: 'BAD_PRICE_ERROR',
      errorMessage: message,
      warningType: 'BAD_PRICE_WARNING',
      warningMessage: message,
      metadata: {
        ...usdFigures,
        price_impact_percent: formatPercent(impact),
        max_price_impact_percent: t.maxPriceImpactPercent.toString(),
      },
    };
  }
  // 3.
  if (usdKnown && loss!.gt(t.maxUsdLoss)) {
    return usdDifference('HIGH_LOSS_ERROR', usdIn, usdOut, costs, {
      ...usdFigures,
      usd_loss: formatUsd(loss!),
      max_usd_loss: formatUsd(t.maxUsdLoss),
    });
  }
  // 4.
  if (input.doesSwap && !usdKnown && !impactKnown) {
    const message = 'unable to determine route safety';
    const metadata: Record<string, string> = {};
    if (usdIn !== undefined) metadata.usd_amount_in = formatUsd(usdIn);
    if (usdOut !== undefined) metadata.usd_amount_out = formatUsd(usdOut);
    return {
      reason: 'LOW_INFO_ERROR',
      errorMessage: message,
      warningType: 'LOW_INFO_WARNING',
      warningMessage: message,
      metadata,
    };
  }
  return undefined;
}

/** Error text as the Skip Go API sends it; warning text as captured in a route's `warning`. */
function usdDifference(
  reason: PriceErrorReason,
  usdIn: Decimal,
  usdOut: Decimal,
  costs: Decimal,
  metadata: Record<string, string>,
): Finding {
  const i = formatUsd(usdIn);
  const o = formatUsd(usdOut);
  // Skip's wording, which clients match on, then what the route costs on top when it is part of the loss.
  const extra = costs.isZero() ? '' : ` fees paid on top and gas usd value: ${formatUsd(costs)}`;
  const Extra = costs.isZero() ? '' : ` Fees paid on top and gas USD value: ${formatUsd(costs)}`;
  return {
    reason,
    errorMessage: `difference in usd value of route input and output is too large. input usd value: ${i} output usd value: ${o}${extra}`,
    warningType: 'BAD_PRICE_WARNING',
    warningMessage: `Difference in USD value of route input and output is large. Input USD value: ${i} Output USD value: ${o}${Extra}`,
    metadata,
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
