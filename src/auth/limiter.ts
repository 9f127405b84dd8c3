/**
 * The one rate limit that all callers without a valid key share: `rate` requests per second, of which up to `burst`
 * may arrive at once. Built on rate-limiter-flexible's BurstyRateLimiter: a window of the steady rate
 * (ceil(1/rate) seconds holding rate × window requests) backed by a burst window that holds the rest of the burst
 * and refills over the time the rate needs to earn it (burst / rate seconds). A request is allowed when either window
 * has room, so a quiet period gives back the whole burst and a flood gets the rate.
 *
 * With Redis both windows live there (rate-limiter-flexible's atomic Lua increment; Redis's clock), shared by every
 * instance; without Redis, or while Redis is unreachable, each instance keeps the same windows in memory and the
 * change is logged once. A refusal from Redis is remembered until its windows reset, so a flood of refused requests
 * costs no round trips.
 */
import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type * as Rlf from 'rate-limiter-flexible';
import type { BurstyRateLimiter as BurstyLimiter, RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Log } from './log.js';
import { describeError } from '../store/describe.js';

export interface Decision {
  allowed: boolean;
  /** When refused: how long until a request may pass. */
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

// The four classes used, from their own files: the package's index loads every backend it supports (MongoDB,
// MySQL, DynamoDB, etcd, ...), some 40 ms of start-up for nothing.
const load = createRequire(import.meta.url);
const { BurstyRateLimiter, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } = {
  BurstyRateLimiter: load('rate-limiter-flexible/lib/BurstyRateLimiter.js') as typeof Rlf.BurstyRateLimiter,
  RateLimiterMemory: load('rate-limiter-flexible/lib/RateLimiterMemory.js') as typeof Rlf.RateLimiterMemory,
  RateLimiterRedis: load('rate-limiter-flexible/lib/RateLimiterRedis.js') as typeof Rlf.RateLimiterRedis,
  RateLimiterRes: load('rate-limiter-flexible/lib/RateLimiterRes.js') as typeof Rlf.RateLimiterRes,
};

const ALLOWED: Decision = Object.freeze({ allowed: true, retryAfterMs: 0 });
/** Every anonymous caller shares one counter. */
const KEY = 'all';

export const noLimit: AnonymousLimiter = {
  mode: 'off',
  take: () => ALLOWED,
  close: async () => undefined,
};

/** Windows (whole seconds: Redis expiries are) of the steady rate and of the rest of the burst. */
export function windowsOf(limits: LimitSettings): {
  rate: { points: number; duration: number };
  burst: { points: number; duration: number };
} {
  const duration = Math.max(1, Math.ceil(1 / limits.ratePerSecond));
  const points = Math.max(1, Math.round(limits.ratePerSecond * duration));
  const extra = Math.max(0, limits.burst - points);
  return {
    rate: { points, duration },
    burst: { points: extra, duration: Math.max(1, Math.ceil(extra / limits.ratePerSecond)) },
  };
}

type Consumer = Pick<RateLimiterAbstract, 'consume'> | BurstyLimiter;

function bursty(
  limits: LimitSettings,
  make: (prefix: string, w: { points: number; duration: number }) => RateLimiterAbstract,
): Consumer {
  const w = windowsOf(limits);
  const rate = make('rate', w.rate);
  return w.burst.points > 0 ? new BurstyRateLimiter(rate, make('burst', w.burst)) : rate;
}

/** A refusal (RateLimiterRes) becomes a decision; anything else (a Redis error) is rethrown. */
async function decide(limiter: Consumer): Promise<Decision> {
  try {
    await limiter.consume(KEY);
    return ALLOWED;
  } catch (res) {
    if (res instanceof RateLimiterRes) return { allowed: false, retryAfterMs: Math.max(1, res.msBeforeNext) };
    throw res;
  }
}

/** In-process windows: the limiter without Redis and the fallback with it. */
export class MemoryLimiter implements AnonymousLimiter {
  readonly mode = 'memory' as const;
  private readonly limiter: Consumer;

  constructor(limits: LimitSettings) {
    this.limiter = bursty(limits, (prefix, w) => new RateLimiterMemory({ keyPrefix: prefix, ...w }));
  }

  take(): Promise<Decision> {
    return decide(this.limiter);
  }

  async close(): Promise<void> {}
}

/** A command that has not answered within this long counts as Redis being unreachable for that request. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** How long a Redis that stopped answering is left alone before a request tries it again. */
export const REDIS_PROBE_INTERVAL_MS = 1_000;

export class RedisLimiter implements AnonymousLimiter {
  private readonly client: IoRedis.Redis;
  private readonly shared: Consumer;
  private readonly local: MemoryLimiter;
  private degraded = false;
  /** Redis said both windows are full until then: refuse locally without asking again (cheap under a flood). */
  private emptyUntil = 0;
  /** After a failed command, requests use the local windows until then instead of each waiting out a timeout. */
  private probeAt = 0;

  constructor(
    redisUrl: string,
    private readonly limits: LimitSettings,
    keyPrefix: string,
    private readonly log: Log,
  ) {
    this.local = new MemoryLimiter(limits);
    // Required here, not imported: only a deployment with REDIS_URL needs the client (~40 ms of a cold start).
    const { Redis: RedisClient } = load('ioredis') as typeof IoRedis;
    this.client = new RedisClient(redisUrl, {
      // Fail fast instead of queueing while disconnected: the local windows answer meanwhile.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      // Keep trying for ever, at most every 2 s, so the shared limit comes back by itself.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    this.shared = bursty(
      limits,
      (name, w) =>
        new RateLimiterRedis({
          storeClient: this.client,
          keyPrefix: `${keyPrefix}anonymous-${name}`,
          rejectIfRedisNotReady: true,
          ...w,
        }),
    );
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
      const decision = await decide(this.shared);
      if (this.degraded) this.recover();
      if (!decision.allowed) this.emptyUntil = now + decision.retryAfterMs;
      return decision;
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

  /** Whether Redis answers a PING now (for /health). */
  async ping(): Promise<boolean> {
    if (this.client.status !== 'ready') return false;
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.client.removeAllListeners('error');
    this.client.on('error', () => undefined);
    this.client.disconnect();
  }

  private recover(): void {
    this.probeAt = 0;
    this.emptyUntil = 0; // a Redis that restarted holds fresh windows
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
