/**
 * Errors raised before routing, on a real socket: a path that is not valid percent-encoding, malformed HTTP and
 * oversized headers still get the JSON `{code, message, details}` body.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../wire/common.js';
import { buildTestApp, expectError, expectSchema, type TestApp } from './test-helpers/app.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.app.close());

/** Sends raw bytes and returns the status line, headers and body of the answer. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (c) => (data += c.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    });
    socket.end(request);
  });
}

describe('errors before routing', () => {
  it('a malformed percent-escape in the path is code 3 naming the URL', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/v2/info/%E0%A4%A' }), 400, 3, /malformed URL.*%E0%A4%A/);
    const res = await raw('GET /v2/%ZZ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toContain('content-type: application/json');
    expectSchema(ErrorBody, JSON.parse(res.body));
  });

  it('malformed HTTP is answered with the JSON error body', async () => {
    const res = await raw('GARBAGE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toContain('content-type: application/json');
    expect(JSON.parse(res.body)).toEqual({ code: 3, message: 'malformed HTTP request', details: [] });
  });

  it('oversized headers are answered with the JSON error body', async () => {
    const res = await raw(`GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 3, message: 'request headers are too large' });
  });

  it('a HEAD request with oversized headers gets the status and headers only, no body', async () => {
    const res = await raw(`HEAD /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(res.headers).toContain('content-type: application/json');
    expect(res.body).toBe('');
  });

  it('a body over the configured limit is HTTP 413, code 3', async () => {
    const big = JSON.stringify({ assets: [{ denom: 'u'.repeat(t.ctx.config.bodyLimitBytes), chain_id: 'osmosis-1' }] });
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/v2/fungible/ibc_origin_assets',
        payload: big,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      3,
      /too large/,
    );
  });

  it('a wrong method on an existing path is 405 with Allow, in the wire error body', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/v2/fungible/route' });
    expectError(res, 405, 12, 'method DELETE is not allowed on /v2/fungible/route; use POST');
    expect(res.headers.allow).toBe('POST');
    expectError(await t.app.inject({ method: 'GET', url: '/v2/nowhere' }), 404, 5, 'no endpoint GET /v2/nowhere');
  });
});

describe('random request lines on a real socket', () => {
  it('any method and path is answered below 500 with a JSON body (404 code 5, 400 code 3, or a known endpoint)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
        fc.oneof(
          fc.string().map((s) => `/${s}`),
          fc.string(),
          fc.constantFrom(
            '/\\',
            '//',
            '/v2/',
            '/v2/info/chains/x',
            '//v2/info/chains',
            '/v2/%E0%A4%A',
            '/%',
            '*',
            'http://x/v2/info/bridges',
            '/v2/info/bridges#x',
          ),
        ),
        async (method, path) => {
          const res = await raw(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
          expect(res.status, `${method} ${JSON.stringify(path)}`).toBeLessThan(500);
          if (method === 'HEAD' || res.status < 400) return;
          expect(res.headers).toContain('content-type: application/json');
          expectSchema(ErrorBody, JSON.parse(res.body));
        },
      ),
      { numRuns: 150 },
    );
  });
});
