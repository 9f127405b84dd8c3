/**
 * The dispatcher is fair per key: one key's receivers that never answer hold only that key's slots while another
 * key's delivery goes out at once; deleting a webhook cancels its pending deliveries, even one in flight; a key with
 * thousands of webhooks is queued and claimed in statements whose SQL variables do not grow with the rows.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentLog } from '../auth/log.js';
import { eventually, postgresTestStore, sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { insertTracked } from './tracked-store.js';
import { CANCELLED, createWebhook, deleteWebhook, queueDeliveries, type WebhookSettings } from './webhooks.js';
import { WebhookDispatcher } from './webhooks-dispatcher.js';

/** Requests to /hang/* are held open until released; the most held at once is recorded per key (path segment). */
const held: http.ServerResponse[] = [];
// Replaced per test: a response of an earlier test that closes late counts against its own test's maps.
let openNow = new Map<string, number>();
let mostOpen = new Map<string, number>();
const answered: string[] = [];
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const [, kind, key] = req.url!.split('/');
    if (kind === 'hang') {
      const counts = openNow;
      counts.set(key!, (counts.get(key!) ?? 0) + 1);
      mostOpen.set(key!, Math.max(mostOpen.get(key!) ?? 0, counts.get(key!)!));
      res.on('close', () => counts.set(key!, counts.get(key!)! - 1));
      held.push(res);
      return;
    }
    answered.push(req.url!);
    res.writeHead(204).end();
  });
});
let base = '';
let t: TestStore;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const SETTINGS: WebhookSettings = {
  retryBaseMs: 60_000,
  maxAttempts: 3,
  timeoutMs: 60_000,
  leaseMs: 120_000,
  allowHosts: ['127.0.0.1'],
  concurrency: 8,
  keyConcurrency: 2,
  idleMs: 20,
};

let txCount = 0;
/** A tracked transaction of `keyId` whose state just changed: one delivery per webhook of the key. */
async function stateChange(keyId: string): Promise<string> {
  const hash = `HASH${++txCount}`;
  await insertTracked(
    t.store,
    { chain_id: 'osmosis-1', tx_hash: hash, state: 'STATE_PENDING', record: '{}', status: '{}', key_id: keyId },
    Date.now(),
  );
  await queueDeliveries(
    t.store.db,
    { chainId: 'osmosis-1', txHash: hash, state: 'STATE_PENDING', statusText: '{"state":"STATE_PENDING"}' },
    Date.now(),
  );
  return hash;
}

const deliveriesOf = (webhookId: string) =>
  t.store.db
    .selectFrom('webhook_deliveries')
    .select(['status', 'attempts', 'last_error'])
    .where('webhook_id', '=', webhookId)
    .execute();

describe.each([
  ['embedded SQLite', sqliteTestStore],
  ['PostgreSQL', postgresTestStore],
] as const)('WebhookDispatcher on %s', (_name, open) => {
  // A store per test: one test's deliveries still due must not occupy the next one's dispatcher.
  beforeEach(async () => {
    t = await open();
    openNow = new Map();
    mostOpen = new Map();
    answered.length = 0;
  });
  afterEach(async () => {
    for (const r of held.splice(0)) r.destroy();
    await t.cleanup();
  });

  it("one key's receivers that never answer do not delay another key's delivery", async () => {
    // Key A: 10 webhooks whose receiver never answers, 2 changes queued first (20 deliveries due before B's).
    for (let i = 0; i < 10; i++) await createWebhook(t.store, 'key-a', `${base}/hang/a/${i}`, Date.now());
    await stateChange('key-a');
    await stateChange('key-a');
    const b = await createWebhook(t.store, 'key-b', `${base}/ok/b`, Date.now());
    await stateChange('key-b');
    const dispatcher = new WebhookDispatcher(t.store, SETTINGS, silentLog);
    dispatcher.start();
    try {
      await eventually(
        async () => (await deliveriesOf(b.id)).every((d) => d.status === 'delivered'),
        60_000,
        "key B's delivery",
      );
      await eventually(() => (openNow.get('a') ?? 0) === 2, 60_000, "key A's two slots in use");
      // Key A never had more than its own concurrency in flight, though 20 of its deliveries were due.
      expect(mostOpen.get('a')).toBe(2);
      expect(answered).toEqual(['/ok/b']);
    } finally {
      for (const r of held.splice(0)) r.destroy();
      await dispatcher.stop();
    }
  });

  it('deleting a webhook cancels its pending deliveries, including one in flight', async () => {
    const hook = await createWebhook(t.store, 'key-c', `${base}/hang/c`, Date.now());
    await stateChange('key-c');
    await stateChange('key-c');
    const dispatcher = new WebhookDispatcher(t.store, { ...SETTINGS, keyConcurrency: 1 }, silentLog);
    dispatcher.start();
    try {
      await eventually(() => (openNow.get('c') ?? 0) === 1, 60_000, 'one delivery in flight');
      expect(await deleteWebhook(t.store, 'key-c', hook.id, Date.now())).toBe(true);
      // The receiver answers the attempt that was in flight with an error: the cancellation stands, nothing retries.
      for (const r of held.splice(0)) r.writeHead(500).end();
      await eventually(() => dispatcher.active === 0, 60_000, 'the attempt ended');
      const rows = await deliveriesOf(hook.id);
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.status === 'failed' && r.last_error === CANCELLED)).toBe(true);
      expect(mostOpen.get('c')).toBe(1);
    } finally {
      await dispatcher.stop();
    }
  });

  it('a key with 3,000 webhooks: queued in one statement and claimed by token (no variable per row)', async () => {
    // Registered before a cap existed: inserted directly. 3,000 rows of 14 values would pass SQLite's 32,766 variables.
    const now = new Date().toISOString();
    for (let i = 0; i < 3_000; i += 500)
      await t.store.db
        .insertInto('webhooks')
        .values(
          Array.from({ length: 500 }, (_, j) => ({
            id: `wh_many_${i + j}`,
            key_id: 'key-many',
            url: `${base}/ok/many`,
            secret: 's',
            created_at: now,
            deleted_at: null,
          })),
        )
        .execute();
    await stateChange('key-many');
    const dispatcher = new WebhookDispatcher(t.store, { ...SETTINGS, keyConcurrency: 3_000 }, silentLog);
    const claimed = await dispatcher.claim(3_000);
    expect(claimed).toHaveLength(3_000);
  });
});
