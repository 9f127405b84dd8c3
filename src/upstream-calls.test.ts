/** Upstream request reporting: outcomes of real requests against a local server, listeners, labels. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostOf,
  observedFetch,
  observeUpstream,
  onUpstreamCall,
  outcomeOf,
  type UpstreamCall,
  type UpstreamLabels,
} from './upstream-calls.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 2_000).unref();
    res.writeHead(req.url === '/fail' ? 503 : 200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const labels: UpstreamLabels = { upstream: 'price_api', target: 'prices.example' };

/** Runs `f` and returns the calls reported meanwhile. */
async function reported(f: () => Promise<unknown>): Promise<UpstreamCall[]> {
  const calls: UpstreamCall[] = [];
  const stop = onUpstreamCall((c) => calls.push(c));
  try {
    await f().catch(() => undefined);
  } finally {
    stop();
  }
  return calls;
}

describe('observedFetch', () => {
  it('reports a 2xx as ok, a non-2xx as http_error, a timeout and a refused connection, each with its time', async () => {
    const f = observedFetch(labels);
    const ok = await reported(() => f(`${base}/ok`));
    const failed = await reported(() => f(`${base}/fail`));
    const slow = await reported(() => f(`${base}/slow`, { signal: AbortSignal.timeout(50) }));
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const refused = await reported(() => f(`http://127.0.0.1:${closed}/`));
    expect([ok, failed, slow, refused].map((c) => c.map((x) => x.outcome))).toEqual([
      ['ok'],
      ['http_error'],
      ['timeout'],
      ['network_error'],
    ]);
    for (const [c] of [ok, failed, slow, refused]) expect(c).toMatchObject({ ...labels, seconds: expect.any(Number) });
    expect(slow[0]!.seconds).toBeGreaterThanOrEqual(0.04);
  });

  it('passes the answer through untouched', async () => {
    const res = await observedFetch(labels)(`${base}/fail`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({});
  });

  it('reports nothing once the listener stopped', async () => {
    const calls: UpstreamCall[] = [];
    onUpstreamCall((c) => calls.push(c))();
    await observedFetch(labels)(`${base}/ok`);
    expect(calls).toEqual([]);
  });
});

describe('observeUpstream', () => {
  it('reports the outcome of the request and rethrows its failure; classify may count a failure as an answer', async () => {
    const notFound = Object.assign(new Error('HTTP 404'), { status: 404 });
    expect((await reported(() => observeUpstream(labels, async () => 1))).map((c) => c.outcome)).toEqual(['ok']);
    await expect(observeUpstream(labels, () => Promise.reject(notFound))).rejects.toBe(notFound);
    expect(
      (await reported(() => observeUpstream(labels, () => Promise.reject(notFound)))).map((c) => c.outcome),
    ).toEqual(['http_error']);
    const lenient = (err: unknown) => ((err as { status?: number }).status === 404 ? 'ok' : outcomeOf(err));
    expect(
      (await reported(() => observeUpstream(labels, () => Promise.reject(notFound), lenient))).map((c) => c.outcome),
    ).toEqual(['ok']);
  });
});

describe('outcomeOf and hostOf', () => {
  it('finds a timeout or a status anywhere in the cause chain', () => {
    const timeout = new DOMException('signal timed out', 'TimeoutError');
    expect(outcomeOf(new Error('request failed', { cause: timeout }))).toBe('timeout');
    expect(outcomeOf(new Error('x: timed out'))).toBe('timeout');
    expect(outcomeOf(new Error('wrapped', { cause: Object.assign(new Error('HTTP 502'), { status: 502 }) }))).toBe(
      'http_error',
    );
    expect(outcomeOf(new Error('ECONNREFUSED'))).toBe('network_error');
    expect(outcomeOf('odd')).toBe('network_error');
  });

  it('labels by host, never with credentials, path or query', () => {
    expect(hostOf('https://user:secret@pro-api.example:8443/api/v3/simple/price?x_cg_pro_api_key=k')).toBe(
      'pro-api.example:8443',
    );
    expect(hostOf('not a url')).toBe('unknown');
  });
});
