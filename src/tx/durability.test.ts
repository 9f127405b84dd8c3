/**
 * Durable tracking: a worker process killed with SIGKILL in the middle of a tracking step and started again on the
 * same embedded store carries on; on PostgreSQL another instance takes over a dead instance's leased work; two
 * instances on one PostgreSQL share the work and never hold the same transaction at once. The worker processes are
 * the service's TxService without the HTTP app (test-helpers/worker-process.ts); transactions are tracked and read
 * through a TxService in this process, on the same store.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bech32 } from 'bech32';
import { buildRegistry } from '../registry/build.js';
import { eventually, postgresTestStore, TEST_DATABASE_URL } from '../auth/test-helpers/servers.js';
import { openStore, type Store } from '../store/db.js';
import { FakeCosmosNetwork } from './test-helpers/cosmos-network.js';
import { RESULT_ACK, TestRelayer, type Packet } from './test-helpers/ibc-relayer.js';
import { testTxService } from './test-helpers/service.js';
import { claimDue, findStatus } from './tracked-store.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const registry = buildRegistry();
const net = new FakeCosmosNetwork();
const relayer = new TestRelayer(net, registry);
const account = (prefix: string, fill: number) => bech32.encode(prefix, bech32.toWords(Buffer.alloc(20, fill)));
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  for (const id of ['osmosis-1', 'cosmoshub-4']) net.chain(id);
  await net.start();
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  await net.stop();
});

/** A direct transfer of OSMO from Osmosis to the Hub, sent and (so far) not relayed. */
function sent(fill: number): { packet: Packet; hash: string } {
  const packet = relayer.packet('osmosis-1', 'channel-0', {
    denom: 'uosmo',
    amount: '2500000',
    sender: account('osmo', fill),
    receiver: account('cosmos', fill),
    memo: '',
  });
  return { packet, hash: relayer.send(packet) };
}

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/tx/test-helpers/worker-process.ts'], {
    cwd: ROOT,
    env: { ...process.env, TX_POLL_INTERVAL_MS: '100', TX_POLL_MAX_INTERVAL_MS: '200', ...net.settingsEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  // Read stderr too: a pipe nobody drains would block the worker once full.
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return {
    child,
    exited,
    stderr: () => err,
    ready: eventually(() => out.includes('worker ready'), 120_000, 'worker ready'),
  };
}

/** The overall state as stored (what GET /v2/tx/status serves). */
async function stateOf(store: Store, hash: string): Promise<string | undefined> {
  return await findStatus(store, 'osmosis-1', hash).then((r) =>
    r ? (JSON.parse(r.status) as { state: string }).state : undefined,
  );
}

/** Waits until the worker process has a step in flight on the Hub (it answers slowly meanwhile), then kills it. */
async function killMidStep(worker: ReturnType<typeof startWorker>, delayMs: number) {
  net.chain('cosmoshub-4').delayMs = delayMs;
  const calls = net.chain('cosmoshub-4').rpcCalls;
  await eventually(() => net.chain('cosmoshub-4').rpcCalls > calls, 60_000, 'a step in flight').catch((e: unknown) => {
    throw new Error(
      `${(e as Error).message}; worker exit ${worker.child.exitCode}; stderr: ${worker.stderr().slice(-2000)}`,
    );
  });
  worker.child.kill('SIGKILL');
  await worker.exited;
  net.chain('cosmoshub-4').delayMs = 0;
}

describe('a worker killed with SIGKILL mid-tracking', () => {
  it('embedded store: restarted on the same DATA_DIR, it resumes and completes the transfer', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-durable-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const store = await openStore({ dataDir });
    cleanups.push(() => store.close());
    const here = testTxService({ store, registry });
    const { packet, hash } = sent(1);
    await here.track('osmosis-1', hash, null);
    const first = startWorker({ DATA_DIR: dataDir });
    await first.ready;
    await eventually(async () => (await stateOf(store, hash)) === 'STATE_PENDING', 60_000, 'pending');
    await killMidStep(first, 400);

    relayer.recv(packet, RESULT_ACK);
    relayer.acknowledge(packet);
    const second = startWorker({ DATA_DIR: dataDir });
    await second.ready;
    await eventually(
      async () => (await stateOf(store, hash)) === 'STATE_COMPLETED_SUCCESS',
      60_000,
      'completed after restart',
    );
  }, 240_000);

  it("PostgreSQL: another instance takes the dead instance's leased work over once the lease expires", async () => {
    const t = await postgresTestStore();
    cleanups.push(() => t.cleanup());
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${t.schema}`);
    const common = { DATABASE_URL: url.toString(), TX_LEASE_SECONDS: '3', DATA_DIR: tmpdir() };
    const here = testTxService({ store: t.store, registry });
    const { packet, hash } = sent(2);
    await here.track('osmosis-1', hash, null);
    const a = startWorker(common);
    await a.ready;
    await eventually(async () => (await stateOf(t.store, hash)) === 'STATE_PENDING', 60_000, 'pending');
    await killMidStep(a, 2_000);
    const row = await t.store.db
      .selectFrom('tracked_txs')
      .select(['lease_owner'])
      .where('tx_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.lease_owner).not.toBeNull(); // the dead instance still holds it

    relayer.recv(packet, RESULT_ACK);
    relayer.acknowledge(packet);
    const b = startWorker(common);
    await b.ready;
    await eventually(
      async () => (await stateOf(t.store, hash)) === 'STATE_COMPLETED_SUCCESS',
      60_000,
      'taken over and completed',
    );
  }, 240_000);
});

describe('two instances on one PostgreSQL', () => {
  it('claim disjoint transactions (FOR UPDATE SKIP LOCKED) and together complete every transfer', async () => {
    const t = await postgresTestStore();
    cleanups.push(() => t.cleanup());
    const other = await t.reopen();
    const now = () => net.now;
    const a = testTxService({ store: t.store, registry, ...netSettings(), now });
    const b = testTxService({ store: other, registry, ...netSettings(), now });
    const transfers = Array.from({ length: 60 }, (_, i) => sent(10 + i));
    for (const x of transfers) await a.track('osmosis-1', x.hash, null);

    // Claims racing from both instances never overlap.
    const [ca, cb] = await Promise.all([
      claimDue(t.store, 'instance-a', now() + 10, 60_000, 40),
      claimDue(other, 'instance-b', now() + 10, 60_000, 40),
    ]);
    const ka = new Set(ca.map((r) => r.tx_hash));
    expect(ca.length + cb.length).toBe(60);
    expect(cb.filter((r) => ka.has(r.tx_hash))).toEqual([]);
    await t.store.db.updateTable('tracked_txs').set({ lease_owner: null, lease_until: 0 }).execute();

    for (const x of transfers) {
      relayer.recv(x.packet, RESULT_ACK);
      relayer.acknowledge(x.packet);
    }
    const done = async () =>
      Number(
        (
          await t.store.db
            .selectFrom('tracked_txs')
            .select((e) => e.fn.countAll().as('n'))
            .where('state', '=', 'STATE_COMPLETED_SUCCESS')
            .executeTakeFirst()
        )?.n,
      );
    let claimedA = 0;
    let claimedB = 0;
    for (let round = 0; round < 20 && (await done()) < 60; round++) {
      net.now += 10;
      const [na, nb] = await Promise.all([a.worker.tick(), b.worker.tick()]);
      claimedA += na;
      claimedB += nb;
    }
    expect(await done()).toBe(60);
    expect(claimedA).toBeGreaterThan(0);
    expect(claimedB).toBeGreaterThan(0);
  });
});

function netSettings() {
  const { rpc, rest } = net.settings();
  return { rpc, rest };
}
