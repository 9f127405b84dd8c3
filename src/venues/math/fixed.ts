/**
 * Fixed-point and integer helpers shared by every pool model. All money math stays in bigint: a decimal string from
 * chain state is parsed once into an integer scaled by 10^k, and every division states its rounding direction
 * (quotes round outputs down and inputs up, so a quote never promises more than the chain will give).
 */

const POW10: bigint[] = [];
/** 10^n as bigint (cached: scales are used on every quote). */
export function pow10(n: number): bigint {
  let v = POW10[n];
  if (v === undefined) {
    v = 10n ** BigInt(n);
    POW10[n] = v;
  }
  return v;
}

export const DEC18 = pow10(18);
export const DEC36 = pow10(36);

/** floor(a / b) for b > 0 and any sign of a (BigInt division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** ceil(a / b) for b > 0 and any sign of a. One division for a > 0 (the pool math's case, on every quote). */
export function ceilDiv(a: bigint, b: bigint): bigint {
  if (a > 0n) return (a + b - 1n) / b;
  return a / b; // truncation toward zero is the ceiling for a ≤ 0
}

/** floor(sqrt(n)) for n ≥ 0 (Newton's method on integers). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('isqrt of a negative number');
  if (n < 2n) return n;
  // Start above the root from the bit length, then Newton decreases monotonically to floor(sqrt(n)).
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** ceil(sqrt(n)) for n ≥ 0. */
export function isqrtCeil(n: bigint): bigint {
  const r = isqrt(n);
  return r * r === n ? r : r + 1n;
}

const DECIMAL_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal string ("0.002000000000000000", "12", "1.5e-3" is rejected) into an integer scaled by 10^scale.
 * Digits beyond `scale` are dropped ('down', toward zero) or round the magnitude up ('up').
 * Throws on anything that is not a plain decimal, so garbage from an endpoint never becomes a number silently.
 */
export function parseFixed(s: string, scale: number, round: 'down' | 'up' = 'down'): bigint {
  const m = DECIMAL_RE.exec(s.trim());
  if (!m) throw new SyntaxError(`not a decimal number: ${JSON.stringify(s).slice(0, 60)}`);
  const neg = m[1] === '-';
  const int = m[2] ?? '0';
  const frac = m[3] ?? '';
  let v = BigInt(int) * pow10(scale);
  if (frac.length > 0) {
    const kept = frac.slice(0, scale).padEnd(scale, '0');
    v += BigInt(kept);
    if (round === 'up' && frac.length > scale && /[1-9]/.test(frac.slice(scale))) v += 1n;
  }
  return neg ? -v : v;
}

/** Parses an 18-decimal Dec (sdk.Dec / LegacyDec / Decimal). */
export function parseDec(s: string): bigint {
  return parseFixed(s, 18);
}

/** Parses a non-negative integer amount ("12345"); rejects signs, decimals and exponents. */
export function parseAmount(s: unknown): bigint {
  if (typeof s === 'number' && Number.isSafeInteger(s) && s >= 0) return BigInt(s);
  if (typeof s !== 'string' || !/^\d+$/.test(s))
    throw new SyntaxError(`not an integer amount: ${String(s).slice(0, 60)}`);
  return BigInt(s);
}

/** Formats an integer scaled by 10^scale as a plain decimal string (for logs, tests and data files). */
export function formatFixed(v: bigint, scale: number): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const p = pow10(scale);
  const int = a / p;
  const frac = (a % p).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}
