/**
 * Osmosis' own balancer swap arithmetic, as the chain computes it, for tests to compare Junction's quotes against:
 *
 * - LegacyDec (cosmossdk.io/math): 18-decimal fixed point; Mul and Quo round the last 18 digits half to even
 *   (Quo first truncates the 36-digit quotient); Power is square-and-multiply with a rounding at every product;
 *   ApproxRoot(2) is Newton's iteration from 1 until the step is at most 1e-18 (at most 300 steps).
 * - osmomath.Pow (osmomath/math.go): base in (0, 2); integer part of the exponent by Power, fractional part by
 *   PowApprox: the binomial series of (1 + x)^a summed until a term falls below 1e-8 (a = 0.5 uses ApproxSqrt).
 * - x/gamm/pool-models/balancer (amm.go solveConstantFunctionInvariant, pool.go CalcOutAmtGivenIn and
 *   CalcInAmtGivenOut): out = truncate(bOut · (1 − (bIn/(bIn + in·(1 − fee)))^(wIn/wOut))),
 *   in = ceil(bIn · ((bOut/(bOut − out))^(wOut/wIn) − 1) / (1 − fee)).
 *
 * Facts read from osmosis-labs/osmosis (commit 9829d39c16) and cosmossdk.io/math; the code is Junction's own.
 */
const ONE = 10n ** 18n;
const HALF = ONE / 2n;
const POW_PRECISION = 10n ** 10n; // 0.00000001
const POW_ITERATION_LIMIT = 150_000n;

/** Drops 18 decimals with half-to-even rounding (chopPrecisionAndRound). */
function chopRound(x: bigint): bigint {
  if (x < 0n) return -chopRound(-x);
  const q = x / ONE;
  const r = x % ONE;
  if (r < HALF) return q;
  if (r > HALF) return q + 1n;
  return q % 2n === 0n ? q : q + 1n;
}

const decMul = (a: bigint, b: bigint): bigint => chopRound(a * b);
const decQuo = (a: bigint, b: bigint): bigint => chopRound((a * ONE * ONE) / b);

function decPower(d: bigint, power: bigint): bigint {
  if (power === 0n) return ONE;
  let tmp = ONE;
  for (let i = power; i > 1n; i /= 2n) {
    if (i % 2n !== 0n) tmp = decMul(tmp, d);
    d = decMul(d, d);
  }
  return decMul(d, tmp);
}

function decSqrt(d: bigint): bigint {
  if (d === 0n || d === ONE) return d;
  let guess = ONE;
  let delta = ONE;
  for (let iter = 0; (delta < 0n ? -delta : delta) > 1n && iter < 300; iter++) {
    const prev = guess === 0n ? 1n : guess;
    delta = (decQuo(d, prev) - guess) >> 1n;
    guess += delta;
  }
  return guess;
}

function powApprox(base: bigint, exp: bigint): bigint {
  if (exp === 0n) return ONE;
  if (exp === HALF) return decSqrt(base);
  const xneg = base < ONE;
  const x = xneg ? ONE - base : base - ONE;
  let term = ONE;
  let sum = ONE;
  let negative = false;
  for (let i = 1n; term >= POW_PRECISION; i++) {
    const prevK = (i - 1n) * ONE;
    const cneg = exp < prevK;
    const c = cneg ? prevK - exp : exp - prevK;
    term = decQuo(decMul(decMul(term, c), x), i * ONE);
    if (term === 0n) break;
    if (xneg) negative = !negative;
    if (cneg) negative = !negative;
    sum = negative ? sum - term : sum + term;
    if (i === POW_ITERATION_LIMIT) throw new Error('PowApprox did not converge');
  }
  return sum;
}

/** osmomath.Pow for a base in (0, 2). */
function osmosisPow(base: bigint, exp: bigint): bigint {
  if (base <= 0n || base >= 2n * ONE) throw new RangeError('base must be in (0, 2)');
  const integer = exp / ONE;
  const fractional = exp - integer * ONE;
  const integerPow = decPower(base, integer);
  return fractional === 0n ? integerPow : decMul(integerPow, powApprox(base, fractional));
}

function solveInvariant(
  fixedBefore: bigint,
  fixedAfter: bigint,
  wFixed: bigint,
  unknownBefore: bigint,
  wUnknown: bigint,
): bigint {
  const y = osmosisPow(decQuo(fixedBefore, fixedAfter), decQuo(wFixed, wUnknown));
  return decMul(ONE - y, unknownBefore);
}

/** CalcOutAmtGivenIn: base units out for `amountIn` reaching the pool (fee an 18-decimal Dec). */
export function gammOutGivenIn(
  bIn: bigint,
  wIn: bigint,
  bOut: bigint,
  wOut: bigint,
  amountIn: bigint,
  fee: bigint,
): bigint | undefined {
  const inAfterFee = decMul(amountIn * ONE, ONE - fee);
  const out = solveInvariant(bIn * ONE, bIn * ONE + inAfterFee, wIn * ONE, bOut * ONE, wOut * ONE) / ONE;
  return out > 0n ? out : undefined;
}

/** CalcInAmtGivenOut: base units in (before the pool's fee) for `amountOut`. */
export function gammInGivenOut(
  bIn: bigint,
  wIn: bigint,
  bOut: bigint,
  wOut: bigint,
  amountOut: bigint,
  fee: bigint,
): bigint | undefined {
  const amountInDec = -solveInvariant(bOut * ONE, (bOut - amountOut) * ONE, wOut * ONE, bIn * ONE, wIn * ONE);
  const beforeFee = decQuo(amountInDec, ONE - fee);
  const amount = (beforeFee + ONE - 1n) / ONE;
  return amount > 0n ? amount : undefined;
}
