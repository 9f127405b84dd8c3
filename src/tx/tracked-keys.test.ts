/**
 * Several keys may track one transaction (a wallet and an exchange following the same transfer): each key's webhooks
 * are told of its changes, not only the first key's, on both stores; retirement takes the followers with the
 * transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../registry/build.js';
import { postgresTestStore, sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { testTxService } from './test-helpers/service.js';
import { retireTracked } from './tracked-store.js';
import { createWebhook, queueDeliveries } from './webhooks.js';
import type { TxService } from './service.js';

const registry = buildRegistry();
const HASH = 'A'.repeat(64);

describe.each([
  ['embedded SQLite', sqliteTestStore],
  ['PostgreSQL', postgresTestStore],
] as const)('keys tracking one transaction on %s', (_name, open) => {
  let t: TestStore;
  let tx: TxService;
  beforeAll(async () => {
    t = await open();
    tx = testTxService({ store: t.store, registry, runWorker: false });
  });
  afterAll(() => t.cleanup());

  it('tells every key that tracks it, once each, and no other key', async () => {
    const now = Date.now();
    const a = await createWebhook(t.store, 'key-a', 'https://a.example/hook', now);
    const b = await createWebhook(t.store, 'key-b', 'https://b.example/hook', now);
    const c = await createWebhook(t.store, 'key-c', 'https://c.example/hook', now);
    await tx.track('osmosis-1', HASH, null); // anonymously first (a stream's wait, say)
    await tx.track('osmosis-1', HASH, 'key-a');
    await tx.track('osmosis-1', HASH, 'key-b');
    await tx.track('osmosis-1', HASH, 'key-a'); // again: still one delivery for key-a
    const queued = await queueDeliveries(
      t.store.db,
      { chainId: 'osmosis-1', txHash: HASH, state: 'STATE_PENDING', statusText: '{"state":"STATE_PENDING"}' },
      now,
    );
    expect(queued).toBe(2);
    const rows = await t.store.db
      .selectFrom('webhook_deliveries')
      .select(['webhook_id', 'key_id'])
      .where('tx_hash', '=', HASH)
      .execute();
    expect(rows.map((r) => r.webhook_id).sort()).toEqual([a.id, b.id].sort());
    expect(rows.some((r) => r.webhook_id === c.id)).toBe(false);
  });

  it('retirement takes the keys with the transaction', async () => {
    await t.store.db
      .updateTable('tracked_txs')
      .set({ done: 1, updated_at: new Date(0).toISOString() })
      .where('tx_hash', '=', HASH)
      .execute();
    expect(await retireTracked(t.store, Date.now(), 1_000)).toBe(1);
    const left = await t.store.db.selectFrom('tracked_tx_keys').selectAll().where('tx_hash', '=', HASH).execute();
    expect(left).toEqual([]);
  });
});
