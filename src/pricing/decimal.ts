/**
 * Exact decimal numbers for prices and USD values: `units / 10^scale` with a bigint mantissa. Addition, subtraction
 * and multiplication are exact; only division and explicit rounding lose digits, and both take the scale and the
 * rounding mode as arguments so every place that rounds says how. Money never passes through a float.
 */

/**
 * How to drop digits. `half-up` rounds half away from zero (the rule of Go's shopspring/decimal `Round`, which the
 * captured USD strings are consistent with); `down` truncates toward zero; `floor`/`ceil` go toward -∞/+∞.
 */
export type Rounding = 'half-up' | 'down' | 'floor' | 'ceil';

/** Inputs longer than this are refused rather than parsed: decimal strings arrive from outside (price APIs). */
const MAX_INPUT_LENGTH = 200;
/** Largest |exponent| accepted in `1e-5` notation, so "1e999999999" cannot allocate a huge bigint. */
const MAX_EXPONENT = 400;

const DECIMAL_RE = /^([+-])?(\d+)?(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

const pow10Cache: bigint[] = [];
export function pow10(n: number): bigint {
  if (n < 0 || !Number.isInteger(n)) throw new RangeError(`pow10 needs a non-negative integer, got ${n}`);
  if (n < 128) return (pow10Cache[n] ??= 10n ** BigInt(n));
  return 10n ** BigInt(n);
}

/** `num / den` rounded to an integer with the given mode. `den` may be negative; it must not be zero. */
export function divRound(num: bigint, den: bigint, rounding: Rounding): bigint {
  if (den === 0n) throw new RangeError('division by zero');
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const q = num / den; // truncates toward zero
  const r = num % den; // same sign as num
  if (r === 0n) return q;
  switch (rounding) {
    case 'down':
      return q;
    case 'floor':
      return num < 0n ? q - 1n : q;
    case 'ceil':
      return num > 0n ? q + 1n : q;
    case 'half-up': {
      const twice = 2n * (r < 0n ? -r : r);
      if (twice < den) return q;
      return num < 0n ? q - 1n : q + 1n;
    }
  }
}

export class Decimal {
  static readonly ZERO = new Decimal(0n, 0);
  static readonly ONE = new Decimal(1n, 0);

  /** value = units / 10^scale; scale ≥ 0. Not normalised: 1.50 keeps scale 2 (equality compares values). */
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  /** `units / 10^scale`. */
  static of(units: bigint, scale = 0): Decimal {
    if (scale < 0 || !Number.isInteger(scale))
      throw new RangeError(`scale must be a non-negative integer, got ${scale}`);
    return new Decimal(units, scale);
  }

  static fromInt(n: bigint | number): Decimal {
    if (typeof n === 'number' && !Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`);
    return new Decimal(BigInt(n), 0);
  }

  /** `num / den` rounded to `scale` decimal places. */
  static fromRatio(num: bigint, den: bigint, scale: number, rounding: Rounding = 'half-up'): Decimal {
    return Decimal.of(divRound(num * pow10(scale), den, rounding), scale);
  }

  /**
   * `num / den` with at least `significant` significant digits (half away from zero): for quantities whose magnitude
   * is not known in advance, such as the USD value of one base unit (1 wei of ETH is about 3·10^-15 USD).
   */
  static fromRatioSignificant(num: bigint, den: bigint, significant = 30): Decimal {
    if (den === 0n) throw new RangeError('division by zero');
    const magnitude = absDigits(num) - absDigits(den); // the quotient has about this many integer digits
    return Decimal.fromRatio(num, den, Math.max(0, significant - magnitude));
  }

  /**
   * Parses a plain decimal (`12`, `-0.5`, `.25`, `3.`) or exponent form (`7.351024717e-05`, the way JSON serialisers
   * print small numbers). Exact: every digit written is kept. Throws RangeError on anything else.
   */
  static parse(text: string): Decimal {
    const d = Decimal.tryParse(text);
    if (!d) throw new RangeError(`not a decimal number: "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`);
    return d;
  }

  static tryParse(text: string): Decimal | undefined {
    if (text.length === 0 || text.length > MAX_INPUT_LENGTH) return undefined;
    const m = DECIMAL_RE.exec(text);
    if (!m) return undefined;
    const [, sign, intPart = '', fracPart = '', expPart] = m;
    if (intPart === '' && fracPart === '') return undefined;
    const exp = expPart === undefined ? 0 : Number(expPart);
    if (!Number.isSafeInteger(exp) || Math.abs(exp) > MAX_EXPONENT) return undefined;
    let units = BigInt(intPart + fracPart || '0');
    if (sign === '-') units = -units;
    const scale = fracPart.length - exp;
    return scale >= 0 ? new Decimal(units, scale) : new Decimal(units * pow10(-scale), 0);
  }

  /**
   * From a JavaScript number that came out of JSON.parse. `String(n)` is the shortest text that reads back as the
   * same double, so a price written with up to 15 significant digits is recovered digit for digit.
   */
  static fromJsonNumber(n: number): Decimal | undefined {
    return Number.isFinite(n) ? Decimal.tryParse(String(n)) : undefined;
  }

  /** The same value at a larger scale (exact). */
  private atScale(scale: number): bigint {
    return scale === this.scale ? this.units : this.units * pow10(scale - this.scale);
  }

  add(o: Decimal): Decimal {
    const s = Math.max(this.scale, o.scale);
    return new Decimal(this.atScale(s) + o.atScale(s), s);
  }

  sub(o: Decimal): Decimal {
    const s = Math.max(this.scale, o.scale);
    return new Decimal(this.atScale(s) - o.atScale(s), s);
  }

  mul(o: Decimal): Decimal {
    return new Decimal(this.units * o.units, this.scale + o.scale);
  }

  /** this × 10^n, exact (n may be negative). */
  shift(n: number): Decimal {
    if (n >= 0)
      return n > this.scale
        ? new Decimal(this.units * pow10(n - this.scale), 0)
        : new Decimal(this.units, this.scale - n);
    return new Decimal(this.units, this.scale - n);
  }

  /** this / o rounded to `scale` places. Throws RangeError when o is zero. */
  div(o: Decimal, scale: number, rounding: Rounding = 'half-up'): Decimal {
    if (o.units === 0n) throw new RangeError('division by zero');
    // this/o = (tu/10^ts)/(ou/10^os); scaled by 10^scale: tu·10^(scale+os) / (ou·10^ts).
    const num = this.units * pow10(scale + o.scale);
    const den = o.units * pow10(this.scale);
    return Decimal.of(divRound(num, den, rounding), scale);
  }

  neg(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  abs(): Decimal {
    return this.units < 0n ? this.neg() : this;
  }

  sign(): -1 | 0 | 1 {
    return this.units === 0n ? 0 : this.units < 0n ? -1 : 1;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  cmp(o: Decimal): -1 | 0 | 1 {
    const s = Math.max(this.scale, o.scale);
    const a = this.atScale(s);
    const b = o.atScale(s);
    return a === b ? 0 : a < b ? -1 : 1;
  }

  eq(o: Decimal): boolean {
    return this.cmp(o) === 0;
  }
  lt(o: Decimal): boolean {
    return this.cmp(o) < 0;
  }
  lte(o: Decimal): boolean {
    return this.cmp(o) <= 0;
  }
  gt(o: Decimal): boolean {
    return this.cmp(o) > 0;
  }
  gte(o: Decimal): boolean {
    return this.cmp(o) >= 0;
  }

  static min(a: Decimal, b: Decimal): Decimal {
    return a.lte(b) ? a : b;
  }
  static max(a: Decimal, b: Decimal): Decimal {
    return a.gte(b) ? a : b;
  }

  /** Rounded to `places` decimal places (never increases the scale). */
  round(places: number, rounding: Rounding = 'half-up'): Decimal {
    if (places >= this.scale) return this;
    return Decimal.of(divRound(this.units, pow10(this.scale - places), rounding), places);
  }

  /** Trailing zeros removed; the canonical form used by toString. */
  normalize(): Decimal {
    let { units, scale } = this;
    if (units === 0n) return Decimal.ZERO;
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n;
      scale--;
    }
    return new Decimal(units, scale);
  }

  /** Exactly `places` decimal places, rounded with `rounding` ("12.00", "0.2607"). Never exponent notation. */
  toFixed(places: number, rounding: Rounding = 'half-up'): string {
    const r = this.round(places, rounding);
    return digits(r.units * pow10(places - r.scale), places);
  }

  /** Shortest exact plain notation ("0.00007351024717", "12", "-3.5"). */
  toString(): string {
    const n = this.normalize();
    return digits(n.units, n.scale);
  }

  toJSON(): string {
    return this.toString();
  }
}

/** Decimal digits of |n| (1 for 0). Estimated from the hexadecimal length (cheap), then settled against powers of 10. */
export function absDigits(n: bigint): number {
  if (n < 0n) n = -n;
  if (n < 10n) return 1;
  const bits = n.toString(16).length * 4; // the bit length, rounded up to a multiple of 4
  let d = Math.max(1, Math.floor((bits - 4) * Math.LOG10E * Math.LN2)); // never above the true count
  while (n >= pow10(d)) d++;
  return d;
}

/** Plain notation of units / 10^scale. */
function digits(units: bigint, scale: number): string {
  const neg = units < 0n;
  const s = (neg ? -units : units).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? s : `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
  return neg ? `-${body}` : body;
}
