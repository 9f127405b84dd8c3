/** Queries on per-key monthly usage. Rows are only ever added to, by batches from auth/usage.ts. */
import { addUsd } from './usd.js';
import type { Store } from './db.js';

export interface UsageCounts {
  requests: number;
  routes: number;
  /** Exact decimal strings. */
  usdVolume: string;
  affiliateFeeUsd: string;
}

export interface UsageDelta extends UsageCounts {
  keyId: string;
  /** `YYYY-MM`, UTC. */
  month: string;
}

export interface UsageRow extends UsageDelta {
  keyName: string;
}

/**
 * Adds a batch to the stored totals in one transaction: all of it or none of it, so a failed flush can be retried
 * whole. With a `batchId`, the batch is applied at most once: its id is recorded in the same transaction, and a retry
 * of a batch whose commit succeeded (the answer lost on the way back) changes nothing. The USD sums are exact and computed here (SQLite has no exact decimal type), which is a read-modify-write;
 * on PostgreSQL the row is locked (`for update`) so instances flushing the same key at once serialize instead of
 * losing one another's additions. Rows are visited in a fixed order so two such transactions cannot deadlock.
 */
export async function addUsage(store: Store, deltas: readonly UsageDelta[], batchId?: string): Promise<void> {
  if (deltas.length === 0) return;
  const ordered = [...deltas].sort((a, b) => (a.keyId === b.keyId ? cmp(a.month, b.month) : cmp(a.keyId, b.keyId)));
  const now = new Date().toISOString();
  await store.db.transaction().execute(async (trx) => {
    if (batchId !== undefined) {
      const inserted = await trx
        .insertInto('usage_batches')
        .values({ id: batchId, applied_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return; // applied before
    }
    for (const d of ordered) {
      await trx
        .insertInto('key_usage')
        .values({
          key_id: d.keyId,
          month: d.month,
          requests: 0,
          routes: 0,
          usd_volume: '0',
          affiliate_fee_usd: '0',
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['key_id', 'month']).doNothing())
        .execute();
      const current = await trx
        .selectFrom('key_usage')
        .select(['requests', 'routes', 'usd_volume', 'affiliate_fee_usd'])
        .where('key_id', '=', d.keyId)
        .where('month', '=', d.month)
        .$if(store.kind === 'postgres', (q) => q.forUpdate())
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('key_usage')
        .set({
          requests: Number(current.requests) + d.requests,
          routes: Number(current.routes) + d.routes,
          usd_volume: addUsd(current.usd_volume, d.usdVolume),
          affiliate_fee_usd: addUsd(current.affiliate_fee_usd, d.affiliateFeeUsd),
          updated_at: now,
        })
        .where('key_id', '=', d.keyId)
        .where('month', '=', d.month)
        .execute();
    }
  });
}

/** Stored totals, optionally of one month and/or one key, with the key's name; by month, then name. */
export async function readUsage(store: Store, filter: { month?: string; keyId?: string } = {}): Promise<UsageRow[]> {
  const rows = await store.db
    .selectFrom('key_usage as u')
    .innerJoin('api_keys as k', 'k.id', 'u.key_id')
    .select(['u.key_id', 'k.name', 'u.month', 'u.requests', 'u.routes', 'u.usd_volume', 'u.affiliate_fee_usd'])
    .$if(filter.month !== undefined, (q) => q.where('u.month', '=', filter.month!))
    .$if(filter.keyId !== undefined, (q) => q.where('u.key_id', '=', filter.keyId!))
    .orderBy('u.month')
    .orderBy('k.name')
    .orderBy('u.key_id')
    .execute();
  return rows.map((r) => ({
    keyId: r.key_id,
    keyName: r.name,
    month: r.month,
    requests: Number(r.requests),
    routes: Number(r.routes),
    usdVolume: r.usd_volume,
    affiliateFeeUsd: r.affiliate_fee_usd,
  }));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
