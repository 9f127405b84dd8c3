/**
 * Live USD prices from a CoinGecko-compatible API, served from memory. A background loop refreshes the cache; the
 * request path only reads it, so a slow or failing API never delays a route, and a price older than `maxAgeMs`
 * (counted from the provider's own update time) is not returned, so a stale figure never decides a safety verdict.
 */
import { BackgroundLoop } from '../../background-loop.js';
import { coingeckoIdOf } from './resolve.js';
import {
  COINGECKO_DEFAULTS,
  fetchSimplePrices,
  type CoinGeckoClientOptions,
  type FetchedPrice,
  type PriceApiError,
} from './coingecko-client.js';
import type { AssetLookup, PriceQuote, PriceSource } from './types.js';

export interface LivePriceOptions extends Partial<CoinGeckoClientOptions> {
  /**
   * Oldest price used, in ms. Default 5 minutes: the staleness bound Skip documents for its own CoinGecko prices,
   * and with the default 60 s refresh it survives a few failed refreshes before prices drop out.
   */
  maxAgeMs?: number;
  /** Pause between successful refreshes. */
  refreshIntervalMs?: number;
  /** Longest pause after repeated failures (the pause doubles per failure up to this). */
  maxBackoffMs?: number;
  /** Clock for asOf of received prices; injected by tests. */
  clock?: () => number;
  /** Told about every failed batch or rejected field (the wiring passes a logger). */
  onError?: (err: PriceApiError) => void;
}

const LIVE_DEFAULTS = {
  maxAgeMs: 5 * 60_000,
  refreshIntervalMs: 60_000,
  maxBackoffMs: 10 * 60_000,
} as const;

export interface RefreshReport {
  asked: number;
  received: number;
  failedBatches: number;
  errors: PriceApiError[];
}

export interface LiveStatus {
  entries: number;
  lastAttemptAt: Date | undefined;
  lastSuccessAt: Date | undefined;
  lastError: string | undefined;
  consecutiveFailures: number;
}

export class LivePriceSource implements PriceSource {
  readonly name: string;
  private readonly cache = new Map<string, FetchedPrice>();
  private ids: string[] = [];
  private readonly client: CoinGeckoClientOptions;
  private readonly maxAgeMs: number;
  private readonly clock: () => number;
  private readonly loop: BackgroundLoop<RefreshReport>;
  private failures = 0;
  private lastAttemptAt: number | undefined;
  private lastSuccessAt: number | undefined;
  private lastError: string | undefined;

  constructor(
    private readonly lookup: AssetLookup,
    private readonly options: LivePriceOptions = {},
  ) {
    this.client = { ...COINGECKO_DEFAULTS, ...stripUndefined(options) };
    this.maxAgeMs = options.maxAgeMs ?? LIVE_DEFAULTS.maxAgeMs;
    this.clock = options.clock ?? Date.now;
    this.name = `live:${hostOf(this.client.baseUrl)}`;
    this.loop = new BackgroundLoop({
      pass: () => this.doRefresh(),
      delayAfter: (outcome) => {
        if (outcome.ok) return this.nextDelay(outcome.value);
        // A refresh reports failures in its result; should it ever throw, the loop still goes on, backing off.
        this.failures++;
        this.lastError = String(outcome.error);
        return this.nextDelay(undefined);
      },
    });
  }

  /** The CoinGecko ids to keep fresh (typically every id the registry's assets carry). */
  setIds(ids: Iterable<string>): void {
    this.ids = [...new Set(ids)].filter((id) => id.length > 0).sort();
  }

  usdPrice(chainId: string, denom: string, now: number): PriceQuote | undefined {
    const id = coingeckoIdOf(this.lookup, chainId, denom);
    if (!id) return undefined;
    const hit = this.cache.get(id);
    if (!hit || now - hit.asOf.getTime() > this.maxAgeMs) return undefined;
    return { price: hit.price, asOf: hit.asOf, source: this.name, detail: `coingecko:${id}` };
  }

  /**
   * One refresh round; never throws. Concurrent calls share the round in flight. Entries that this round does not
   * return keep their old time and age out on their own.
   */
  refresh(): Promise<RefreshReport> {
    return this.loop.runOnce();
  }

  /** Starts the background loop (first refresh immediately). The timer does not keep the process alive. */
  start(): void {
    this.loop.start();
  }

  /** Stops the loop and waits for a refresh in flight. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  status(): LiveStatus {
    return {
      entries: this.cache.size,
      lastAttemptAt: this.lastAttemptAt === undefined ? undefined : new Date(this.lastAttemptAt),
      lastSuccessAt: this.lastSuccessAt === undefined ? undefined : new Date(this.lastSuccessAt),
      lastError: this.lastError,
      consecutiveFailures: this.failures,
    };
  }

  private async doRefresh(): Promise<RefreshReport> {
    const ids = this.ids;
    this.lastAttemptAt = this.clock();
    const result = await fetchSimplePrices(ids, this.client, this.clock);
    for (const [id, p] of result.prices) {
      const old = this.cache.get(id);
      if (!old || old.asOf.getTime() <= p.asOf.getTime()) this.cache.set(id, p);
    }
    for (const e of result.errors) this.options.onError?.(e);
    if (result.failedBatches > 0) {
      this.failures++;
      this.lastError = result.errors.at(-1)?.message;
    } else {
      this.failures = 0;
      this.lastSuccessAt = this.clock();
      this.lastError = undefined;
    }
    return {
      asked: ids.length,
      received: result.prices.size,
      failedBatches: result.failedBatches,
      errors: result.errors,
    };
  }

  private nextDelay(report: RefreshReport | undefined): number {
    return nextRefreshDelay(this.failures, report, this.options);
  }
}

/** Regular interval after success; doubling back-off after failures, capped; at least what a Retry-After asked for. */
export function nextRefreshDelay(
  failures: number,
  report: Pick<RefreshReport, 'errors'> | undefined,
  options: Pick<LivePriceOptions, 'refreshIntervalMs' | 'maxBackoffMs'> = {},
): number {
  const interval = options.refreshIntervalMs ?? LIVE_DEFAULTS.refreshIntervalMs;
  const cap = options.maxBackoffMs ?? LIVE_DEFAULTS.maxBackoffMs;
  let delay = failures === 0 ? interval : Math.min(cap, interval * 2 ** Math.min(failures, 20));
  for (const e of report?.errors ?? [])
    if (e.retryAfterSeconds) delay = Math.max(delay, Math.min(cap, e.retryAfterSeconds * 1000));
  return delay;
}

/** Every CoinGecko id carried by the assets of the given chains (what the live source should keep fresh). */
export function coingeckoIdsOf(registry: {
  chains: ReadonlyMap<string, unknown>;
  listedAssets(chainId: string): Iterable<{ wire: { coingecko_id?: string | null } }>;
}): string[] {
  const ids = new Set<string>();
  for (const chainId of registry.chains.keys()) {
    for (const a of registry.listedAssets(chainId)) if (a.wire.coingecko_id) ids.add(a.wire.coingecko_id);
  }
  return [...ids].sort();
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
