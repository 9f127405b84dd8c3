/**
 * Per-key monthly statistics: requests, routes quoted, USD volume and affiliate fee revenue.
 *
 * Recording only adds to counters in memory, so the request path never waits on the database; a timer writes the
 * batch every `flushMs` (STATS_FLUSH_SECONDS) in one transaction. A failed write keeps the batch, with its id, to be
 * retried unchanged before the next one, so a database outage delays statistics but loses none (except what a process
 * killed during the outage still held in memory), and a batch committed just before the connection broke is not
 * counted twice. Each instance flushes its own batches; the store adds them up.
 */
import { randomUUID } from 'node:crypto';
import { BackgroundLoop } from '../background-loop.js';
import { addUsd, roundUsd } from '../store/usd.js';
import { addUsage, type UsageCounts, type UsageDelta } from '../store/usage.js';
import type { Log } from './log.js';

export interface RouteFigures {
  /** USD value of the route's input, a non-negative decimal string. */
  usdVolume: string;
  /** USD value of the affiliate fees the route pays, a non-negative decimal string. */
  affiliateFeeUsd: string;
}

/** `YYYY-MM` of a date, UTC. */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export class UsageRecorder {
  /** By month, then key id: two lookups on strings that are reused (no key built per request). */
  private pending = new Map<string, Map<string, UsageDelta>>();
  private readonly loop: BackgroundLoop<void>;
  private failing = false;
  /**
   * A batch whose write failed, kept unchanged with its id until it is written: the database may have committed it
   * before the connection broke, and only the same id lets the retry be recognised (store/usage.ts).
   */
  private unsent: { id: string; deltas: UsageDelta[] } | undefined;
  /** The current month and when it ends, so counting a request does not format a date each time. */
  private month = '';
  private monthEndsAt = 0;

  constructor(
    private readonly write: (deltas: UsageDelta[], batchId: string) => Promise<void>,
    readonly flushMs: number,
    private readonly log: Log,
    /** Clock in ms; tests move it across a month boundary. */
    private readonly now: () => number = Date.now,
  ) {
    this.loop = new BackgroundLoop({ pass: () => this.writePending(), delayAfter: () => flushMs });
  }

  static forStore(store: Parameters<typeof addUsage>[0], flushMs: number, log: Log): UsageRecorder {
    return new UsageRecorder((deltas, batchId) => addUsage(store, deltas, batchId), flushMs, log);
  }

  start(): void {
    this.loop.start(this.flushMs);
  }

  recordRequest(keyId: string): void {
    this.entry(keyId).requests += 1;
  }

  /**
   * Counts a quoted route. The exact USD figures are rounded to USD_STORED_PLACES first (they may carry 40 and more
   * fractional digits). Throws RangeError on a figure that is not a non-negative decimal string (a caller's bug).
   */
  recordRoute(keyId: string, figures: RouteFigures): void {
    const volume = roundUsd(figures.usdVolume);
    const fee = roundUsd(figures.affiliateFeeUsd);
    const e = this.entry(keyId);
    e.routes += 1;
    e.usdVolume = addUsd(e.usdVolume, volume);
    e.affiliateFeeUsd = addUsd(e.affiliateFeeUsd, fee);
  }

  /** What this instance has recorded for a key and month but not yet written. */
  unflushed(keyId: string, month: string): UsageCounts {
    const out: UsageCounts = { requests: 0, routes: 0, usdVolume: '0', affiliateFeeUsd: '0' };
    for (const e of [
      this.pending.get(month)?.get(keyId),
      ...(this.unsent?.deltas ?? []).filter((d) => d.keyId === keyId && d.month === month),
    ]) {
      if (!e) continue;
      out.requests += e.requests;
      out.routes += e.routes;
      out.usdVolume = addUsd(out.usdVolume, e.usdVolume);
      out.affiliateFeeUsd = addUsd(out.affiliateFeeUsd, e.affiliateFeeUsd);
    }
    return out;
  }

  /** Writes what is pending; never throws (a failure keeps the batch for the next flush). One flush at a time. */
  flush(): Promise<void> {
    return this.loop.runOnce();
  }

  /** Stops the timer and writes what is left; reports (does not throw) what could not be written. */
  async close(): Promise<void> {
    await this.loop.stop();
    await this.flush();
    const unwritten = this.unwrittenDeltas();
    if (unwritten.length > 0) this.log.error({ unwritten }, 'usage statistics could not be written before exit');
  }

  private async writePending(): Promise<void> {
    // The failed batch first, unchanged; then what was recorded since, as a new batch.
    if (this.unsent && !(await this.send(this.unsent))) return;
    this.unsent = undefined;
    const deltas = this.pendingDeltas();
    if (deltas.length === 0) return;
    this.pending = new Map();
    const batch = { id: randomUUID(), deltas };
    if (!(await this.send(batch))) this.unsent = batch;
  }

  private async send(batch: { id: string; deltas: UsageDelta[] }): Promise<boolean> {
    try {
      await this.write(batch.deltas, batch.id);
      if (this.failing) this.log.info({}, 'usage statistics are being written again');
      this.failing = false;
      return true;
    } catch (err) {
      if (!this.failing) {
        this.log.warn({ err: String((err as Error)?.message ?? err) }, 'cannot write usage statistics; will retry');
      }
      this.failing = true;
      return false;
    }
  }

  private currentMonth(): string {
    const now = this.now();
    if (now >= this.monthEndsAt) {
      const date = new Date(now);
      this.month = monthOf(date);
      this.monthEndsAt = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    }
    return this.month;
  }

  private entry(keyId: string): UsageDelta {
    return this.entryFor(keyId, this.currentMonth());
  }

  private entryFor(keyId: string, month: string): UsageDelta {
    let byKey = this.pending.get(month);
    if (!byKey) {
      byKey = new Map();
      this.pending.set(month, byKey);
    }
    let e = byKey.get(keyId);
    if (!e) {
      e = { keyId, month, requests: 0, routes: 0, usdVolume: '0', affiliateFeeUsd: '0' };
      byKey.set(keyId, e);
    }
    return e;
  }

  private pendingDeltas(): UsageDelta[] {
    return [...this.pending.values()].flatMap((byKey) => [...byKey.values()]);
  }

  /** Everything recorded and not yet written: the failed batch and what is pending. */
  private unwrittenDeltas(): UsageDelta[] {
    return [...(this.unsent?.deltas ?? []), ...this.pendingDeltas()];
  }
}
