/**
 * The one rate limit that all callers without a valid key share: a token bucket of `burst` tokens refilled at `rate`
 * per second, every anonymous request taking one.
 *
 * A token bucket rather than @fastify/rate-limit's fixed window: the spec asks for a rate and a burst, a window
 * lets twice the limit through around its edge, and the plugin's Redis store, on error, either fails requests or
 * stops limiting, where we want a per-instance limit to take over. With Redis the bucket lives in one hash updated by
 * one Lua script (atomic, one round trip, Redis's clock so instance clocks need not agree); without Redis, or while
 * Redis is unreachable, each instance keeps its own bucket with the same rate and burst and logs the change.
 */
import { Redis } from 'ioredis';
import type { Log } from './log.js';
import { describeError } from '../store/describe.js';

export interface Decision {
  allowed: boolean;
  /** When refused: how long until a token is available. */
  retryAfterMs: number;
}

export interface LimitSettings {
  ratePerSecond: number;
  burst: number;
}

export interface AnonymousLimiter {
  /**
   * `memory` without Redis, `redis` when shared, `fallback` while Redis is configured but unreachable, `off` when the
   * operator disabled the limit (rate 0: a private deployment behind the integrator's own gateway).
   */
  readonly mode: 'memory' | 'redis' | 'fallback' | 'off';
  take(): Decision | Promise<Decision>;
  close(): Promise<void>;
}

const ALLOWED: Decision = Object.freeze({ allowed: true, retryAfterMs: 0 });

export const noLimit: AnonymousLimiter = {
  mode: 'off',
  take: () => ALLOWED,
  close: async () => undefined,
};

/** In-process bucket: the limiter without Redis and the fallback with it. */
export class TokenBucket implements AnonymousLimiter {
  readonly mode = 'memory' as const;
  private tokens: number;
  private at: number;

  constructor(
    private readonly limits: LimitSettings,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = limits.burst;
    this.at = now();
  }

  take(): Decision {
    const now = this.now();
    if (now > this.at) {
      this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.at) * this.limits.ratePerSecond) / 1000);
      this.at = now;
    }
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return ALLOWED;
    }
    return { allowed: false, retryAfterMs: Math.ceil(((1 - this.tokens) * 1000) / this.limits.ratePerSecond) };
  }

  async close(): Promise<void> {}
}

/**
 * KEYS[1]: the bucket (hash with `tokens` and `at`, Redis time in ms); ARGV: rate per second, burst.
 * Returns {1, 0} when a token was taken, else {0, ms until one is available}. A refusal writes nothing: the stored
 * state already implies the same refill. The key expires once the bucket would be full again, which is the same as
 * it being absent.
 */
const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = burst
  at = now
end
if now > at then
  tokens = math.min(burst, tokens + (now - at) * rate / 1000)
  at = now
end
if tokens < 1 then
  return {0, math.ceil((1 - tokens) * 1000 / rate)}
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens - 1), 'at', string.format('%d', at))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return {1, 0}
`;

type RedisWithTake = Redis & { junctionTake(key: string, rate: number, burst: number): Promise<[number, number]> };

/** A command that has not answered within this long counts as Redis being unreachable for that request. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** How long a Redis that stopped answering is left alone before a request tries it again. */
const REDIS_PROBE_INTERVAL_MS = 1_000;

export class RedisLimiter implements AnonymousLimiter {
  private readonly client: RedisWithTake;
  private readonly local: TokenBucket;
  private readonly key: string;
  /** Redis said the bucket is empty until then: refuse locally without asking again (cheap under a flood). */
  private emptyUntil = 0;
  private degraded = false;
  /** After a failed command, requests use the local bucket until then instead of each waiting out a timeout. */
  private probeAt = 0;

  constructor(
    redisUrl: string,
    private readonly limits: LimitSettings,
    keyPrefix: string,
    private readonly log: Log,
  ) {
    this.key = `${keyPrefix}anonymous-bucket`;
    this.local = new TokenBucket(limits);
    this.client = new Redis(redisUrl, {
      // Fail fast instead of queueing while disconnected: the fallback bucket answers meanwhile.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      // Keep trying for ever, at most every 2 s, so the shared limit comes back by itself.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    }) as RedisWithTake;
    this.client.defineCommand('junctionTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    this.client.on('error', (err: unknown) => this.degrade(err));
    this.client.on('ready', () => this.recover());
  }

  get mode(): 'redis' | 'fallback' {
    return this.degraded || this.client.status !== 'ready' ? 'fallback' : 'redis';
  }

  async take(): Promise<Decision> {
    const now = Date.now();
    if (now < this.emptyUntil) return { allowed: false, retryAfterMs: this.emptyUntil - now };
    if (this.client.status !== 'ready' || now < this.probeAt) return this.local.take();
    try {
      const [allowed, waitMs] = await this.client.junctionTake(this.key, this.limits.ratePerSecond, this.limits.burst);
      if (this.degraded) this.recover();
      if (allowed === 1) return ALLOWED;
      this.emptyUntil = now + waitMs;
      return { allowed: false, retryAfterMs: waitMs };
    } catch (err) {
      this.probeAt = Date.now() + REDIS_PROBE_INTERVAL_MS;
      this.degrade(err);
      return this.local.take();
    }
  }

  /** Resolves once connected (or fails after `timeoutMs`); start-up uses it to log which mode it begins in. */
  async ready(timeoutMs: number): Promise<boolean> {
    if (this.client.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.client.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.client.once('ready', onReady);
    });
  }

  async close(): Promise<void> {
    this.client.removeAllListeners('error');
    this.client.on('error', () => undefined);
    this.client.disconnect();
  }

  private recover(): void {
    this.probeAt = 0;
    if (!this.degraded) return;
    this.degraded = false;
    this.log.info({}, 'Redis reachable again: the anonymous rate limit is shared by all instances again');
  }

  private degrade(err: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn(
      { err: describeError(err), ratePerSecond: this.limits.ratePerSecond, burst: this.limits.burst },
      'Redis unreachable: the anonymous rate limit is enforced per instance until it returns',
    );
  }
}
