/**
 * Polls one venue's live source on an interval and swaps each good result into the MarketStore. A failed poll
 * (network error, HTTP error, garbage, a result with no pools) changes nothing: the store keeps serving the last good
 * snapshot, and the status reports the error and how old the served state is. Polls never overlap (BackgroundLoop).
 */
import { BackgroundLoop } from '../../background-loop.js';
import type { MarketStore } from '../market-store.js';
import type { VenueSnapshot } from '../types.js';

/** Builds a fresh snapshot from the live source; `signal` aborts it when the poller stops. */
export type SnapshotFetcher = (signal: AbortSignal) => Promise<VenueSnapshot>;

export interface PollerOptions {
  venue: string;
  fetcher: SnapshotFetcher;
  store: MarketStore;
  intervalMs: number;
  /** State older than this is reported stale (default: three intervals). */
  staleAfterMs?: number;
  /** Clock, for tests. */
  now?: () => number;
  /** Called on each failed poll (the integrator logs it). */
  onError?: (err: unknown) => void;
}

export interface IngestStatus {
  venue: string;
  running: boolean;
  /** Where the served snapshot came from ("offline:…" until the first live success). */
  source: string | undefined;
  /** When the served state was read. */
  takenAt: string | undefined;
  ageMs: number | undefined;
  stale: boolean;
  lastSuccessAt: string | undefined;
  lastErrorAt: string | undefined;
  lastError: string | undefined;
  consecutiveFailures: number;
  polls: number;
  pools: number | undefined;
  /** Pools of the served snapshot whose full state is still being fetched (CL pools waiting for a tick model). */
  waiting: readonly string[];
}

export class VenuePoller {
  private readonly loop: BackgroundLoop<boolean>;
  private abort = new AbortController();
  private lastSuccessAt: number | undefined;
  private lastErrorAt: number | undefined;
  private lastError: string | undefined;
  private failures = 0;
  private polls = 0;
  private readonly now: () => number;

  constructor(private readonly opts: PollerOptions) {
    if (!(opts.intervalMs > 0)) throw new RangeError('intervalMs must be positive');
    this.now = opts.now ?? Date.now;
    this.loop = new BackgroundLoop({ pass: () => this.run(), delayAfter: () => opts.intervalMs });
  }

  /** Starts polling: one poll now, then one every interval after the previous one ends. */
  start(): void {
    if (this.loop.running) return;
    this.abort = new AbortController();
    this.loop.start();
  }

  /** Stops polling and aborts a poll in flight; resolves when it has settled. */
  async stop(): Promise<void> {
    const stopped = this.loop.stop();
    this.abort.abort();
    await stopped;
  }

  /** Runs one poll (or joins the one in flight). Resolves true if a new snapshot was stored. */
  pollOnce(): Promise<boolean> {
    return this.loop.runOnce();
  }

  private async run(): Promise<boolean> {
    this.polls++;
    try {
      const snapshot = await this.opts.fetcher(this.abort.signal);
      if (snapshot.venue !== this.opts.venue) throw new Error(`fetcher returned venue ${snapshot.venue}`);
      if (snapshot.pools.length === 0) throw new Error('live source returned no usable pools');
      this.opts.store.set(snapshot);
      this.lastSuccessAt = this.now();
      this.failures = 0;
      return true;
    } catch (err) {
      this.lastErrorAt = this.now();
      this.lastError = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      this.failures++;
      this.opts.onError?.(err);
      return false;
    }
  }

  status(): IngestStatus {
    const s = this.opts.store.get(this.opts.venue);
    const now = this.now();
    const ageMs = s ? now - s.takenAt.getTime() : undefined;
    const staleAfter = this.opts.staleAfterMs ?? 3 * this.opts.intervalMs;
    const iso = (t: number | undefined): string | undefined =>
      t === undefined ? undefined : new Date(t).toISOString();
    return {
      venue: this.opts.venue,
      running: this.loop.running,
      source: s?.source,
      takenAt: s?.takenAt.toISOString(),
      ageMs,
      stale: ageMs === undefined || ageMs > staleAfter,
      lastSuccessAt: iso(this.lastSuccessAt),
      lastErrorAt: iso(this.lastErrorAt),
      lastError: this.lastError,
      consecutiveFailures: this.failures,
      polls: this.polls,
      pools: s?.pools.length,
      waiting: s?.waiting ?? [],
    };
  }
}
