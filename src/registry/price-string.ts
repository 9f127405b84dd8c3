/** JSON numbers from the registry as decimal strings, without exponent notation. */
export function priceString(n: number): string {
  // String() is the shortest exact form and is cheap. Exponent forms (1.5e-7) are rewritten as plain decimals by
  // moving the point in that same shortest digit string: the locale formatter did it too, but loading its data cost
  // over 100 ms of start-up.
  const s = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, int, frac = '', expText] = m;
  const digits = int! + frac;
  const point = int!.length + Number(expText);
  // Beyond 20 decimals the old formatter rounded; such prices do not occur in the registry, so it may stay slow.
  if (digits.length - point > 20) return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
