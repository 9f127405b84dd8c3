/**
 * The access service: the key directory, the anonymous limiter and the usage recorder over one store, started and
 * stopped together. main.ts opens it (openAccess) before the app; the Fastify plugin (plugin.ts) uses it per request.
 */
import type { Config } from '../config.js';
import { openStore, type Store } from '../store/db.js';
import { listKeys } from '../store/keys.js';
import { KeyDirectory } from './directory.js';
import { MemoryLimiter, noLimit, RedisLimiter, type AnonymousLimiter, type LimitSettings } from './limiter.js';
import type { Log } from './log.js';
import { UsageRecorder } from './usage.js';

export interface AccessSettings {
  anonymous: LimitSettings;
  keyRefreshMs: number;
  statsFlushMs: number;
  redisUrl?: string | undefined;
  redisKeyPrefix: string;
}

export function accessSettings(config: Config): AccessSettings {
  return {
    anonymous: {
      ratePerSecond: config.anonRatePerSecond,
      burst: config.anonBurst,
      tracking:
        config.anonTrackingRatePerSecond > 0
          ? { ratePerSecond: config.anonTrackingRatePerSecond, burst: config.anonTrackingBurst }
          : undefined,
    },
    keyRefreshMs: Math.round(config.keyRefreshSeconds * 1000),
    statsFlushMs: Math.round(config.statsFlushSeconds * 1000),
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
  };
}

export interface AccessService {
  readonly settings: AccessSettings;
  readonly store: Store;
  readonly keys: KeyDirectory;
  readonly limiter: AnonymousLimiter;
  readonly usage: UsageRecorder;
  /** Writes pending statistics and releases Redis; the store is closed too when `ownsStore` was set. */
  close(): Promise<void>;
}

/** Starts the service on an open store. The first key load must succeed (the store was just reached). */
export async function createAccess(
  store: Store,
  settings: AccessSettings,
  log: Log,
  { ownsStore = false }: { ownsStore?: boolean } = {},
): Promise<AccessService> {
  const keys = new KeyDirectory(() => listKeys(store), settings.keyRefreshMs, log);
  await keys.start();
  const usage = UsageRecorder.forStore(store, settings.statsFlushMs, log);
  usage.start();
  let limiter: AnonymousLimiter;
  if (settings.anonymous.ratePerSecond === 0) {
    limiter = noLimit;
  } else if (settings.redisUrl) {
    const redis = new RedisLimiter(settings.redisUrl, settings.anonymous, settings.redisKeyPrefix, log);
    // Not fatal either way: without Redis each instance limits on its own until it connects.
    await redis.ready(2_000);
    limiter = redis;
  } else {
    limiter = new MemoryLimiter(settings.anonymous);
  }
  return {
    settings,
    store,
    keys,
    limiter,
    usage,
    async close() {
      await keys.stop();
      await usage.close();
      await limiter.close();
      if (ownsStore) await store.close();
    },
  };
}

/** main.ts: open the configured store (StoreError if unreachable) and start the access service on it. */
export async function openAccess(config: Config, log: Log): Promise<AccessService> {
  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onPoolError: (err) => log.warn({ err: err.message }, 'a PostgreSQL connection failed'),
  });
  try {
    const access = await createAccess(store, accessSettings(config), log, { ownsStore: true });
    log.info(
      {
        store: `${store.kind} ${store.location}`,
        keys: access.keys.size,
        anonymousLimit:
          access.limiter.mode === 'off'
            ? 'none (ANON_RATE_PER_SECOND=0)'
            : `${config.anonRatePerSecond}/s burst ${config.anonBurst}${config.anonTrackingRatePerSecond > 0 ? `, status reads ${config.anonTrackingRatePerSecond}/s burst ${config.anonTrackingBurst}` : ''} (${access.limiter.mode})`,
      },
      'access ready',
    );
    return access;
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
}
