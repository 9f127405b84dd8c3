/**
 * Whole tokens ↔ base units, with bigint only: the page never turns an amount into a float, so what it sends is
 * exactly what the user typed and what it shows is exactly what the server said.
 */

/** "1.5" with 6 decimals → 1500000n; an error message for anything that is not a plain positive decimal. */
export function toBaseUnits(
  text: string,
  decimals: number,
): { ok: true; value: bigint } | { ok: false; error: string } {
  const t = text.trim().replace(/_/g, '');
  if (!/^\d*\.?\d*$/.test(t) || t === '' || t === '.') return { ok: false, error: 'enter an amount such as 1.5' };
  const [whole = '', frac = ''] = t.split('.');
  if (frac.length > decimals) return { ok: false, error: `at most ${decimals} decimal places for this asset` };
  const value = BigInt((whole || '0') + frac.padEnd(decimals, '0'));
  if (value === 0n) return { ok: false, error: 'the amount must be more than zero' };
  return { ok: true, value };
}

/** 1500000 with 6 decimals → "1.5"; trailing zeros dropped, thousands left unseparated (exact copy-paste). */
export function fromBaseUnits(amount: string | bigint, decimals: number): string {
  const s = BigInt(amount).toString();
  const negative = s.startsWith('-');
  const digits = negative ? s.slice(1) : s;
  if (decimals === 0) return s;
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals);
  const frac = padded.slice(-decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** A USD decimal string as "$12.34" (the server sends two-decimal strings; anything else is shown as given). */
export function usd(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return /^-?\d+(\.\d+)?$/.test(value) ? `$${value}` : value;
}

/** A USD decimal string in cents (more than two decimals are cut), or null when it is not a decimal. */
export function usdCents(x: string): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(x);
  if (!m) return null;
  const v = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -v : v;
}

/** The difference of two USD decimal strings, exactly, in cents ("63.06" − "62.81" = "0.25"). */
export function usdDifference(a: string, b: string): string | null {
  const ca = usdCents(a);
  const cb = usdCents(b);
  if (ca === null || cb === null) return null;
  const d = ca - cb;
  const abs = d < 0n ? -d : d;
  return `${d < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Seconds as the largest sensible unit: "30 s", "20 min", "1 h 5 min". */
export function duration(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** A long identifier shortened for display (the full value stays in the title and the copy buttons). */
export function shorten(id: string, keep = 8): string {
  return id.length <= keep * 2 + 1 ? id : `${id.slice(0, keep)}…${id.slice(-keep + 2)}`;
}
