import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryLimiter, windowsOf } from './limiter.js';

describe('anonymous limit windows', () => {
  it('split a rate and a burst into a window of the rate and one of the rest of the burst', () => {
    expect(windowsOf({ ratePerSecond: 10, burst: 60 })).toEqual({
      rate: { points: 10, duration: 1 },
      burst: { points: 50, duration: 5 },
    });
    expect(windowsOf({ ratePerSecond: 0.1, burst: 5 })).toEqual({
      rate: { points: 1, duration: 10 },
      burst: { points: 4, duration: 40 },
    });
    // A burst below one second's rate: the rate window alone.
    expect(windowsOf({ ratePerSecond: 50, burst: 10 }).burst.points).toBe(0);
  });
});

describe('MemoryLimiter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  const takeN = async (l: MemoryLimiter, n: number) => {
    const out: boolean[] = [];
    for (let i = 0; i < n; i++) out.push((await l.take()).allowed);
    return out;
  };

  it('allows the burst at once, then the rate, and says how long to wait', async () => {
    const l = new MemoryLimiter({ ratePerSecond: 2, burst: 5 });
    expect(await takeN(l, 5)).toEqual([true, true, true, true, true]);
    const refused = await l.take();
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(1_000);
    // The next second brings the rate back; the burst allowance takes longer.
    vi.advanceTimersByTime(1_001);
    expect(await takeN(l, 3)).toEqual([true, true, false]);
    // A quiet period gives the whole burst back.
    vi.advanceTimersByTime(60_000);
    expect(await takeN(l, 6)).toEqual([true, true, true, true, true, false]);
  });
});
