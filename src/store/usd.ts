/**
 * Exact sums of non-negative USD decimal strings ("12.5" + "0.0001" = "12.5001"). Money never passes through a
 * float (DESIGN.md); a value is held as an integer of units of 10^-scale and scales are aligned before adding.
 *
 * Stored figures carry at most USD_STORED_PLACES fractional digits: a route's USD value is exact (amount × price /
 * 10^decimals easily has 40+ digits after the point for an 18-decimal token), so it is rounded once, half up, before
 * it is counted (roundUsd); the integer part may be as long as any amount × price can make it.
 */

/** Fractional digits of stored USD figures: far below a cent, and sums of millions of routes stay exact at that. */
export const USD_STORED_PLACES = 12;
const DECIMAL = /^(\d{1,100})(?:\.(\d{1,40}))?$/;
/** What roundUsd accepts: any plain non-negative decimal of reasonable length. */
const ANY_DECIMAL = /^(\d{1,100})(?:\.(\d{1,200}))?$/;

export function isUsdAmount(value: string): boolean {
  return DECIMAL.test(value);
}

interface Scaled {
  units: bigint;
  scale: number;
}

function parse(value: string): Scaled {
  const m = DECIMAL.exec(value);
  if (!m) throw new RangeError(`not a non-negative decimal USD amount: "${value.slice(0, 50)}"`);
  const fraction = m[2] ?? '';
  return { units: BigInt(m[1]! + fraction), scale: fraction.length };
}

function format({ units, scale }: Scaled): string {
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * `value` rounded half up to `places` fractional digits, in the shortest form ("1.2345" → "1.235" at 3 places).
 * Throws RangeError on anything but a non-negative decimal.
 */
export function roundUsd(value: string, places = USD_STORED_PLACES): string {
  const m = ANY_DECIMAL.exec(value);
  if (!m) throw new RangeError(`not a non-negative decimal USD amount: "${value.slice(0, 50)}"`);
  const fraction = m[2] ?? '';
  if (fraction.length <= places) return format({ units: BigInt(m[1]! + fraction), scale: fraction.length });
  const kept = BigInt(m[1]! + fraction.slice(0, places));
  const up = fraction.charCodeAt(places) >= 0x35; // the first dropped digit is 5 or more
  return format({ units: up ? kept + 1n : kept, scale: places });
}

/** a + b, exactly, in the shortest form ("1.50" + "1" = "2.5"). Throws RangeError on anything but a decimal. */
export function addUsd(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const units = x.units * 10n ** BigInt(scale - x.scale) + y.units * 10n ** BigInt(scale - y.scale);
  return format({ units, scale });
}
