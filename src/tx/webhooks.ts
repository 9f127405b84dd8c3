/**
 * Webhooks (a Junction extension): a key holder registers a URL; every change of the overall state of a transaction
 * that key submitted or tracked is POSTed there as JSON, signed with HMAC-SHA256 under the webhook's secret:
 *
 *   x-junction-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>
 *
 * (the timestamp inside the signed text lets receivers refuse replays). Each delivery is a row: attempts, the last
 * HTTP status or error, when it was delivered. A failed attempt (network error, timeout, non-2xx) is retried with
 * exponential backoff up to `maxAttempts`, then marked failed. Deliveries are claimed with leases like tracked
 * transactions, so several instances share them and a crashed one's are retried by another (webhooks-dispatcher.ts).
 *
 * Outbox: a delivery is queued in the same database transaction as the state change it announces (queueDeliveries,
 * called by tracked-store.ts's saveTracked), so a crash between the two can lose neither. Deleting a webhook cancels
 * its pending deliveries in the same transaction.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Store } from '../store/db.js';
import type { Tables } from '../store/schema.js';
import type { Resolve } from './webhook-target.js';

export interface WebhookSettings {
  /** First retry delay; doubled per attempt. */
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
  leaseMs: number;
  /** Internal hosts an operator allows as targets (WEBHOOK_ALLOW_HOSTS); every other target must be public. */
  allowHosts?: readonly string[];
  /** Webhooks one key may have at once (WEBHOOK_MAX_PER_KEY). */
  maxPerKey?: number;
  /** Deliveries attempted at once by this instance (WEBHOOK_CONCURRENCY). */
  concurrency?: number;
  /** Deliveries of one key attempted at once, across instances (WEBHOOK_KEY_CONCURRENCY). */
  keyConcurrency?: number;
  /** Name resolution for target checks; the system resolver by default (tests resolve their own names). */
  resolve?: Resolve;
  /** How long the dispatcher waits before looking again when nothing was due. */
  idleMs?: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  retryBaseMs: 5_000,
  maxAttempts: 8,
  timeoutMs: 10_000,
  leaseMs: 60_000,
};

/** WEBHOOK_MAX_PER_KEY's default. */
export const DEFAULT_MAX_PER_KEY = 20;

/** How many webhooks a key has now (deleted ones do not count). */
async function countWebhooks(db: Kysely<Tables>, keyId: string): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('key_id', '=', keyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface WebhookRecord {
  id: string;
  url: string;
  created_at: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function signature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function webhookUrlProblem(url: string): string | undefined {
  // The URL is stored as given. The URL parser drops or re-encodes control characters, spaces and lone surrogates,
  // so such a URL would be stored as other text than the address called; PostgreSQL refuses NUL outright (a 500).
  if (/[\p{Cc} ]/u.test(url)) return 'must not contain spaces or control characters';
  if (/\p{Cs}/u.test(url)) return 'must be well-formed Unicode (a lone surrogate)';
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'must be an http or https URL';
    if (u.username || u.password) return 'must not carry credentials';
    // Nothing listens on port 0: every delivery would fail, for ever, with no word at registration.
    if (u.port === '0') return 'must not name port 0';
    return undefined;
  } catch {
    return 'is not a URL';
  }
}

/**
 * Registers a webhook unless the key already has `max`; undefined then. The count and the insert are one
 * transaction, serialised per key (PostgreSQL: a transaction-scoped advisory lock on the key; SQLite: a single
 * writer), so registrations sent at once cannot all pass a count taken before any of them was written.
 */
export async function registerWebhook(
  store: Store,
  keyId: string,
  url: string,
  now: number,
  max: number,
): Promise<(WebhookRecord & { secret: string }) | undefined> {
  return store.db.transaction().execute(async (trx) => {
    if (store.kind === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${`junction:webhooks:${keyId}`}))`.execute(trx);
    if ((await countWebhooks(trx, keyId)) >= max) return undefined;
    return insertWebhook(trx, keyId, url, now);
  });
}

/** Registers a webhook, with no cap (tests, and callers that checked one themselves). */
export async function createWebhook(
  store: Store,
  keyId: string,
  url: string,
  now: number,
): Promise<WebhookRecord & { secret: string }> {
  return insertWebhook(store.db, keyId, url, now);
}

async function insertWebhook(
  db: Kysely<Tables>,
  keyId: string,
  url: string,
  now: number,
): Promise<WebhookRecord & { secret: string }> {
  const hook = {
    id: `wh_${randomBytes(8).toString('hex')}`,
    key_id: keyId,
    url,
    secret: `whsec_${randomBytes(24).toString('base64url')}`,
    created_at: iso(now),
    deleted_at: null,
  };
  await db.insertInto('webhooks').values(hook).execute();
  return { id: hook.id, url, secret: hook.secret, created_at: hook.created_at };
}

export async function listWebhooks(store: Store, keyId: string): Promise<WebhookRecord[]> {
  return store.db
    .selectFrom('webhooks')
    .select(['id', 'url', 'created_at'])
    .where('key_id', '=', keyId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

/** The text a pending delivery of a deleted webhook ends with. */
export const CANCELLED = 'cancelled: the webhook was deleted';

/** The ids createWebhook makes; any other text names no webhook (and is never sent to the database). */
const WEBHOOK_ID = /^wh_[0-9a-f]{16}$/;

/** Deletes a webhook and cancels its pending deliveries (one transaction): a deleted webhook is never called again. */
export async function deleteWebhook(store: Store, keyId: string, id: string, now: number): Promise<boolean> {
  if (!WEBHOOK_ID.test(id)) return false;
  return store.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('webhooks')
      .set({ deleted_at: iso(now) })
      .where('id', '=', id)
      .where('key_id', '=', keyId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    // An attempt in flight may still finish; its result is then not written (webhooks-dispatcher.ts writes only
    // over a pending row).
    await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', last_error: CANCELLED, lease_until: 0, lease_owner: null })
      .where('webhook_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    return true;
  });
}

export async function listDeliveries(store: Store, keyId: string, webhookId: string, limit = 100) {
  if (!WEBHOOK_ID.test(webhookId)) return undefined;
  const owned = await store.db
    .selectFrom('webhooks')
    .select('id')
    .where('id', '=', webhookId)
    .where('key_id', '=', keyId)
    .executeTakeFirst();
  if (!owned) return undefined;
  const rows = await store.db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'chain_id',
      'tx_hash',
      'state',
      'status',
      'attempts',
      'last_status_code',
      'last_error',
      'created_at',
      'delivered_at',
    ])
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    attempts: Number(r.attempts),
    last_status_code: r.last_status_code === null ? null : Number(r.last_status_code),
    status: r.status as 'pending' | 'delivered' | 'failed',
  }));
}

/**
 * Queues one delivery per active webhook of every key that tracks the transaction (its first owner and the keys that
 * tracked it after), inside the caller's database transaction (the one that writes the state change): the keys are
 * read there too, so a key that tracked the transaction a moment ago is told. One statement whatever the number of webhooks (INSERT ... SELECT, a fixed set of variables).
 * Returns how many deliveries were queued.
 */
export async function queueDeliveries(
  db: Kysely<Tables> | Transaction<Tables>,
  change: { chainId: string; txHash: string; state: string; statusText: string },
  now: number,
): Promise<number> {
  const payload =
    `{"event":"tx.status","chain_id":${JSON.stringify(change.chainId)},"tx_hash":${JSON.stringify(change.txHash)},` +
    `"state":${JSON.stringify(change.state)},"status":${change.statusText},"occurred_at":"${iso(now)}"}`;
  // Delivery ids: one event id for the change, the webhook's id to tell its deliveries apart.
  const event = randomUUID();
  const result = await sql`
    insert into webhook_deliveries (id, webhook_id, key_id, chain_id, tx_hash, state, payload, status, attempts,
      next_attempt_at, lease_until, lease_owner, last_status_code, last_error, created_at, delivered_at)
    select ${`whd_${event}_`} || w.id, w.id, w.key_id, t.chain_id, t.tx_hash, ${change.state}, ${payload}, 'pending', 0,
      ${now}, 0, null, null, null, ${iso(now)}, null
    from tracked_txs t join webhooks w on w.key_id in (
      select f.key_id from tracked_tx_keys f where f.chain_id = t.chain_id and f.tx_hash = t.tx_hash
      union select t.key_id)
    where t.chain_id = ${change.chainId} and t.tx_hash = ${change.txHash} and w.deleted_at is null`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * Retirement: finished deliveries (delivered, failed, cancelled) and deleted webhooks older than `retentionMs` go, in
 * batches of `batch` rows so one sweep never holds the database for long. Returns how many rows were deleted.
 */
export async function retireDeliveries(store: Store, now: number, retentionMs: number, batch = 1_000): Promise<number> {
  const before = iso(now - retentionMs);
  let total = 0;
  for (;;) {
    const r = await sql`
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries where created_at < ${before} and status <> 'pending' limit ${batch})`.execute(
      store.db,
    );
    const n = Number(r.numAffectedRows ?? 0n);
    total += n;
    if (n < batch) break;
  }
  // A deleted webhook whose deliveries are all gone (pending ones were cancelled when it was deleted).
  const hooks = await sql`
    delete from webhooks where deleted_at is not null and deleted_at < ${before}
      and not exists (select 1 from webhook_deliveries d where d.webhook_id = webhooks.id)`.execute(store.db);
  return total + Number(hooks.numAffectedRows ?? 0n);
}
