/**
 * Delivers queued webhook deliveries, fairly per key. Every key has its own concurrency (WEBHOOK_KEY_CONCURRENCY,
 * counted in the database over every instance's leases), and the claim takes due rows round-robin across keys (each
 * key's oldest first, then each key's second...): a key whose 2,000 URLs are dead holds at most its own slots while
 * they time out, and another key's deliveries go out at once. Attempts run continuously up to WEBHOOK_CONCURRENCY
 * per instance; a finished attempt frees its slot and the next due delivery is claimed then, not after a whole batch.
 *
 * Claims are leases like tracked transactions' (FOR UPDATE SKIP LOCKED on PostgreSQL); each claim writes its own
 * token into the rows, and the rows are read back by that token — a fixed set of SQL variables whatever the batch.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from '../store/db.js';
import { checkWebhookTarget } from './webhook-target.js';
import { DEFAULT_MAX_PER_KEY, signature, type WebhookSettings } from './webhooks.js';
import { sendWebhook } from './webhooks-send.js';
import type { TxLog } from './worker.js';

const DEFAULT_CONCURRENCY = 32;
const DEFAULT_KEY_CONCURRENCY = 4;
const DEFAULT_IDLE_MS = 500;

interface DueDelivery {
  id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private claiming: Promise<void> | undefined;
  /** Asked to claim again while a claim was running. */
  private again = false;
  private stopped = true;
  private claims = 0;
  private readonly instance = randomBytes(6).toString('hex');

  constructor(
    private readonly store: Store,
    private readonly settings: WebhookSettings,
    private readonly log: TxLog,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.pump();
  }

  /** Stops claiming and waits for the attempts in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.claiming;
    await Promise.all([...this.inFlight]);
  }

  /** Webhooks one key may have at once. */
  get maxPerKey(): number {
    return this.settings.maxPerKey ?? DEFAULT_MAX_PER_KEY;
  }

  private get concurrency(): number {
    return this.settings.concurrency ?? DEFAULT_CONCURRENCY;
  }

  private get keyConcurrency(): number {
    return this.settings.keyConcurrency ?? DEFAULT_KEY_CONCURRENCY;
  }

  /** Attempts in flight in this instance (for tests and metrics). */
  get active(): number {
    return this.inFlight.size;
  }

  /** Why `url` may not be a webhook target (registration); undefined when it may. */
  async targetProblem(url: string): Promise<string | undefined> {
    const check = await checkWebhookTarget(url, this.settings.allowHosts, this.settings.resolve);
    // A host that does not resolve now may later: each delivery checks it again.
    return check.unresolved ? undefined : check.problem;
  }

  /** Claims soon (a delivery was queued). */
  poke(): void {
    this.pump();
  }

  private pump(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    const free = this.concurrency - this.inFlight.size;
    // Every slot busy: the end of an attempt pumps again.
    if (free <= 0) return;
    clearTimeout(this.timer);
    this.claiming = this.claim(free)
      .then((due) => {
        for (const d of due) this.launch(d);
        return due.length === free;
      })
      .catch((err: unknown) => {
        this.log.warn({ err: (err as Error).message }, 'webhooks: claiming deliveries failed');
        return false;
      })
      .then((more) => {
        this.claiming = undefined;
        const again = this.again;
        this.again = false;
        if (more || again) this.pump();
        else if (!this.stopped) {
          this.timer = setTimeout(() => this.pump(), this.settings.idleMs ?? DEFAULT_IDLE_MS);
          this.timer.unref?.();
        }
      });
  }

  private launch(d: DueDelivery): void {
    const attempt: Promise<void> = this.attempt(d)
      .catch((err: unknown) =>
        this.log.warn({ delivery: d.id, err: (err as Error).message }, 'webhooks: attempt failed'),
      )
      .finally(() => {
        this.inFlight.delete(attempt);
        this.pump();
      });
    this.inFlight.add(attempt);
  }

  /**
   * Claims up to `limit` due deliveries, at most WEBHOOK_KEY_CONCURRENCY per key counting the key's leases held now,
   * round-robin across keys. One statement; the rows are then read by the claim's token.
   */
  async claim(limit: number): Promise<DueDelivery[]> {
    const now = this.now();
    const token = `${this.instance}-${++this.claims}`;
    const lock = this.store.kind === 'postgres' ? sql`for update skip locked` : sql``;
    await sql`
      update webhook_deliveries set lease_until = ${now + this.settings.leaseMs}, lease_owner = ${token}
      where id in (
        select id from webhook_deliveries
        where lease_until < ${now} and status = 'pending' and id in (
          select due.id from (
            select id, key_id,
              row_number() over (partition by key_id order by next_attempt_at, id) as turn
            from webhook_deliveries
            where status = 'pending' and next_attempt_at <= ${now} and lease_until < ${now}
          ) due
          left join (
            select key_id, count(*) as busy from webhook_deliveries
            where status = 'pending' and lease_until >= ${now}
            group by key_id
          ) held on held.key_id = due.key_id
          where due.turn + coalesce(held.busy, 0) <= ${this.keyConcurrency}
          order by due.turn, due.id
          limit ${limit}
        )
        ${lock}
      )`.execute(this.store.db);
    const due = await this.store.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select(['d.id', 'd.payload', 'd.attempts', 'w.url', 'w.secret'])
      .where('d.lease_owner', '=', token)
      .where('d.status', '=', 'pending')
      .execute();
    return due.map((d) => ({ ...d, attempts: Number(d.attempts) }));
  }

  /** Claims due deliveries and attempts each once (tests; the running dispatcher attempts continuously). */
  async deliverDue(limit = 20): Promise<number> {
    const due = await this.claim(limit);
    await Promise.all(due.map((d) => this.attempt(d)));
    return due.length;
  }

  private async attempt(d: DueDelivery): Promise<void> {
    const t = Math.floor(this.now() / 1000);
    const { statusCode, error } = await sendWebhook(
      d.url,
      {
        'content-type': 'application/json',
        'x-junction-delivery': d.id,
        'x-junction-event': 'tx.status',
        'x-junction-signature': signature(d.secret, t, d.payload),
      },
      d.payload,
      {
        timeoutMs: this.settings.timeoutMs,
        allowHosts: this.settings.allowHosts ?? [],
        ...(this.settings.resolve ? { resolve: this.settings.resolve } : {}),
      },
    );
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
        lease_owner: null,
      })
      .where('id', '=', d.id)
      // Cancelled meanwhile (the webhook was deleted): the cancellation stands.
      .where('status', '=', 'pending')
      .execute();
    if (!delivered)
      this.log.warn(
        { delivery: d.id, attempts, err: error },
        exhausted ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
      );
  }
}
