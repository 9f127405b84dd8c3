/**
 * The delivery-time target check: a name that resolves inside (DNS rebinding after registration) is refused before
 * any connection, unless the operator allows that host; address literals are checked without a lookup; redirects
 * are not followed; the receiver's body is never read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from './webhooks-send.js';

const seen: { url: string; body: string }[] = [];
let redirectTargetHit = false;
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    if (req.url === '/moved') redirectTargetHit = true;
    seen.push({ url: req.url!, body });
    if (req.url === '/redirect') res.writeHead(302, { location: '/moved' }).end();
    else res.writeHead(204).end();
  });
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** A resolver that says `hooks.example` is whatever the test wants now (as a DNS server under its owner's control). */
const dns = (addresses: string[]) => async (host: string) => {
  if (host !== 'hooks.example') throw new Error('ENOTFOUND');
  return addresses;
};
const send = (url: string, o: { resolve?: (h: string) => Promise<string[]>; allowHosts?: string[] } = {}) =>
  sendWebhook(url, { 'content-type': 'application/json' }, '{"event":"tx.status"}', {
    // Generous: the receiver is local and these tests are not about timeouts (a loaded machine can take seconds).
    timeoutMs: 30_000,
    allowHosts: o.allowHosts ?? [],
    ...(o.resolve ? { resolve: o.resolve } : {}),
  });

describe('sendWebhook', () => {
  it('refuses a name that now resolves to loopback, before connecting', async () => {
    seen.length = 0;
    const r = await send(`http://hooks.example:${port}/x`, { resolve: dns(['127.0.0.1']) });
    expect(r).toEqual({
      statusCode: null,
      error: expect.stringMatching(
        /^target refused: url must be a public address: hooks.example resolves to a loopback/,
      ),
    });
    expect(seen).toEqual([]);
  });

  it('refuses when any one of the addresses is internal (the connection could pick it)', async () => {
    const r = await send(`http://hooks.example:${port}/x`, { resolve: dns(['93.184.216.34', '169.254.169.254']) });
    expect(r.error).toMatch(/^target refused: url must be a public address: hooks.example resolves to a loopback/);
    expect(r.error).not.toContain('169.254.169.254');
    expect(seen).toEqual([]);
  });

  it('delivers to an internal host the operator allows, on the address just resolved', async () => {
    seen.length = 0;
    const r = await send(`http://hooks.example:${port}/allowed`, {
      resolve: dns(['127.0.0.1']),
      allowHosts: ['HOOKS.example'],
    });
    expect(r).toEqual({ statusCode: 204, error: null });
    expect(seen).toEqual([{ url: '/allowed', body: '{"event":"tx.status"}' }]);
  });

  it('checks address literals without a lookup: loopback, mapped IPv6, metadata', async () => {
    seen.length = 0;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://0x7f.1:${port}/`,
      'http://169.254.169.254/latest/meta-data',
    ])
      expect((await send(url)).error, url).toMatch(/^target refused: url must be a public address/);
    expect(seen).toEqual([]);
    expect(await send(`http://127.0.0.1:${port}/ok`, { allowHosts: ['127.0.0.1'] })).toEqual({
      statusCode: 204,
      error: null,
    });
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    seen.length = 0;
    const r = await send(`http://127.0.0.1:${port}/redirect`, { allowHosts: ['127.0.0.1'] });
    expect(r).toEqual({ statusCode: 302, error: 'HTTP 302' });
    expect(redirectTargetHit).toBe(false);
    expect(seen.map((s) => s.url)).toEqual(['/redirect']);
  });

  it('a name that does not resolve is a failed attempt, not a crash', async () => {
    const r = await send('http://nowhere.example/x', { resolve: dns([]) });
    expect(r).toEqual({ statusCode: null, error: expect.stringMatching(/does not resolve/) });
  });
});
