/**
 * Exact sums of non-negative USD decimal strings ("12.5" + "0.0001" = "12.5001"). Money never passes through a
 * float (DESIGN.md); a value is held as an integer of units of 10^-scale and scales are aligned before adding.
 */

const DECIMAL = /^(\d{1,40})(?:\.(\d{1,40}))?$/;

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

/** a + b, exactly, in the shortest form ("1.50" + "1" = "2.5"). Throws RangeError on anything but a decimal. */
export function addUsd(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const units = x.units * 10n ** BigInt(scale - x.scale) + y.units * 10n ** BigInt(scale - y.scale);
  return format({ units, scale });
}
