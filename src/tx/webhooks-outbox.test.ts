/**
 * The outbox: a state change and the webhook deliveries announcing it are committed together. A failure injected in
 * the database between the two (a trigger that refuses the delivery rows, as a crash there would leave them
 * unwritten) rolls the state change back too; the worker then looks again and writes both, exactly once. On the
 * embedded SQLite store and on PostgreSQL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bech32 } from 'bech32';
import { silentLog } from '../auth/log.js';
import { postgresTestStore, sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { buildRegistry } from '../registry/build.js';
import type { Store } from '../store/db.js';
import { FakeCosmosNetwork } from './test-helpers/cosmos-network.js';
import { TestRelayer } from './test-helpers/ibc-relayer.js';
import { testTxService, tickSteps } from './test-helpers/service.js';
import { findStatus } from './tracked-store.js';
import { createWebhook } from './webhooks.js';

const registry = buildRegistry();
const net = new FakeCosmosNetwork();
const relayer = new TestRelayer(net, registry);
const received: string[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push(body);
    res.writeHead(204).end();
  });
});
let hookUrl = '';

beforeAll(async () => {
  for (const id of ['osmosis-1', 'cosmoshub-4']) net.chain(id);
  await net.start();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await net.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const INJECTED = 'injected failure between the state change and its delivery';

async function failDeliveryInserts(store: Store): Promise<void> {
  if (store.kind === 'sqlite')
    await sql`create trigger outbox_fail before insert on webhook_deliveries
      begin select raise(abort, ${sql.raw(`'${INJECTED}'`)}); end`.execute(store.db);
  else {
    await sql`create function outbox_fail() returns trigger language plpgsql as $$
      begin raise exception '${sql.raw(INJECTED)}'; end $$`.execute(store.db);
    await sql`create trigger outbox_fail before insert on webhook_deliveries
      for each row execute function outbox_fail()`.execute(store.db);
  }
}

async function restoreDeliveryInserts(store: Store): Promise<void> {
  if (store.kind === 'sqlite') await sql`drop trigger outbox_fail`.execute(store.db);
  else await sql`drop trigger outbox_fail on webhook_deliveries`.execute(store.db);
}

const stateOf = async (store: Store, hash: string) =>
  (JSON.parse((await findStatus(store, 'osmosis-1', hash))!.status) as { state: string }).state;

describe.each([
  ['embedded SQLite', sqliteTestStore],
  ['PostgreSQL', postgresTestStore],
] as const)('outbox on %s', (_name, open) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(() => t.cleanup());

  it('a failure between the state change and its delivery loses neither; both are written once afterwards', async () => {
    let clock = Date.now();
    const warnings: string[] = [];
    const tx = testTxService({
      store: t.store,
      registry,
      ...net.settings(),
      now: () => clock,
      worker: { leaseMs: 1_000 },
      webhooks: { retryBaseMs: 1_000, maxAttempts: 3, timeoutMs: 10_000, leaseMs: 10_000, allowHosts: ['127.0.0.1'] },
      log: { ...silentLog, warn: (o: object, m: string) => warnings.push(`${m}: ${JSON.stringify(o)}`) },
    });
    await createWebhook(t.store, 'key-outbox', hookUrl, clock);
    const hash = relayer.send(
      relayer.packet('osmosis-1', 'channel-0', {
        denom: 'uosmo',
        amount: '1000',
        sender: bech32.encode('osmo', bech32.toWords(Buffer.alloc(20, 7))),
        receiver: bech32.encode('cosmos', bech32.toWords(Buffer.alloc(20, 7))),
        memo: '',
      }),
    );
    await tx.track('osmosis-1', hash, 'key-outbox');
    const before = await stateOf(t.store, hash);

    await failDeliveryInserts(t.store);
    await tickSteps(tx, () => clock++);
    // The step found the transaction on chain (a state change), but its delivery could not be queued: the change
    // was not written either.
    expect(warnings.join('\n')).toContain(INJECTED);
    expect(await stateOf(t.store, hash)).toBe(before);
    const count = () =>
      t.store.db.selectFrom('webhook_deliveries').select(['state', 'status']).where('tx_hash', '=', hash).execute();
    expect(await count()).toEqual([]);

    await restoreDeliveryInserts(t.store);
    clock += 2_000; // the failed batch's lease expires
    await tickSteps(tx, () => clock++);
    const after = await stateOf(t.store, hash);
    expect(after).not.toBe(before);
    expect(await count()).toEqual([{ state: after, status: 'pending' }]);

    received.length = 0;
    expect(await tx.dispatcher.deliverDue()).toBe(1);
    expect(received.map((b) => (JSON.parse(b) as { tx_hash: string; state: string }).state)).toEqual([after]);
    expect(await count()).toEqual([{ state: after, status: 'delivered' }]);
  });
});
