/**
 * USD arithmetic on top of Decimal: the value of an integer amount of base units, the wire formatting of USD values
 * and percentages, and the relative differences the safety rules compare.
 *
 * Rounding rules (the only places where digits are dropped):
 * - USD values are computed exactly (amount × price / 10^decimals has a finite decimal expansion) and rounded only
 *   when formatted for the wire.
 * - `formatUsd`: two decimals, half away from zero ("12.00", "0.36"), as in the captured responses. A nonzero value
 *   that would print as "0.00" (|v| < 0.005) is printed with two significant digits instead ("0.0034",
 *   "0.0000012"), so a dust fee never reads as free and a tiny transfer never reads as worthless.
 * - `formatPercent`: four decimals, half away from zero ("0.2607"), as in `swap_price_impact_percent`.
 * - Ratios (`relativeChange`, `percentChange`) are computed to RATIO_SCALE places, half away from zero; comparisons
 *   against thresholds use exact cross-multiplication instead (see safety.ts), so that rounding cannot flip a verdict.
 */
import { Decimal } from './decimal.js';

/** Places kept by divisions that produce ratios and percentages (far below anything displayed). */
export const RATIO_SCALE = 18;

const HUNDRED = Decimal.fromInt(100);
const HALF_CENT = Decimal.parse('0.005');

/** USD value of `amount` base units of an asset with `decimals`, at `pricePerToken` USD per whole token. Exact. */
export function usdValue(amount: bigint, decimals: number, pricePerToken: Decimal): Decimal {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`bad decimals: ${decimals}`);
  return Decimal.of(amount, decimals).mul(pricePerToken);
}

/** Amount in base units (rounded down) worth `usd` at `pricePerToken`; undefined for a zero price. */
export function amountForUsd(usd: Decimal, decimals: number, pricePerToken: Decimal): bigint | undefined {
  if (pricePerToken.isZero()) return undefined;
  return usd.shift(decimals).div(pricePerToken, 0, 'down').units;
}

/** Sum of USD values (exact). */
export function sumUsd(values: Iterable<Decimal>): Decimal {
  let total = Decimal.ZERO;
  for (const v of values) total = total.add(v);
  return total;
}

/** Wire form of a USD value; see the rounding rules above. */
export function formatUsd(v: Decimal): string {
  const fixed = v.toFixed(2);
  if (!v.isZero() && Decimal.parse(fixed).isZero()) return significant(v, 2);
  return fixed;
}

/** Wire form of a percentage ("0.2607" means 0.2607 %). */
export function formatPercent(v: Decimal): string {
  return v.toFixed(4);
}

/** (to − from) / from, or undefined when `from` is zero. Positive when `to` is larger. */
export function relativeChange(from: Decimal, to: Decimal): Decimal | undefined {
  if (from.isZero()) return undefined;
  return to.sub(from).div(from, RATIO_SCALE);
}

/** relativeChange in percent. */
export function percentChange(from: Decimal, to: Decimal): Decimal | undefined {
  if (from.isZero()) return undefined;
  return to.sub(from).mul(HUNDRED).div(from, RATIO_SCALE);
}

/** `v` rounded to `n` significant digits, plain notation. */
function significant(v: Decimal, n: number): string {
  const abs = v.abs().normalize();
  const digitCount = abs.units.toString().length;
  // abs = units·10^-scale; its leading digit sits at 10^(digitCount - 1 - scale).
  const places = Math.max(0, n - (digitCount - abs.scale));
  const rounded = v.round(places);
  // A carry may reach half a cent (0.00495 → 0.0050), which formatUsd prints as "0.01" when it reads the value back;
  // such a value is printed cut to its two digits instead (0.0049), so the wire form formats to itself.
  if (rounded.abs().gte(HALF_CENT)) return v.round(places, 'down').normalize().toString();
  // A carry (0.00399 → 0.0040) leaves a trailing zero that normalize() drops.
  return rounded.normalize().toString();
}
