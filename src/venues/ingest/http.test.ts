/**
 * The ingest HTTP client against local servers: bodies (plain and compressed), redirects, and every failure the
 * poller must turn into "keep the last good snapshot" (status, size cap, timeout, abort, a connection cut mid-body).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchJson, fetchText, IngestError } from './http.js';

const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IngestError);
  return err as IngestError;
};

describe('ingest HTTP client', () => {
  it('reads bodies plain and compressed (gzip, deflate, br), asking for JSON', async () => {
    const body = JSON.stringify({
      ticks: Array.from({ length: 500 }, (_, i) => ({ lower_tick: i, upper_tick: i + 1, liquidity_amount: '1.5' })),
    });
    const seen: (string | undefined)[] = [];
    const url = await serve((req, res) => {
      seen.push(req.headers.accept);
      const enc = new URL(req.url!, 'http://x').searchParams.get('enc');
      const data =
        enc === 'gzip'
          ? gzipSync(body)
          : enc === 'deflate'
            ? deflateSync(body)
            : enc === 'br'
              ? brotliCompressSync(body)
              : Buffer.from(body);
      res.writeHead(200, { 'content-type': 'application/json', ...(enc ? { 'content-encoding': enc } : {}) }).end(data);
    });
    for (const enc of ['', 'gzip', 'deflate', 'br'])
      expect(await fetchJson(`${url}/t?enc=${enc}`)).toEqual(JSON.parse(body));
    expect(seen.every((a) => a === 'application/json')).toBe(true);
  });

  it('follows redirects, up to five', async () => {
    const url = await serve((req, res) => {
      const n = Number(new URL(req.url!, 'http://x').searchParams.get('n'));
      if (n > 0) res.writeHead(302, { location: `/r?n=${n - 1}` }).end();
      else res.writeHead(200).end('"arrived"');
    });
    expect(await fetchJson(`${url}/r?n=3`)).toBe('arrived');
    expect((await failure(fetchText(`${url}/r?n=6`))).message).toMatch(/more than 5 redirects/);
  });

  it('turns a status, an oversized body, a timeout, an abort and a cut connection into IngestError', async () => {
    const url = await serve((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      if (path === '/500') return void res.writeHead(500).end('{"code":13}');
      if (path === '/big') return void res.writeHead(200).end('x'.repeat(10_000));
      if (path === '/slow') return void setTimeout(() => res.writeHead(200).end('{}'), 2_000);
      if (path === '/cut') {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('{"partial":');
        return void setTimeout(() => res.socket?.destroy(), 20);
      }
    });
    const status = await failure(fetchText(`${url}/500`));
    expect([status.message, status.status]).toEqual(['HTTP 500', 500]);
    expect((await failure(fetchText(`${url}/big`, { maxBytes: 1_000 }))).message).toBe('body larger than 1000 bytes');
    expect((await failure(fetchText(`${url}/slow`, { timeoutMs: 50 }))).message).toMatch(/^request failed/);
    const abort = new AbortController();
    const aborted = failure(fetchText(`${url}/slow`, { signal: abort.signal }));
    abort.abort();
    expect((await aborted).message).toMatch(/^request failed/);
    expect((await failure(fetchText(`${url}/cut`))).message).toMatch(/^reading body failed/);
    expect((await failure(fetchText('http://127.0.0.1:1/nothing'))).message).toMatch(/^request failed/);
    expect((await failure(fetchJson(`${url}/big`))).message).toMatch(/^not JSON/);
  });
});
