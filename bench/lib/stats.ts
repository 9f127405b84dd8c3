import type { LatencyStats } from '../types.js';

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function statsOf(samples: readonly number[]): LatencyStats {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return {
    p50: round(percentile(s, 50), 4),
    p90: round(percentile(s, 90), 4),
    p99: round(percentile(s, 99), 4),
    mean: round(mean, 4),
    max: round(s[s.length - 1] ?? NaN, 4),
  };
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
