/**
 * Tiny readers for untrusted JSON (endpoint responses and data files): each one checks the shape it reads and
 * throws ShapeError with a path, so a malformed pool is skipped with a reason instead of becoming a wrong number.
 */
export class ShapeError extends Error {
  override name = 'ShapeError';
}

export function obj(v: unknown, path: string): Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new ShapeError(`${path}: expected an object`);
  return v as Record<string, unknown>;
}

export function arr(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw new ShapeError(`${path}: expected an array`);
  return v;
}

export function str(v: unknown, path: string): string {
  if (typeof v !== 'string') throw new ShapeError(`${path}: expected a string`);
  return v;
}

/** A string or a JSON number, as a string: Go's encoding/json writes uint64 as numbers, proto-JSON as strings. */
export function numStr(v: unknown, path: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  throw new ShapeError(`${path}: expected a number`);
}

/** A safe integer given as a JSON number or a string. */
export function int(v: unknown, path: string): number {
  const s = numStr(v, path);
  const n = Number(s);
  if (!/^-?\d+$/.test(s) || !Number.isSafeInteger(n)) throw new ShapeError(`${path}: expected an integer`);
  return n;
}

/** Runs a reader and rewraps parse errors of the fixed-point helpers as ShapeError with the path. */
export function at<T>(path: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof ShapeError) throw err;
    throw new ShapeError(`${path}: ${(err as Error).message}`);
  }
}
