/**
 * Tracked transactions are retired TX_RETENTION_SECONDS after their terminal state, so a flood of track calls for
 * hashes that never appear leaves a table bounded by rate × (abandonment + retention), not one that grows for ever;
 * and the worker's queue takes new transactions before ones that have shown nothing for a while. Small settings and
 * the test's own clock; the chain's node refuses connections at once (a closed port), as junk hashes cost no more.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { buildRegistry } from '../registry/build.js';
import { testTxService } from './test-helpers/service.js';
import { claimDue, countTracked, findStatus, insertTracked } from './tracked-store.js';

const registry = buildRegistry();
const CLOSED = 'osmosis-1=http://127.0.0.1:1';
let t: TestStore;

beforeAll(async () => {
  t = await sqliteTestStore();
});
afterAll(() => t.cleanup());

const junkHash = () => randomBytes(32).toString('hex').toUpperCase();

describe('retention', () => {
  it('10,000 track calls leave a bounded table; everything goes once retired', async () => {
    let clock = Date.now();
    const tx = testTxService({
      store: t.store,
      registry,
      rpc: CLOSED,
      rest: CLOSED,
      now: () => clock,
      worker: {
        concurrency: 500,
        notFoundAbandonMs: 1_000,
        retentionMs: 2_000,
        retireEveryMs: 0,
        pollIntervalMs: 100,
        pollMaxIntervalMs: 100,
      },
    });
    let most = 0;
    let first = '';
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 1_000; i++) {
        const { tx_hash } = await tx.track('osmosis-1', junkHash(), null);
        if (!first) first = tx_hash;
      }
      clock += 1_500; // this round's transactions pass TX_NOT_FOUND_ABANDON at their next look
      while ((await tx.worker.tick()) > 0);
      most = Math.max(most, await countTracked(t.store));
    }
    // A round is abandoned at once and kept 2 s (two more rounds of 1.5 s): at most three rounds at a time.
    expect(most).toBeLessThanOrEqual(3_000);
    // Abandoned, not forgotten unseen: the first one was terminal before it went.
    expect(await findStatus(t.store, 'osmosis-1', first)).toBeUndefined();
    clock += 2_001;
    await tx.worker.retire();
    expect(await countTracked(t.store)).toBe(0);
  }, 300_000);

  it('the queue takes a new transaction before 300 that have shown nothing for a while', async () => {
    const now = Date.now();
    const row = (hash: string) => ({
      chain_id: 'osmosis-1',
      tx_hash: hash,
      state: 'STATE_SUBMITTED',
      record: '{}',
      status: '{}',
      key_id: null,
    });
    for (let i = 0; i < 300; i++) await insertTracked(t.store, row(`OLD${i}`), now - 60_000);
    await t.store.db.updateTable('tracked_txs').set({ idle_polls: 5 }).execute();
    await insertTracked(t.store, row('NEW'), now);
    const [claimed] = await claimDue(t.store, 'w', now + 1, 60_000, 1);
    expect(claimed!.tx_hash).toBe('NEW');
  });
});
