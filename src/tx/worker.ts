/**
 * The tracking worker: claims due tracked transactions (leases, see tracked-store.ts), takes one step of each on
 * chain, stores the new record and wire status, and tells the listeners (event streams, webhooks) what changed.
 * A step that finds nothing new makes the next look wait longer (TX_POLL_INTERVAL_MS × 1.5^n up to
 * TX_POLL_MAX_INTERVAL_MS); any progress resets the wait. A node that fails is the same as no progress: the
 * transaction is looked at again later, and only an unreachable chain's own transfers wait.
 *
 * The worker also retires what has ended: every `retireEveryMs` it deletes transactions terminal for longer than
 * TX_RETENTION_SECONDS and webhook deliveries finished as long ago, so the tables stay bounded by traffic × retention.
 */
import { randomBytes } from 'node:crypto';
import { BackgroundLoop } from '../background-loop.js';
import type { StatusResponse, StatusError } from '../wire/tx.js';
import type { Store } from '../store/db.js';
import type { Log } from '../auth/log.js';

/** pino's logger fits; debug is optional so tests can pass the auth layer's silent log. */
export type TxLog = Log & { debug?(obj: object, msg: string): void };
import type { InitialTx, Leg, TrackRecord } from './record.js';
import { isTerminal, statusOf, summarizeLeg, type TrackerSet } from './status.js';
import { claimDue, retireTracked, saveTracked, type TrackedRow, type TrackedUpdate } from './tracked-store.js';
import { retireDeliveries } from './webhooks.js';
import { retireForwardingAccounts } from '../bridges/cctp/forwarding-book.js';
import type { IncludedTx, TrackerEnv } from './tracker.js';

export interface WorkerSettings {
  pollIntervalMs: number;
  pollMaxIntervalMs: number;
  notFoundAbandonMs: number;
  stallAbandonMs: number;
  concurrency: number;
  leaseMs: number;
  /** How often the worker looks for due rows when it found none. */
  idleTickMs?: number;
  /** How long a terminal transaction (and a finished webhook delivery) is kept (TX_RETENTION_SECONDS). */
  retentionMs?: number;
  /** How often retirement runs. */
  retireEveryMs?: number;
}

/** What the worker logs (at debug) when a step failed on chain and is left for the next look. */
export const STEP_FAILED = 'tracking step failed; will retry';

/** TX_RETENTION_SECONDS's default, in milliseconds: a week. */
const DEFAULT_RETENTION_MS = 7 * 24 * 3600 * 1000;
const DEFAULT_RETIRE_EVERY_MS = 60_000;

export interface Change {
  chainId: string;
  txHash: string;
  keyId: string | null;
  previousState: string;
  status: StatusResponse;
  statusText: string;
}

/** Looks up the initial transaction on its chain (null while it is not included). */
async function findIncluded(env: TrackerEnv, record: TrackRecord): Promise<IncludedTx | null> {
  if (record.chain_type === 'cosmos') return env.clients.cosmos(record.chain_id).getTx(record.tx_hash);
  if (record.chain_type === 'evm') return env.clients.evm(record.chain_id).getIncluded(record.tx_hash);
  return env.clients.solana(record.chain_id).getIncluded(record.tx_hash);
}

function executionError(tx: IncludedTx): StatusError {
  const message = tx.log || `transaction failed with code ${tx.code}`;
  return { type: 'STATUS_ERROR_TRANSACTION_EXECUTION', message, details: { code: tx.code, message } };
}

/** Whether a leg can still change on chain. */
function legOpen(trackers: TrackerSet, leg: Leg): boolean {
  const s = summarizeLeg(trackers, leg);
  if (s.outcome === 'failure') return !s.settled;
  return s.outcome !== 'success' || s.expectsNext || !s.settled;
}

/** The first bridge whose contracts the transaction touched, with that bridge's deadline. */
function bridgeContact(tx: IncludedTx, env: TrackerEnv, trackers: TrackerSet): InitialTx['bridge_contact'] {
  for (const t of trackers.values()) {
    const c = t.recognises?.(tx, env);
    if (c) return { ...c, deadline_ms: t.deadlineMs ?? 0 };
  }
  return null;
}

/** An EVM call to a contract that emitted no event: it moved nothing Junction (or anyone) can see. */
async function isSilentCall(tx: IncludedTx, env: TrackerEnv): Promise<boolean> {
  if (tx.logs.length > 0 || tx.events.length > 0 || !tx.to) return false;
  const code = await env.clients.evm(tx.chainId).client.getCode({ address: tx.to as `0x${string}` });
  return !!code && code !== '0x';
}

/**
 * How long the record may go without progress: each open leg's bridge states its own deadline (an Axelar message
 * legitimately waits longer than an IBC packet), the worker's setting otherwise; a transaction that touched a bridge
 * Junction cannot follow waits for that bridge's deadline.
 */
function stallLimit(record: TrackRecord, trackers: TrackerSet, fallbackMs: number): number {
  let limit = 0;
  for (const t of record.transfers) {
    for (const leg of t.legs) {
      if (!legOpen(trackers, leg)) continue;
      limit = Math.max(limit, trackers.get(leg.kind)?.deadlineMs ?? fallbackMs);
    }
  }
  const contact = record.initial?.bridge_contact;
  if (contact?.emitted) limit = Math.max(limit, contact.deadline_ms || fallbackMs);
  return limit || fallbackMs;
}

/** One step of tracking: a new record (the input is not modified). Chain failures propagate to the caller. */
async function stepRecord(record: TrackRecord, env: TrackerEnv, trackers: TrackerSet): Promise<TrackRecord> {
  const next: TrackRecord = structuredClone(record);
  if (!next.initial) {
    const tx = await findIncluded(env, next);
    if (!tx) return next;
    next.initial = { height: tx.height, time: tx.time, ok: tx.ok, error: tx.ok ? null : executionError(tx) };
    if (!tx.ok) return next;
    next.transfers = [...trackers.values()].flatMap((t) => t.discover(tx, env)).map((leg) => ({ legs: [leg as Leg] }));
    next.initial.unfollowable = [...trackers.values()].flatMap((t) => t.unfollowable?.(tx, env) ?? []);
    if (next.transfers.length === 0) {
      next.initial.bridge_contact = bridgeContact(tx, env, trackers);
      next.initial.silent_call = !next.initial.bridge_contact && (await isSilentCall(tx, env));
    }
    // Carry on in the same pass: the first hop may well have arrived already.
  }
  await Promise.all(
    next.transfers.map(async (transfer) => {
      // Legs in order: a step may append the next hop, which is then looked at in the same pass.
      for (let i = 0; i < transfer.legs.length; i++) {
        const leg = transfer.legs[i]!;
        if (!legOpen(trackers, leg)) continue;
        const tracker = trackers.get(leg.kind)!;
        const { leg: updated, next: started } = await tracker.advance(leg as never, env);
        transfer.legs[i] = updated;
        if (started && i === transfer.legs.length - 1) transfer.legs.push(started);
      }
    }),
  );
  return next;
}

/** The chain part of a record, to tell progress from a look that found nothing. */
const chainFacts = (r: TrackRecord) => JSON.stringify([r.initial, r.transfers]);

export class TrackingWorker {
  readonly owner = `w-${randomBytes(6).toString('hex')}`;
  /** A batch, then the next at once when it was full, after the idle tick when not, after 2 s when claiming failed. */
  private readonly loop = new BackgroundLoop<number>({
    pass: () => this.tick(),
    delayAfter: (outcome) => {
      if (outcome.ok) return outcome.value >= this.settings.concurrency ? 0 : (this.settings.idleTickMs ?? 250);
      this.log.warn({ err: (outcome.error as Error).message }, 'transaction worker: claiming failed');
      return 2_000;
    },
  });
  private lastRetired = 0;

  constructor(
    private readonly store: Store,
    private readonly env: TrackerEnv,
    private readonly trackers: TrackerSet,
    private readonly settings: WorkerSettings,
    private readonly log: TxLog,
    private readonly onChange: (change: Change) => Promise<void> | void,
  ) {}

  start(): void {
    this.loop.start();
  }

  /** Stops claiming; resolves once the batch in flight is written. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Deletes what ended longer than the retention period ago; returns how many rows went. */
  async retire(): Promise<number> {
    const now = this.env.now();
    this.lastRetired = now;
    const retention = this.settings.retentionMs ?? DEFAULT_RETENTION_MS;
    const txs = await retireTracked(this.store, now, retention);
    const deliveries = await retireDeliveries(this.store, now, retention);
    await retireForwardingAccounts(this.store, now, retention);
    if (txs + deliveries > 0) this.log.debug?.({ txs, deliveries }, 'retired what ended before the retention period');
    return txs + deliveries;
  }

  /** Claims and processes one batch (its results written in one transaction); returns how many rows it claimed. */
  async tick(): Promise<number> {
    const now = this.env.now();
    if (now - this.lastRetired >= (this.settings.retireEveryMs ?? DEFAULT_RETIRE_EVERY_MS))
      await this.retire().catch((err: unknown) =>
        this.log.warn({ err: (err as Error).message }, 'transaction worker: retirement failed'),
      );
    const rows = await claimDue(this.store, this.owner, now, this.settings.leaseMs, this.settings.concurrency);
    const results = await Promise.all(rows.map((row) => this.process(row)));
    const updates = results.map((r) => r.update);
    // On failure nothing of the batch is written (neither the state changes nor their deliveries): the leases expire
    // and the rows are looked at again.
    const { written: saved } = await saveTracked(this.store, this.owner, updates, this.env.now()).catch(
      (err: unknown) => {
        this.log.warn({ err: (err as Error).message }, 'transaction worker: saving failed');
        return { written: updates.map(() => false), queued: 0 };
      },
    );
    for (let i = 0; i < results.length; i++) {
      const { update, change } = results[i]!;
      if (!saved[i] || !update.changed || !change) continue;
      await Promise.resolve(this.onChange(change)).catch((err: unknown) =>
        this.log.warn({ err: (err as Error).message }, 'transaction worker: change listener failed'),
      );
    }
    return rows.length;
  }

  /** One step of one transaction: the row update to write and the change to announce. */
  private async process(row: TrackedRow): Promise<{ update: TrackedUpdate; change: Change | undefined }> {
    const record = JSON.parse(row.record) as TrackRecord;
    let updated = record;
    try {
      updated = await stepRecord(record, this.env, this.trackers);
    } catch (err) {
      this.log.debug?.({ chain: row.chain_id, tx: row.tx_hash, err: (err as Error).message }, STEP_FAILED);
    }
    const now = this.env.now();
    const progressed = chainFacts(updated) !== chainFacts(record);
    if (progressed) updated.last_progress_at = now;
    const limit = updated.initial
      ? stallLimit(updated, this.trackers, this.settings.stallAbandonMs)
      : this.settings.notFoundAbandonMs;
    let status = statusOf(this.trackers, updated);
    if (!isTerminal(status.state) && now - updated.last_progress_at > limit) {
      updated.abandoned = true;
      status = statusOf(
        this.trackers,
        updated,
        `tracking abandoned: no progress on chain for ${Math.round(limit / 1000)} s`,
      );
    }
    const statusText = JSON.stringify(status);
    const changed = statusText !== row.status;
    const idle = progressed ? 0 : row.idle_polls + 1;
    const delay = Math.min(this.settings.pollMaxIntervalMs, Math.round(this.settings.pollIntervalMs * 1.5 ** idle));
    return {
      update: {
        chain_id: row.chain_id,
        tx_hash: row.tx_hash,
        state: status.state,
        record: JSON.stringify(updated),
        status: statusText,
        done: isTerminal(status.state),
        next_poll_at: now + delay,
        idle_polls: idle,
        changed,
        previous_state: row.state,
      },
      change: changed
        ? {
            chainId: row.chain_id,
            txHash: row.tx_hash,
            keyId: row.key_id,
            previousState: row.state,
            status,
            statusText,
          }
        : undefined,
    };
  }
}
