/**
 * Tracked transactions in the store (SQLite or PostgreSQL, same queries). Work is shared by leases: a worker claims
 * due rows by setting `lease_owner` / `lease_until` in one statement (on PostgreSQL the candidate rows are locked
 * with FOR UPDATE SKIP LOCKED, so two instances claiming at once get disjoint rows and never wait on each other), and
 * writes its result only while it still holds the lease. A worker that dies (kill -9) leaves leases that expire after
 * TX_LEASE_SECONDS, and any instance then takes the rows over: nothing is lost, nothing is done twice at once.
 *
 * A state change and the webhook deliveries announcing it are written in one transaction (the outbox, webhooks.ts).
 * A transaction in its terminal state stays TX_RETENTION_SECONDS (its status can still be read), then is deleted.
 */
import { sql } from 'kysely';
import type { Store } from '../store/db.js';
import { queueDeliveries } from './webhooks.js';

export interface TrackedRow {
  chain_id: string;
  tx_hash: string;
  state: string;
  record: string;
  status: string;
  key_id: string | null;
  idle_polls: number;
  version: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Starts tracking; false when the transaction is already tracked (nothing changes then). */
export async function insertTracked(
  store: Store,
  row: { chain_id: string; tx_hash: string; state: string; record: string; status: string; key_id: string | null },
  now: number,
): Promise<boolean> {
  const inserted = await store.db
    .insertInto('tracked_txs')
    .values({
      ...row,
      done: 0,
      next_poll_at: now,
      idle_polls: 0,
      lease_owner: null,
      lease_until: 0,
      version: 1,
      created_at: iso(now),
      updated_at: iso(now),
    })
    .onConflict((oc) => oc.columns(['chain_id', 'tx_hash']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Gives a transaction first tracked without a key to the key that tracks it now (its webhooks then fire); a
 * transaction already owned by a key keeps its owner. Returns whether the owner changed.
 */
export async function adoptTracked(store: Store, chainId: string, txHash: string, keyId: string): Promise<boolean> {
  const updated = await store.db
    .updateTable('tracked_txs')
    .set({ key_id: keyId })
    .where('chain_id', '=', chainId)
    .where('tx_hash', '=', txHash)
    .where('key_id', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows ?? 0n) > 0;
}

/**
 * Records that a key tracks a transaction (once per key): every key that tracks it is told of its changes through
 * its webhooks, not only the first (webhooks.ts queueDeliveries).
 */
export async function followTracked(
  store: Store,
  chainId: string,
  txHash: string,
  keyId: string,
  now: number,
): Promise<void> {
  await store.db
    .insertInto('tracked_tx_keys')
    .values({ chain_id: chainId, tx_hash: txHash, key_id: keyId, created_at: iso(now) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Puts an abandoned transaction back in the worker's queue with its updated record; false if it was not abandoned. */
export async function rearmTracked(
  store: Store,
  row: { chain_id: string; tx_hash: string; state: string; record: string; status: string },
  now: number,
): Promise<boolean> {
  const result = await store.db
    .updateTable('tracked_txs')
    .set({
      state: row.state,
      record: row.record,
      status: row.status,
      done: 0,
      next_poll_at: now,
      idle_polls: 0,
      updated_at: iso(now),
      version: sql`version + 1`,
    })
    .where('chain_id', '=', row.chain_id)
    .where('tx_hash', '=', row.tx_hash)
    .where('state', '=', 'STATE_ABANDONED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findTracked(store: Store, chainId: string, txHash: string): Promise<TrackedRow | undefined> {
  const row = await store.db
    .selectFrom('tracked_txs')
    .select(['chain_id', 'tx_hash', 'state', 'record', 'status', 'key_id', 'idle_polls', 'version'])
    .where('chain_id', '=', chainId)
    .where('tx_hash', '=', txHash)
    .executeTakeFirst();
  return row ? { ...row, idle_polls: Number(row.idle_polls), version: Number(row.version) } : undefined;
}

/** The status text and version only: what GET /v2/tx/status and the event stream read. */
export async function findStatus(
  store: Store,
  chainId: string,
  txHash: string,
): Promise<{ status: string; version: number; done: boolean } | undefined> {
  const row = await store.db
    .selectFrom('tracked_txs')
    .select(['status', 'version', 'done'])
    .where('chain_id', '=', chainId)
    .where('tx_hash', '=', txHash)
    .executeTakeFirst();
  return row ? { status: row.status, version: Number(row.version), done: Number(row.done) === 1 } : undefined;
}

/**
 * Claims up to `limit` due rows for `owner` until `now + leaseMs`. New transactions first: rows are taken by how many
 * looks in a row found nothing (`idle_polls`: 0 for a transaction never looked at or one that just moved), then by
 * how long they have been due — so a flood of tracked hashes that never appear on chain, each looked at once, falls
 * behind a real transaction tracked after it.
 */
export async function claimDue(
  store: Store,
  owner: string,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<TrackedRow[]> {
  const lock = store.kind === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<TrackedRow>`
    update tracked_txs set lease_owner = ${owner}, lease_until = ${now + leaseMs}
    where (chain_id, tx_hash) in (
      select chain_id, tx_hash from tracked_txs
      where done = 0 and next_poll_at <= ${now} and lease_until < ${now}
      order by idle_polls, next_poll_at
      limit ${limit}
      ${lock}
    )
    returning chain_id, tx_hash, state, record, status, key_id, idle_polls, version`.execute(store.db);
  return rows.map((r) => ({ ...r, idle_polls: Number(r.idle_polls), version: Number(r.version) }));
}

export interface TrackedUpdate {
  chain_id: string;
  tx_hash: string;
  state: string;
  record: string;
  status: string;
  done: boolean;
  next_poll_at: number;
  idle_polls: number;
  /** The status changed: bump the version the event stream watches. */
  changed: boolean;
  /** The state the row had when claimed: a different `state` queues the owner's webhook deliveries. */
  previous_state?: string;
}

/**
 * Writes a worker's results and releases their leases, in one transaction (one commit per batch, not per row), each
 * only if `owner` still holds its lease (a lease that expired and was taken over is not overwritten). A written state
 * change queues its webhook deliveries in the same transaction: both are committed or neither. Returns which updates
 * were written and how many deliveries were queued.
 */
export async function saveTracked(
  store: Store,
  owner: string,
  updates: TrackedUpdate[],
  now: number,
): Promise<{ written: boolean[]; queued: number }> {
  if (updates.length === 0) return { written: [], queued: 0 };
  return store.db.transaction().execute(async (trx) => {
    const written: boolean[] = [];
    let queued = 0;
    for (const row of updates) {
      const result = await trx
        .updateTable('tracked_txs')
        .set({
          state: row.state,
          record: row.record,
          status: row.status,
          done: row.done ? 1 : 0,
          next_poll_at: row.next_poll_at,
          idle_polls: row.idle_polls,
          lease_owner: null,
          lease_until: 0,
          updated_at: iso(now),
          ...(row.changed ? { version: sql`version + 1` } : {}),
        })
        .where('chain_id', '=', row.chain_id)
        .where('tx_hash', '=', row.tx_hash)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      const ok = Number(result.numUpdatedRows) > 0;
      written.push(ok);
      if (ok && row.previous_state !== undefined && row.previous_state !== row.state)
        queued += await queueDeliveries(
          trx,
          { chainId: row.chain_id, txHash: row.tx_hash, state: row.state, statusText: row.status },
          now,
        );
    }
    return { written, queued };
  });
}

/**
 * Retirement: transactions terminal for longer than `retentionMs` are deleted, `batch` rows per statement so a sweep
 * never holds the database for long. A transaction tracked again afterwards starts afresh. Returns how many went.
 */
export async function retireTracked(store: Store, now: number, retentionMs: number, batch = 1_000): Promise<number> {
  const before = iso(now - retentionMs);
  let total = 0;
  for (;;) {
    const r = await sql`
      delete from tracked_txs where (chain_id, tx_hash) in (
        select chain_id, tx_hash from tracked_txs where done = 1 and updated_at < ${before} limit ${batch})`.execute(
      store.db,
    );
    const n = Number(r.numAffectedRows ?? 0n);
    total += n;
    if (n < batch) break;
  }
  // The keys that followed the transactions gone, in batches too.
  for (;;) {
    const r = await sql`
      delete from tracked_tx_keys where (chain_id, tx_hash) in (
        select k.chain_id, k.tx_hash from tracked_tx_keys k
        where not exists (select 1 from tracked_txs t where t.chain_id = k.chain_id and t.tx_hash = k.tx_hash)
        limit ${batch})`.execute(store.db);
    if (Number(r.numAffectedRows ?? 0n) < batch) return total;
  }
}

/** How many transactions the table holds (tests and the benchmark). */
export async function countTracked(store: Store): Promise<number> {
  const row = await store.db
    .selectFrom('tracked_txs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Embedded store only (one instance): leases left by a previous process of this instance are void at start. */
export async function releaseAllLeases(store: Store): Promise<void> {
  await store.db
    .updateTable('tracked_txs')
    .set({ lease_owner: null, lease_until: 0 })
    .where('lease_owner', 'is not', null)
    .execute();
}

/** The worker's queue: transactions not yet terminal, and those of them whose next look is due at `now`. */
export async function countQueue(store: Store, now: number): Promise<{ inFlight: number; due: number }> {
  const row = await store.db
    .selectFrom('tracked_txs')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>(eb.case().when('next_poll_at', '<=', now).then(1).else(0).end()).as('due'),
    ])
    .where('done', '=', 0)
    .executeTakeFirst();
  return { inFlight: Number(row?.n ?? 0), due: Number(row?.due ?? 0) };
}
