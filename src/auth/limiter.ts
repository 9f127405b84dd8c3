/**
 * The limit that all callers without a valid key share: `rate` requests per second, of which up to `burst` may
 * arrive at once, enforced exactly (GCRA, gcra.ts). Two buckets: `general` for everything, and `tracking` for the
 * status reads of transfers in flight (GET /v2/tx/status, POST /v2/tx/track), so the SDK polling once a second for
 * every transfer in progress cannot starve new users' /route calls — and new users cannot stall transfers.
 *
 * With Redis the buckets live there (one Lua step per request, on Redis's clock), shared by every instance; without
 * Redis, or while Redis is unreachable, each instance keeps the same buckets in memory and the change is logged
 * once. A refusal from Redis is remembered until the bucket has room, so a flood of refused requests costs no round
 * trips.
 */
import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { Log } from './log.js';
import { describeError } from '../store/describe.js';
import { gcra, GCRA_LUA, type BucketSettings } from './gcra.js';

export interface Decision {
  allowed: boolean;
  /** When refused: how long until a request may pass. */
  retryAfterMs: number;
}

/** `general`: every anonymous request but the status reads of transfers in flight, which use `tracking`. */
export type Bucket = 'general' | 'tracking';

export interface LimitSettings extends BucketSettings {
  /** The tracking bucket; without it, status reads share the general one. */
  tracking?: BucketSettings | undefined;
}

export interface AnonymousLimiter {
  /**
   * `memory` without Redis, `redis` when shared, `fallback` while Redis is configured but unreachable, `off` when the
   * operator disabled the limit (rate 0: a private deployment behind the integrator's own gateway).
   */
  readonly mode: 'memory' | 'redis' | 'fallback' | 'off';
  /** One request of `cost` (1 for most; more for requests that fan out) from `bucket`. */
  take(bucket?: Bucket, cost?: number): Decision | Promise<Decision>;
  close(): Promise<void>;
}

const load = createRequire(import.meta.url);
const ALLOWED: Decision = Object.freeze({ allowed: true, retryAfterMs: 0 });

export const noLimit: AnonymousLimiter = {
  mode: 'off',
  take: () => ALLOWED,
  close: async () => undefined,
};

/** The settings of a bucket (the tracking bucket falls back to the general one). */
export function bucketSettings(limits: LimitSettings, bucket: Bucket): BucketSettings {
  return bucket === 'tracking' && limits.tracking ? limits.tracking : limits;
}

/** The bucket a request counts against, after falling back when no tracking bucket is configured. */
const effective = (limits: LimitSettings, bucket: Bucket): Bucket =>
  bucket === 'tracking' && limits.tracking ? 'tracking' : 'general';

/** In-process buckets: the limiter without Redis and the fallback with it. */
export class MemoryLimiter implements AnonymousLimiter {
  readonly mode = 'memory' as const;
  private readonly tats: Record<Bucket, number> = { general: 0, tracking: 0 };

  constructor(
    private readonly limits: LimitSettings,
    private readonly now: () => number = Date.now,
  ) {}

  take(bucket: Bucket = 'general', cost = 1): Decision {
    const b = effective(this.limits, bucket);
    const r = gcra(this.tats[b], this.now(), cost, bucketSettings(this.limits, b));
    this.tats[b] = r.tat;
    return r.allowed ? ALLOWED : { allowed: false, retryAfterMs: Math.max(1, r.retryAfterMs) };
  }

  async close(): Promise<void> {}
}

/** A command that has not answered within this long counts as Redis being unreachable for that request. */
const REDIS_COMMAND_TIMEOUT_MS = 250;
/** How long a Redis that stopped answering is left alone before a request tries it again. */
export const REDIS_PROBE_INTERVAL_MS = 1_000;

export class RedisLimiter implements AnonymousLimiter {
  private readonly client: IoRedis.Redis;
  private readonly keyPrefix: string;
  private readonly local: MemoryLimiter;
  private degraded = false;
  /** Redis said both windows are full until then: refuse locally without asking again (cheap under a flood). */
  private readonly emptyUntil: Record<Bucket, number> = { general: 0, tracking: 0 };
  /** After a failed command, requests use the local buckets until then instead of each waiting out a timeout. */
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
      // Fail fast instead of queueing while disconnected: the local buckets answer meanwhile.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      // Keep trying for ever, at most every 2 s, so the shared limit comes back by itself.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    this.keyPrefix = `${keyPrefix}anonymous-gcra-`;
    this.client.on('error', (err: unknown) => this.degrade(err));
    this.client.on('ready', () => this.recover());
  }

  get mode(): 'redis' | 'fallback' {
    return this.degraded || this.client.status !== 'ready' ? 'fallback' : 'redis';
  }

  async take(bucket: Bucket = 'general', cost = 1): Promise<Decision> {
    const b = effective(this.limits, bucket);
    const now = Date.now();
    if (now < this.emptyUntil[b]) return { allowed: false, retryAfterMs: this.emptyUntil[b] - now };
    if (this.client.status !== 'ready' || now < this.probeAt) return this.local.take(b, cost);
    try {
      const s = bucketSettings(this.limits, b);
      const interval = 1000 / s.ratePerSecond;
      const [allowed, retryAfterMs] = (await this.client.eval(
        GCRA_LUA,
        1,
        `${this.keyPrefix}${b}`,
        String(interval),
        String(s.burst * interval),
        String(cost),
      )) as [number, number];
      if (this.degraded) this.recover();
      if (allowed === 1) return ALLOWED;
      // A refusal of one request holds for every request until then (a costlier one may be refused longer).
      if (cost <= 1) this.emptyUntil[b] = now + retryAfterMs;
      return { allowed: false, retryAfterMs: Math.max(1, retryAfterMs) };
    } catch (err) {
      this.probeAt = Date.now() + REDIS_PROBE_INTERVAL_MS;
      this.degrade(err);
      return this.local.take(b, cost);
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
    this.emptyUntil.general = this.emptyUntil.tracking = 0; // a Redis that restarted holds fresh buckets
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
