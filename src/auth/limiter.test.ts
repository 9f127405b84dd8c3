import { describe, expect, it } from 'vitest';
import { TokenBucket } from './limiter.js';

describe('TokenBucket', () => {
  it('allows a burst, then the rate, and says how long to wait', () => {
    let now = 0;
    const bucket = new TokenBucket({ ratePerSecond: 2, burst: 3 }, () => now);
    expect([1, 2, 3].map(() => bucket.take().allowed)).toEqual([true, true, true]);
    expect(bucket.take()).toEqual({ allowed: false, retryAfterMs: 500 });
    now = 250;
    expect(bucket.take()).toEqual({ allowed: false, retryAfterMs: 250 });
    now = 500;
    expect(bucket.take().allowed).toBe(true);
    expect(bucket.take().allowed).toBe(false);
    now = 60_000; // a long pause refills only up to the burst
    expect([1, 2, 3, 4].map(() => bucket.take().allowed)).toEqual([true, true, true, false]);
  });
});
