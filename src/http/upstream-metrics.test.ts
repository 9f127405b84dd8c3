/**
 * /metrics counts and times the requests Junction's own HTTP clients make to the services it depends on: chain nodes
 * (Cosmos REST, EVM JSON-RPC through viem, Solana JSON-RPC), the price API, pool indexers (in this thread and from
 * the SQS reading worker) and the live bridge fee probes, each labelled with its kind and target. A local server
 * answers in each service's wire shape; one of its paths fails.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAbiParameters, type Hex } from 'viem';
import { ethCall, LiveFeeRefresher } from '../bridges/live-fees.js';
import { SolanaBlockhashClient } from '../tx/solana-blockhash.js';
import { fetchSimplePrices } from '../pricing/index.js';
import { ChainClients } from '../tx/clients.js';
import { ChainEndpointTable } from '../tx/endpoints.js';
import { fetchJson } from '../venues/ingest/http.js';
import { workerSqsSource } from '../venues/osmosis-poolmanager/sqs-worker-client.js';
import { buildTestApp, type TestApp } from './test-helpers/app.js';

let server: Server;
let url: string;
let t: TestApp;

function rpcAnswer(r: { id: number; method: string }): unknown {
  if (r.method === 'eth_getBalance') return { jsonrpc: '2.0', id: r.id, result: '0x2a' };
  if (r.method === 'eth_call')
    return { jsonrpc: '2.0', id: r.id, result: encodeAbiParameters([{ type: 'uint256' }], [7n]) };
  if (r.method === 'getLatestBlockhash')
    return {
      jsonrpc: '2.0',
      id: r.id,
      result: {
        context: { slot: 1 },
        value: { blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N', lastValidBlockHeight: 150 },
      },
    };
  return { jsonrpc: '2.0', id: r.id, error: { code: -32601, message: 'method not found' } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST') {
        const parsed = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
        return send(200, Array.isArray(parsed) ? parsed.map(rpcAnswer) : rpcAnswer(parsed));
      }
      if (path.startsWith('/cosmos/bank/v1beta1/balances/'))
        return send(200, { balance: { denom: 'uosmo', amount: '5' } });
      if (path === '/simple/price') return send(200, { osmosis: { usd: 0.5, last_updated_at: 1_700_000_000 } });
      if (path === '/pools') return send(200, []);
      send(500, { code: 13, message: 'down' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.app.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The value of one sample line of /metrics, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    const have = inside.split(',');
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(line.split(' ').pop());
  }
  return undefined;
}

/**
 * Each client's timeout: generous, as the test counts each request's outcome once and the server is local (on a
 * loaded machine an answer can take seconds, and a timeout would be counted instead of the success).
 */
const TIMEOUT_MS = 30_000;

describe('upstream metrics', () => {
  it('counts, times and labels the requests of every client kind, and their failures', async () => {
    const clients = new ChainClients(
      t.ctx.registry,
      ChainEndpointTable.fromSettings(t.ctx.registry, `1=${url}`, `osmosis-1=${url}`),
      TIMEOUT_MS,
    );
    expect((await clients.cosmos('osmosis-1').balance('osmo1user', 'uosmo')).amount).toBe('5');
    expect(await clients.evm('1').nativeBalance('0x00000000000000000000000000000000000000aa')).toBe(42n);
    expect(await new SolanaBlockhashClient(url, TIMEOUT_MS).latest()).toBe(
      'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
    );
    expect((await fetchSimplePrices(['osmosis'], { baseUrl: url, timeoutMs: TIMEOUT_MS })).prices.size).toBe(1);
    await fetchJson(`${url}/pools`, { timeoutMs: TIMEOUT_MS });
    await expect(fetchJson(`${url}/down`, { timeoutMs: TIMEOUT_MS })).rejects.toThrow('HTTP 500');
    // The SQS reading worker's requests arrive in this thread with its answer.
    await workerSqsSource({ baseUrl: url, timeoutMs: TIMEOUT_MS }).read(new AbortController().signal);
    const refresher = new LiveFeeRefresher(
      [
        {
          lane: { bridge: 'LAYER_ZERO', fromChainId: '10', toChainId: '1', denomIn: 'a', denomOut: 'b' },
          chainId: '10',
          quote: async (c) => ({
            nativeFee: BigInt(await ethCall(c, '0x00000000000000000000000000000000000000bb', '0x12' as Hex)),
          }),
        },
      ],
      { rpcUrls: new Map([['10', [url]]]), intervalMs: 60_000, timeoutMs: TIMEOUT_MS, maxAgeMs: 600_000 },
    );
    await refresher.refresh();

    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const host = new URL(url).host;
    const requests = (upstream: string, target: string, outcome: string) =>
      sample(text, 'junction_upstream_requests_total', { upstream, target, outcome });
    expect(requests('chain_node', 'osmosis-1', 'ok')).toBe(1);
    expect(requests('chain_node', '1', 'ok')).toBe(1);
    expect(requests('chain_node', 'solana', 'ok')).toBe(1);
    expect(requests('price_api', host, 'ok')).toBe(1);
    expect(requests('pool_indexer', host, 'ok')).toBe(2);
    expect(requests('pool_indexer', host, 'http_error')).toBe(1);
    expect(requests('fee_probe', '10', 'ok')).toBe(1);
    expect(
      sample(text, 'junction_upstream_errors_total', { upstream: 'pool_indexer', target: host, outcome: 'http_error' }),
    ).toBe(1);
    expect(
      sample(text, 'junction_upstream_request_duration_seconds_count', { upstream: 'chain_node', target: 'osmosis-1' }),
    ).toBe(1);
    expect(text).not.toMatch(/junction_upstream_errors_total\{[^}]*outcome="ok"/);
  });

  it('states the running version in junction_build_info', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const line = text.split('\n').find((l) => l.startsWith('junction_build_info{'));
    expect(line).toMatch(/version="\d+\.\d+\.\d+[^"]*"/);
    expect(line).toContain(`node="${process.versions.node}"`);
    expect(line).toMatch(/ 1$/);
  });
});
