/**
 * Push: GET /junction/tx/events streams a transaction's status as server-sent events until it is terminal, and
 * webhooks registered by a key holder receive every state change of the key's transactions, signed with HMAC,
 * retried with backoff when the receiver fails, each delivery recorded.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bech32 } from 'bech32';
import { createAccess, type AccessService } from '../auth/access.js';
import { createKey } from '../auth/keys-command.js';
import { silentLog } from '../auth/log.js';
import { eventually, sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from '../http/app.js';
import { FakeCosmosNetwork } from './test-helpers/cosmos-network.js';
import { RESULT_ACK, TestRelayer, type Packet } from './test-helpers/ibc-relayer.js';
import { testTxService } from './test-helpers/service.js';
import { signature } from './webhooks.js';
import type { TxService } from './service.js';

const net = new FakeCosmosNetwork();
let relayer: TestRelayer;
let store: TestStore;
let access: AccessService;
let tx: TxService;
let app: FastifyInstance;
let base = '';
let key = '';
const account = (prefix: string, fill: number) => bech32.encode(prefix, bech32.toWords(Buffer.alloc(20, fill)));

/** A receiver that answers with the statuses it is told to, then 200; it records what it got. */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let failuresLeft = 0;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(failuresLeft-- > 0 ? 500 : 204).end();
  });
});

beforeAll(async () => {
  for (const id of ['osmosis-1', 'cosmoshub-4']) net.chain(id);
  await net.start();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const ctx = buildContext(loadConfig([], {}));
  relayer = new TestRelayer(net, ctx.registry);
  store = await sqliteTestStore();
  key = (await createKey(store.store, 'acme')).key;
  access = await createAccess(
    store.store,
    {
      anonymous: { ratePerSecond: 0, burst: 1 },
      keyRefreshMs: 60_000,
      statsFlushMs: 60_000,
      redisKeyPrefix: 'unused:',
    },
    silentLog,
  );
  const { rpc, rest } = net.settings();
  tx = testTxService({
    store: store.store,
    registry: ctx.registry,
    rpc,
    rest,
    runWorker: true,
    worker: { pollIntervalMs: 50, pollMaxIntervalMs: 100 },
    webhooks: {
      retryBaseMs: 100,
      maxAttempts: 3,
      // Not a test of timeouts: a delivery to the local receiver that timed out on a loaded machine would be one
      // attempt more than the tests count.
      timeoutMs: 10_000,
      leaseMs: 10_000,
      allowHosts: ['127.0.0.1'],
      maxPerKey: 4,
    },
    // How long a stream waits for its transaction to be tracked: the production default, so that a track call slowed
    // by a loaded machine still comes in time (the 404 after the wait takes as long).
    trackWaitMs: 10_000,
    // Small enough to reach in a test; the key's streams are counted apart from the anonymous ones of other tests.
    streamLimits: { total: 50, perCaller: 3 },
  });
  app = await buildApp(ctx, { access, tx });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await tx.start();
});
afterAll(async () => {
  await tx?.stop();
  await app?.close();
  await access?.close();
  await net.stop();
  receiver.close();
  await store?.cleanup();
});

function transfer(fill: number): { packet: Packet; hash: string } {
  const packet = relayer.packet('osmosis-1', 'channel-0', {
    denom: 'uosmo',
    amount: '1000',
    sender: account('osmo', fill),
    receiver: account('cosmos', fill),
    memo: '',
  });
  return { packet, hash: relayer.send(packet) };
}

async function call(method: string, path: string, body?: unknown, withKey = true) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(withKey ? { authorization: key } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Reads server-sent events until the stream ends; returns the parsed `status` events. */
async function readEvents(url: string, onFirst: () => void): Promise<{ id: string; state: string }[]> {
  const res = await fetch(url);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: { id: string; state: string }[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(':')) continue;
      const fields = Object.fromEntries(
        block.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      );
      expect(fields.event).toBe('status');
      events.push({ id: fields.id!, state: (JSON.parse(fields.data!) as { state: string }).state });
      if (events.length === 1) onFirst();
    }
  }
  return events;
}

describe('GET /junction/tx/events', () => {
  it('streams the status now and at every change, and ends after the terminal state', async () => {
    const { packet, hash } = transfer(1);
    await call('POST', '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash }, false);
    const events = await readEvents(`${base}/junction/tx/events?chain_id=osmosis-1&tx_hash=${hash}`, () => {
      setTimeout(() => relayer.recv(packet, RESULT_ACK), 400);
      setTimeout(() => relayer.acknowledge(packet), 800);
    });
    const states = events.map((e) => e.state);
    expect(states[0]).toMatch(/STATE_SUBMITTED|STATE_PENDING/);
    expect(states.at(-1)).toBe('STATE_COMPLETED_SUCCESS');
    // Ids are the status versions: strictly increasing.
    const ids = events.map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('opened right after the broadcast, before the track call, waits for the transaction instead of answering 404', async () => {
    const { packet, hash } = transfer(3);
    const events = readEvents(`${base}/junction/tx/events?chain_id=osmosis-1&tx_hash=${hash}`, () => {
      setTimeout(() => relayer.recv(packet, RESULT_ACK), 300);
      setTimeout(() => relayer.acknowledge(packet), 600);
    });
    // The wallet's track call comes after the stream was opened: once the server waits for the transaction.
    const waiting = vi.spyOn(tx, 'waitForStatus');
    await eventually(() => waiting.mock.calls.length > 0, 60_000, 'the stream waiting');
    waiting.mockRestore();
    await call('POST', '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash }, false);
    expect((await events).at(-1)!.state).toBe('STATE_COMPLETED_SUCCESS');
  });

  it("carries the app's response headers: CORS for a dApp's EventSource, the request id", async () => {
    const { hash } = transfer(6);
    await call('POST', '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash }, false);
    const abort = new AbortController();
    const res = await fetch(`${base}/junction/tx/events?chain_id=osmosis-1&tx_hash=${hash}`, {
      headers: { origin: 'https://dapp.example', 'x-request-id': 'sse-req-1' },
      signal: abort.signal,
    });
    abort.abort();
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-request-id')).toBe('sse-req-1');
  });

  it('a client that disconnects mid-stream: the stream stops reading the status for it', async () => {
    const { hash } = transfer(7);
    await call('POST', '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash }, false);
    const abort = new AbortController();
    const res = await fetch(`${base}/junction/tx/events?chain_id=osmosis-1&tx_hash=${hash}`, { signal: abort.signal });
    const reader = res.body!.getReader();
    await reader.read();
    abort.abort();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reads = vi.spyOn(tx, 'statusText');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const polls = reads.mock.calls.filter(([, h]) => h === hash).length;
    reads.mockRestore();
    expect(polls).toBe(0);
  });

  it('a client that goes away while the stream waits for the track call leaves nothing running behind it', async () => {
    const { hash } = transfer(5);
    const abort = new AbortController();
    const waiting = vi.spyOn(tx, 'waitForStatus');
    const stream = fetch(`${base}/junction/tx/events?chain_id=osmosis-1&tx_hash=${hash}`, { signal: abort.signal });
    await eventually(() => waiting.mock.calls.length > 0, 60_000, 'the stream waiting');
    waiting.mockRestore();
    abort.abort();
    await stream.catch(() => undefined);
    // The client is gone; then the wallet's track call comes, within the wait.
    const reads = vi.spyOn(tx, 'statusText');
    await call('POST', '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash }, false);
    // A stream left open would re-read the status every second (EVENTS_POLL_MS) until the transfer ends, for nobody.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const polls = reads.mock.calls.filter(([, h]) => h === hash).length;
    reads.mockRestore();
    expect(polls).toBeLessThanOrEqual(1);
  });

  it('holds at most EVENT_STREAMS_MAX_PER_CALLER streams of one caller open: the next is answered 429, a closed one frees its place', async () => {
    const { hash } = transfer(8);
    await call('POST', '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash }, true);
    const url = `${base}/junction/tx/events?chain_id=osmosis-1&tx_hash=${hash}`;
    const open = async () => {
      const abort = new AbortController();
      const res = await fetch(url, { headers: { authorization: key }, signal: abort.signal });
      return { res, abort };
    };
    const streams = [await open(), await open(), await open()];
    for (const s of streams) expect(s.res.status).toBe(200);
    const refused = await open();
    expect(refused.res.status).toBe(429);
    expect(await refused.res.json()).toMatchObject({
      code: 8,
      details: [expect.objectContaining({ reason: 'EVENT_STREAM_LIMIT' })],
    });
    // Another caller (anonymous, by its address) still gets its own.
    const other = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    expect(other.status).toBe(200);
    await other.body?.cancel();
    streams[0]!.abort.abort();
    await eventually(
      async () => {
        const next = await open();
        next.abort.abort();
        return next.res.status === 200;
      },
      60_000,
      'a place freed by the closed stream',
    );
    for (const s of streams) s.abort.abort();
  });

  it('answers 404 for a transaction not tracked (after the wait) and 400 for a malformed hash', async () => {
    expect(
      (await call('GET', `/junction/tx/events?chain_id=osmosis-1&tx_hash=${'AB'.repeat(32)}`, undefined, false)).body,
    ).toMatchObject({ code: 5, message: 'tx not found' });
    expect((await call('GET', '/junction/tx/events?chain_id=osmosis-1&tx_hash=0x12', undefined, false)).status).toBe(
      400,
    );
  });
});

describe('webhooks', () => {
  it('a transaction tracked anonymously and then with a key belongs to that key: its webhooks fire', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/adopted`;
    const { id } = (await call('POST', '/junction/webhooks', { url })).body as { id: string };
    const { packet, hash } = transfer(4);
    await call('POST', '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash }, false);
    await call('POST', '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash });
    relayer.recv(packet, RESULT_ACK);
    relayer.acknowledge(packet);
    await eventually(
      async () => {
        const d = (await call('GET', `/junction/webhooks/${id}/deliveries`)).body.deliveries as {
          tx_hash: string;
          state: string;
          status: string;
        }[];
        return d.some((x) => x.tx_hash === hash && x.state === 'STATE_COMPLETED_SUCCESS' && x.status === 'delivered');
      },
      60_000,
      'the completion delivered to the key that tracked it second',
    );
    await call('DELETE', `/junction/webhooks/${id}`);
    received.length = 0;
  });

  it('need an API key; a bad URL is refused', async () => {
    expect((await call('POST', '/junction/webhooks', { url: 'http://127.0.0.1:1/x' }, false)).status).toBe(401);
    expect((await call('POST', '/junction/webhooks', { url: 'ftp://example.com/' })).body).toMatchObject({
      code: 3,
      message: 'invalid url: must be an http or https URL',
    });
  });

  it('internal targets are refused unless allowed; a key has at most WEBHOOK_MAX_PER_KEY webhooks', async () => {
    // 127.0.0.1 is on this app's allow-list; other internal addresses, in any form, are not.
    for (const url of ['http://169.254.169.254/latest', 'http://0x0a000001/', 'http://[::1]/x', 'http://10.0.0.1/'])
      expect((await call('POST', '/junction/webhooks', { url })).body, url).toMatchObject({
        code: 3,
        message: expect.stringMatching(/^invalid url: must be a public address/),
      });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        ((await call('POST', '/junction/webhooks', { url: `http://127.0.0.1:9/${i}` })).body as { id: string }).id,
      );
    expect((await call('POST', '/junction/webhooks', { url: 'http://127.0.0.1:9/5' })).body).toMatchObject({
      code: 9,
      message: 'this key already has 4 webhooks (WEBHOOK_MAX_PER_KEY); delete one first',
    });
    for (const id of ids) await call('DELETE', `/junction/webhooks/${id}`);
  });

  it("deliver every state change of the key's transactions, signed, retried after failures, recorded", async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/junction`;
    const created = await call('POST', '/junction/webhooks', { url });
    expect(created.status).toBe(200);
    const { id, secret } = created.body as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect((await call('GET', '/junction/webhooks')).body).toEqual({
      webhooks: [{ id, url, created_at: created.body.created_at }],
    });

    failuresLeft = 2; // the receiver fails twice: the first delivery succeeds on its third attempt
    const { packet, hash } = transfer(2);
    await call('POST', '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash });
    await eventually(
      async () =>
        (await call('GET', `/v2/tx/status?chain_id=osmosis-1&tx_hash=${hash}`, undefined, false)).body.state ===
        'STATE_PENDING',
      60_000,
      'pending',
    );
    relayer.recv(packet, RESULT_ACK);
    relayer.acknowledge(packet);
    type Delivery = { state: string; status: string; attempts: number; last_status_code: number };
    const deliveries = async () =>
      (await call('GET', `/junction/webhooks/${id}/deliveries`)).body.deliveries as Delivery[];
    await eventually(
      async () => {
        const d = await deliveries();
        return d.length === 2 && d.every((x) => x.status === 'delivered');
      },
      60_000,
      'both state changes delivered',
    );

    for (const r of received) {
      const [t, v1] = String(r.headers['x-junction-signature']).split(',');
      const timestamp = Number(t!.slice(2));
      expect(v1).toBe(`v1=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`);
      expect(signature(secret, timestamp, r.body)).toBe(r.headers['x-junction-signature']);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-junction-delivery']).toMatch(/^whd_/);
      expect(JSON.parse(r.body)).toMatchObject({ event: 'tx.status', chain_id: 'osmosis-1', tx_hash: hash });
    }
    // One delivery per state change (pending, then completed); the two failures were retried.
    const d = await deliveries();
    expect(d.map((x) => x.state).sort()).toEqual(['STATE_COMPLETED_SUCCESS', 'STATE_PENDING']);
    expect(d.every((x) => x.last_status_code === 204)).toBe(true);
    expect(d.reduce((n, x) => n + x.attempts, 0)).toBe(4);
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => (JSON.parse(r.body) as { state: string }).state))).toEqual(
      new Set(['STATE_PENDING', 'STATE_COMPLETED_SUCCESS']),
    );

    expect((await call('DELETE', `/junction/webhooks/${id}`)).body).toEqual({ deleted: true });
    expect((await call('GET', '/junction/webhooks')).body).toEqual({ webhooks: [] });
    expect((await call('GET', `/junction/webhooks/${id}/deliveries`)).status).toBe(200);
    expect((await call('GET', '/junction/webhooks/wh_nope/deliveries')).status).toBe(404);
  });

  it('a receiver that keeps failing: the delivery is marked failed after the last attempt', async () => {
    const created = await call('POST', '/junction/webhooks', { url: 'http://127.0.0.1:9/unreachable' });
    const { id } = created.body as { id: string };
    const { hash } = transfer(3);
    await call('POST', '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash });
    await eventually(
      async () => {
        const d = (await call('GET', `/junction/webhooks/${id}/deliveries`)).body.deliveries as { status: string }[];
        return d.length > 0 && d[0]!.status === 'failed';
      },
      60_000,
      'failed for good',
    );
    const [d] = (await call('GET', `/junction/webhooks/${id}/deliveries`)).body.deliveries as {
      attempts: number;
      last_error: string;
      delivered_at: null;
    }[];
    expect(d).toMatchObject({ attempts: 3, delivered_at: null });
    expect(d!.last_error).toBeTruthy();
    await call('DELETE', `/junction/webhooks/${id}`);
  });
});
