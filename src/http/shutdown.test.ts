/**
 * The shutdown sequence on a real listening server: readiness fails first while requests are still served with
 * `connection: close`, keep-alive clients see no reset, a request in flight finishes while the listener still
 * accepts (a new connection then gets the wire 503, not a reset) and the listener closes only after it, one that
 * never finishes is cut at the timeout, and requests arriving while the server closes get the wire error.
 */
import http from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccess } from '../auth/access.js';
import { silentLog } from '../auth/log.js';
import { sqliteTestStore } from '../auth/test-helpers/servers.js';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from './app.js';
import { shutdown } from './shutdown.js';
import { ATOM_ON_OSMOSIS } from '../test-helpers/registry.js';
import { testTxService } from '../tx/test-helpers/service.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

async function server(env: Record<string, string>) {
  const ctx = buildContext(loadConfig([], env));
  const t = await sqliteTestStore();
  cleanups.push(() => t.cleanup());
  const access = await createAccess(
    t.store,
    {
      anonymous: { ratePerSecond: 1000, burst: 1000 },
      keyRefreshMs: 60_000,
      statsFlushMs: 60_000,
      redisKeyPrefix: 'x:',
    },
    silentLog,
  );
  const tx = testTxService({ store: t.store, registry: ctx.registry });
  const app = await buildApp(ctx, { access, tx });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  const port = (app.server.address() as AddressInfo).port;
  return { ctx, app, port, parts: { app, ctx, tx, access, logger: app.log } };
}

function get(
  agent: http.Agent,
  port: number,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

const ROUTE = JSON.stringify({
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: ATOM_ON_OSMOSIS,
  dest_asset_chain_id: 'osmosis-1',
  // 10 ATOM: enough that the transfer's gas keeps it within price safety.
  amount_in: '10000000',
});

/**
 * A POST whose body is held back: in flight from the server's point of view until `finish` sends the rest.
 * `received` resolves once the server has read its headers (from then on a close waits for it).
 */
function slowPost(app: FastifyInstance, port: number) {
  const received = new Promise<void>((resolve) => {
    const onRequest = (req: http.IncomingMessage) => {
      if (req.method !== 'POST') return;
      app.server.off('request', onRequest);
      resolve();
    };
    app.server.on('request', onRequest);
  });
  const socket: Socket = connect(port, '127.0.0.1');
  let data = '';
  const closed = new Promise<string>((resolve) => {
    socket.on('data', (c) => (data += c.toString()));
    socket.on('close', () => resolve(data));
    socket.on('error', () => undefined);
  });
  socket.write(
    `POST /v2/fungible/route HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${ROUTE.length}\r\n\r\n${ROUTE.slice(0, 10)}`,
  );
  return { received, finish: () => socket.write(ROUTE.slice(10)), closed };
}

/** Polls `check` until it holds; the test's timeout bounds the wait. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

describe('graceful shutdown', () => {
  it('fails readiness first, serves with connection: close, lets a request in flight finish, then stops', async () => {
    // A timeout far beyond the test's: the shutdown below can only end by the request in flight finishing.
    const { app, ctx, port, parts } = await server({ SHUTDOWN_TIMEOUT_SECONDS: '3600' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const resets: unknown[] = [];
    agent.on('free', (s: Socket) => s.on('error', (e) => resets.push(e)));
    const before = await get(agent, port, '/health');
    expect(before.status).toBe(200);
    expect(before.headers.connection).toBe('keep-alive');
    const inFlight = slowPost(app, port);
    await inFlight.received;

    // The drain period lasts until the test has seen what draining means, however slowly the machine serves.
    let endDrain = () => {};
    const drained = new Promise<void>((resolve) => (endDrain = resolve));
    const done = shutdown(parts, 600, () => drained);
    // Draining: readiness fails, requests are still served, each response closes its connection.
    const health = await get(agent, port, '/health');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'draining' });
    expect(health.headers.connection).toBe('close');
    const served = await get(agent, port, '/v2/info/bridges');
    expect(served.status).toBe(200);
    expect(served.headers.connection).toBe('close');
    expect(ctx.lifecycle.closing).toBe(false);

    // After the drain period, while the request is still in flight, the listener still accepts: a new connection
    // (a load balancer slow to notice) gets the wire 503 and its connection closed, not a reset.
    endDrain();
    await until(() => ctx.lifecycle.closing);
    const late = await get(new http.Agent(), port, '/v2/info/bridges');
    expect(late.status).toBe(503);
    expect(JSON.parse(late.body)).toMatchObject({ code: 14, message: expect.stringContaining('shutting down') });
    expect(late.headers.connection).toBe('close');
    expect(app.server.listening).toBe(true);
    // The request that was in flight all along completes; only then does the listener close.
    inFlight.finish();
    const answer = await inFlight.closed;
    expect(answer).toMatch(/^HTTP\/1.1 200 OK/);
    expect(answer).toContain('"amount_out"');
    await done;
    expect(resets).toEqual([]);
    // Closed: nobody listens any more.
    await expect(get(new http.Agent(), port, '/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('a request that never finishes is cut at SHUTDOWN_TIMEOUT_SECONDS', async () => {
    const { app, port, parts } = await server({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const stuck = slowPost(app, port);
    await stuck.received;
    const t0 = performance.now();
    await shutdown(parts, 0);
    // Not before the timeout (a timer never fires early); that it ends at all is the cut.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(990);
    expect(await stuck.closed).toBe('');
  });

  it("while closing, requests still arriving get the wire error, not Fastify's own body", async () => {
    const { app, ctx } = await server({});
    ctx.lifecycle.closing = true;
    const res = await app.inject({ method: 'GET', url: '/v2/info/bridges' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 14, message: expect.stringContaining('shutting down'), details: [] });
    ctx.lifecycle.closing = false;
  });
});
