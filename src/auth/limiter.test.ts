import { afterAll, describe, expect, it } from 'vitest';
import { MemoryLimiter, RedisLimiter, type Bucket, type LimitSettings } from './limiter.js';
import { silentLog } from './log.js';
import { TEST_REDIS_URL, uniqueName } from './test-helpers/servers.js';

/** Offers `perSecond` requests a second for `seconds` on a simulated clock; answers how many were allowed. */
function offer(l: MemoryLimiter, clock: { t: number }, perSecond: number, seconds: number, bucket: Bucket = 'general') {
  let allowed = 0;
  for (let i = 0; i < perSecond * seconds; i++) {
    clock.t += 1000 / perSecond;
    if (l.take(bucket).allowed) allowed++;
  }
  return allowed;
}

const limits: LimitSettings = { ratePerSecond: 10, burst: 60, tracking: { ratePerSecond: 50, burst: 100 } };

describe('MemoryLimiter (GCRA)', () => {
  it('lets exactly the configured rate through under a flood, the burst once (fixed windows let twice through)', () => {
    for (const rate of [0.5, 10, 37]) {
      const clock = { t: 1_000_000 };
      const l = new MemoryLimiter({ ratePerSecond: rate, burst: 5 }, () => clock.t);
      const seconds = 120;
      const allowed = offer(l, clock, Math.max(20, rate * 10), seconds);
      const expected = rate * seconds + 5;
      // Exact to one request (the last interval may be cut short by the end of the run).
      expect(Math.abs(allowed - expected), `rate ${rate}: ${allowed} of ${expected}`).toBeLessThanOrEqual(1);
    }
  });

  it('allows the burst at once, then says how long to wait, and the wait is right', () => {
    const clock = { t: 1_000_000 };
    const l = new MemoryLimiter({ ratePerSecond: 2, burst: 5 }, () => clock.t);
    for (let i = 0; i < 5; i++) expect(l.take().allowed).toBe(true);
    const refused = l.take();
    expect(refused).toEqual({ allowed: false, retryAfterMs: 500 });
    clock.t += 499;
    expect(l.take().allowed).toBe(false);
    clock.t += 1;
    expect(l.take().allowed).toBe(true);
    // A quiet period gives the whole burst back, no more.
    clock.t += 60_000;
    let n = 0;
    while (l.take().allowed) n++;
    expect(n).toBe(5);
  });

  it('status reads have their own bucket: 25 pollers at 1/s leave the general bucket whole', () => {
    const clock = { t: 1_000_000 };
    const l = new MemoryLimiter(limits, () => clock.t);
    // 25 pollers, once a second each, for a minute: all pass, and the general bucket still holds its burst.
    expect(offer(l, clock, 25, 60, 'tracking')).toBe(25 * 60);
    let n = 0;
    while (l.take('general').allowed) n++;
    expect(n).toBe(60);
    // Without a tracking bucket the same polling eats the general one.
    const shared = new MemoryLimiter({ ratePerSecond: 10, burst: 60 }, () => clock.t);
    expect(offer(shared, clock, 25, 60, 'tracking')).toBeLessThan(25 * 60 * 0.5);
  });

  it('a costlier request takes more of the bucket', () => {
    const clock = { t: 1_000_000 };
    const l = new MemoryLimiter({ ratePerSecond: 10, burst: 10 }, () => clock.t);
    expect(l.take('general', 8).allowed).toBe(true);
    expect(l.take('general', 3).allowed).toBe(false);
    expect(l.take('general', 2).allowed).toBe(true);
    expect(l.take().allowed).toBe(false);
  });
});

describe('RedisLimiter (the same GCRA in Lua, on Redis)', () => {
  const made: RedisLimiter[] = [];
  afterAll(async () => {
    for (const l of made) await l.close();
  });

  it('two instances share the buckets: together they get the burst, then are refused with the right wait', async () => {
    const prefix = `${uniqueName('gcra')}:`;
    const settings = { ratePerSecond: 1, burst: 6, tracking: { ratePerSecond: 1, burst: 3 } };
    const a = new RedisLimiter(TEST_REDIS_URL, settings, prefix, silentLog);
    const b = new RedisLimiter(TEST_REDIS_URL, settings, prefix, silentLog);
    made.push(a, b);
    expect(await a.ready(5_000)).toBe(true);
    expect(await b.ready(5_000)).toBe(true);
    const general = [];
    for (let i = 0; i < 4; i++) general.push((await a.take()).allowed, (await b.take()).allowed);
    // 6 of 8 pass (a second at 1/s may have added one more on a slow machine).
    expect(general.filter(Boolean).length).toBeGreaterThanOrEqual(6);
    expect(general.filter(Boolean).length).toBeLessThanOrEqual(7);
    const refused = await a.take();
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(1_000);
    expect(a.mode).toBe('redis');
    // The tracking bucket is untouched by that.
    expect((await b.take('tracking')).allowed).toBe(true);
  });
});
