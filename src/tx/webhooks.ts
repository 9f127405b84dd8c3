/**
 * Webhooks (a Junction extension): a key holder registers a URL; every change of the overall state of a transaction
 * that key submitted or tracked is POSTed there as JSON, signed with HMAC-SHA256 under the webhook's secret:
 *
 *   x-junction-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>
 *
 * (the timestamp inside the signed text lets receivers refuse replays). Each delivery is a row: attempts, the last
 * HTTP status or error, when it was delivered. A failed attempt (network error, timeout, non-2xx) is retried with
 * exponential backoff up to `maxAttempts`, then marked failed. Deliveries are claimed with leases like tracked
 * transactions, so several instances share them and a crashed one's are retried by another.
 */
import { checkWebhookTarget } from './webhook-target.js';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from '../store/db.js';
import type { StatusResponse } from '../wire/tx.js';
import type { TxLog } from './worker.js';

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
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  retryBaseMs: 5_000,
  maxAttempts: 8,
  timeoutMs: 10_000,
  leaseMs: 60_000,
};

/** WEBHOOK_MAX_PER_KEY's default. */
const DEFAULT_MAX_PER_KEY = 20;

/** How many webhooks a key has now (deleted ones do not count). */
export async function countWebhooks(store: Store, keyId: string): Promise<number> {
  const row = await store.db
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
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'must be an http or https URL';
    if (u.username || u.password) return 'must not carry credentials';
    return undefined;
  } catch {
    return 'is not a URL';
  }
}

export async function createWebhook(
  store: Store,
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
  await store.db.insertInto('webhooks').values(hook).execute();
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

export async function deleteWebhook(store: Store, keyId: string, id: string, now: number): Promise<boolean> {
  const r = await store.db
    .updateTable('webhooks')
    .set({ deleted_at: iso(now) })
    .where('id', '=', id)
    .where('key_id', '=', keyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function listDeliveries(store: Store, keyId: string, webhookId: string, limit = 100) {
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

/** One pending delivery per active webhook of the key, for a state change of one of its transactions. */
export async function enqueueDeliveries(
  store: Store,
  keyId: string,
  chainId: string,
  txHash: string,
  status: StatusResponse,
  now: number,
): Promise<number> {
  const hooks = await store.db
    .selectFrom('webhooks')
    .select('id')
    .where('key_id', '=', keyId)
    .where('deleted_at', 'is', null)
    .execute();
  if (hooks.length === 0) return 0;
  const payload = JSON.stringify({
    event: 'tx.status',
    chain_id: chainId,
    tx_hash: txHash,
    state: status.state,
    status,
    occurred_at: iso(now),
  });
  await store.db
    .insertInto('webhook_deliveries')
    .values(
      hooks.map((h) => ({
        id: `whd_${randomUUID()}`,
        webhook_id: h.id,
        chain_id: chainId,
        tx_hash: txHash,
        state: status.state,
        payload,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        lease_until: 0,
        last_status_code: null,
        last_error: null,
        created_at: iso(now),
        delivered_at: null,
      })),
    )
    .execute();
  return hooks.length;
}

interface DueDelivery {
  id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly store: Store,
    private readonly settings: WebhookSettings,
    private readonly log: TxLog,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Webhooks one key may have at once. */
  get maxPerKey(): number {
    return this.settings.maxPerKey ?? DEFAULT_MAX_PER_KEY;
  }

  /** Why `url` may not be a webhook target (registration); undefined when it may. */
  async targetProblem(url: string): Promise<string | undefined> {
    const check = await checkWebhookTarget(url, this.settings.allowHosts);
    // A host that does not resolve now may later: each delivery checks it again.
    return check.unresolved ? undefined : check.problem;
  }

  /** Runs a pass soon (after a new delivery was queued). */
  poke(): void {
    if (this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.deliverDue()
        .then(() => undefined)
        .catch((err: unknown) => this.log.warn({ err: (err as Error).message }, 'webhooks: delivery pass failed'))
        .finally(() => {
          this.running = undefined;
          this.schedule(500);
        });
    }, ms);
    this.timer.unref?.();
  }

  /** Claims due deliveries and attempts each once. */
  async deliverDue(limit = 20): Promise<number> {
    const now = this.now();
    const lock = this.store.kind === 'postgres' ? sql`for update skip locked` : sql``;
    const { rows: claimed } = await sql<{ id: string }>`
      update webhook_deliveries set lease_until = ${now + this.settings.leaseMs}
      where id in (
        select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= ${now} and lease_until < ${now}
        order by next_attempt_at limit ${limit} ${lock}
      )
      returning id`.execute(this.store.db);
    if (claimed.length === 0) return 0;
    const due = await this.store.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.id', 'd.payload', 'd.attempts', 'w.url', 'w.secret'])
      .where(
        'd.id',
        'in',
        claimed.map((c) => c.id),
      )
      .execute();
    await Promise.all(due.map((d) => this.attempt({ ...d, attempts: Number(d.attempts) })));
    return due.length;
  }

  private async attempt(d: DueDelivery): Promise<void> {
    const t = Math.floor(this.now() / 1000);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-junction-delivery': d.id,
          'x-junction-event': 'tx.status',
          'x-junction-signature': signature(d.secret, t, d.payload),
        },
        body: d.payload,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        redirect: 'manual',
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (err) {
      error = (err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message || 'request failed';
    }
    const attempts = d.attempts + 1;
    const now = this.now();
    const delivered = error === null;
    const exhausted = !delivered && attempts >= this.settings.maxAttempts;
    await this.store.db
      .updateTable('webhook_deliveries')
      .set({
        attempts,
        last_status_code: statusCode,
        last_error: error,
        status: delivered ? 'delivered' : exhausted ? 'failed' : 'pending',
        delivered_at: delivered ? iso(now) : null,
        next_attempt_at: now + this.settings.retryBaseMs * 2 ** (attempts - 1),
        lease_until: 0,
      })
      .where('id', '=', d.id)
      .execute();
    if (!delivered)
      this.log.warn(
        { delivery: d.id, attempts, err: error },
        exhausted ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
      );
  }
}
