/**
 * The generic cell rate algorithm (GCRA), the exact form of a token bucket: each request of cost c moves a
 * "theoretical arrival time" (TAT) on by c emission intervals (1 / rate); a request is allowed while the TAT stays
 * within `burst` intervals of now. Over any long period exactly `rate` requests per second pass (plus the burst
 * once), unlike fixed windows, which let up to twice the rate through at a window boundary. One number of state per
 * bucket, so the same arithmetic runs in memory and, as a Lua script, in Redis (limiter.ts).
 */

export interface BucketSettings {
  ratePerSecond: number;
  /** Requests that may arrive at once after a quiet period. */
  burst: number;
}

export interface GcraResult {
  allowed: boolean;
  /** When refused: how long until a request of the same cost would pass. */
  retryAfterMs: number;
  /** The bucket's new state (unchanged when refused). */
  tat: number;
}

export function gcra(tat: number, now: number, cost: number, b: BucketSettings): GcraResult {
  const interval = 1000 / b.ratePerSecond;
  const tolerance = b.burst * interval;
  const next = Math.max(tat, now) + cost * interval;
  if (next - now > tolerance) return { allowed: false, retryAfterMs: Math.ceil(next - now - tolerance), tat };
  return { allowed: true, retryAfterMs: 0, tat: next };
}

/** The same step in Redis, atomically, on Redis's clock. KEYS[1]: the bucket; ARGV: interval ms, tolerance ms, cost. */
export const GCRA_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local nextTat = tat + cost * interval
if nextTat - now > tolerance then
  return {0, math.ceil(nextTat - now - tolerance)}
end
redis.call('SET', KEYS[1], string.format('%.3f', nextTat), 'PX', math.ceil(nextTat - now) + 1000)
return {1, 0}
`;
