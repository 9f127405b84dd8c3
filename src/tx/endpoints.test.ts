/** Chain endpoints: CHAIN_RPC_URLS / CHAIN_REST_URLS over the registry's lists, and the pool's failover. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { buildRegistry } from '../registry/build.js';
import { parseChainUrls } from '../config.js';
import { ChainEndpointTable } from './endpoints.js';
import { EndpointPool, requestJson, UpstreamError } from './upstream.js';

const registry = buildRegistry();

describe('CHAIN_RPC_URLS / CHAIN_REST_URLS', () => {
  it('parses chain_id=url lists, a chain repeated for several endpoints in order', () => {
    expect([
      ...parseChainUrls(
        'CHAIN_RPC_URLS',
        'osmosis-1=https://a.example/rpc, 1=http://127.0.0.1:8545 ,osmosis-1=https://b.example',
      ),
    ]).toEqual([
      ['osmosis-1', ['https://a.example/rpc', 'https://b.example']],
      ['1', ['http://127.0.0.1:8545']],
    ]);
    expect(parseChainUrls('CHAIN_RPC_URLS', undefined).size).toBe(0);
  });

  it('refuses malformed entries, other schemes and unknown chains, naming the setting', () => {
    expect(() => parseChainUrls('CHAIN_RPC_URLS', 'osmosis-1')).toThrow(
      new ConfigError('CHAIN_RPC_URLS: expected chain_id=url, got "osmosis-1"'),
    );
    expect(() => parseChainUrls('CHAIN_REST_URLS', 'osmosis-1=ftp://x')).toThrow(
      /CHAIN_REST_URLS: osmosis-1: "ftp:\/\/x" is not an http\(s\) URL/,
    );
    expect(() => ChainEndpointTable.fromSettings(registry, 'nope-1=https://x.example', undefined)).toThrow(
      /CHAIN_RPC_URLS: unknown chain id "nope-1"/,
    );
  });

  it('an override replaces the registry list for that chain only', () => {
    const table = ChainEndpointTable.fromSettings(registry, 'osmosis-1=http://127.0.0.1:26657', undefined);
    expect(table.of('osmosis-1')).toEqual({
      rpc: ['http://127.0.0.1:26657'],
      rest: registry.chain('osmosis-1')!.endpoints.rest,
    });
    expect(table.of('cosmoshub-4')).toEqual(registry.chain('cosmoshub-4')!.endpoints);
  });
});

describe('EndpointPool', () => {
  let good: http.Server;
  let slow: http.Server;
  let goodUrl = '';
  let slowUrl = '';
  let goodHits = 0;
  let slowHits = 0;
  beforeAll(async () => {
    good = http.createServer((_req, res) => {
      goodHits++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    slow = http.createServer(() => {
      slowHits++; // never answers
    });
    await Promise.all([
      new Promise<void>((r) => good.listen(0, '127.0.0.1', r)),
      new Promise<void>((r) => slow.listen(0, '127.0.0.1', r)),
    ]);
    goodUrl = `http://127.0.0.1:${(good.address() as AddressInfo).port}`;
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    good.close();
    slow.closeAllConnections();
    slow.close();
  });

  it('a hanging endpoint costs one deadline, then is set aside and the next one answers at once', async () => {
    const pool = new EndpointPool([slowUrl, goodUrl], { timeoutMs: 1_000, backoffMs: 10 });
    // Counted, not timed (a loaded machine stretches any clock): the first request waits on the hanging endpoint
    // once, then fails over; the second goes straight to the good one because the hanging one is cooling down.
    expect(await pool.run((base, signal) => requestJson(base, signal))).toEqual({ ok: true });
    expect(goodHits).toBe(1);
    const slowAfterFirst = slowHits; // 1, or 0 if the deadline fired before the hanging server saw the request
    expect(slowAfterFirst).toBeLessThanOrEqual(1);
    expect(await pool.run((base, signal) => requestJson(base, signal))).toEqual({ ok: true });
    expect([slowHits, goodHits]).toEqual([slowAfterFirst, 2]);
  });

  it('gives up with an UpstreamError when every endpoint fails; definite refusals are not retried', async () => {
    const pool = new EndpointPool(['http://127.0.0.1:9'], { timeoutMs: 200, attempts: 2, backoffMs: 10 });
    await expect(pool.run((base, signal) => requestJson(base, signal))).rejects.toBeInstanceOf(UpstreamError);
    let calls = 0;
    const refusing = new EndpointPool([goodUrl, goodUrl], { timeoutMs: 200 });
    await expect(
      refusing.run(async () => {
        calls++;
        throw new UpstreamError('HTTP 400', 400, true);
      }),
    ).rejects.toThrow('HTTP 400');
    expect(calls).toBe(1);
    await expect(new EndpointPool([], { timeoutMs: 100 }).run(async () => 1)).rejects.toThrow('no endpoint configured');
  });
});
