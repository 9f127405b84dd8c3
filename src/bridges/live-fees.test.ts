/**
 * The live fee refresher against a local HTTP server answering JSON-RPC in the real wire shape: answers land in the
 * book beside the lane, a failing endpoint keeps the last answer until it is older than the maximum age and the lane
 * then falls back to its table, chains without an endpoint are never asked, and a probe's eth_call is a real request.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeFunctionData, encodeAbiParameters, encodeFunctionData, parseAbi, type Hex } from 'viem';
import { clearLiveFee, ethCall, liveFeeOf, LiveFeeRefresher, type LiveFeeProbe } from './live-fees.js';
import type { Lane } from './types.js';
import { servingRetiredHyperlaneChains } from './hyperlane/test-helpers/retired.js';

// Hyperlane no longer serves Neutron, so no TIA.n lane ships; these tests run the machinery as if it did.
servingRetiredHyperlaneChains();

const ABI = parseAbi(['function quoteGasPayment(uint32 destination) view returns (uint256)']);
const ROUTER = '0x00000000000000000000000000000000000000aa';

let server: Server;
let url: string;
let fee = 1234n;
let failing = false;
const calls: { method: string; params: unknown[] }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as
        { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[];
      const answer = (r: { id: number; method: string; params: unknown[] }) => {
        calls.push({ method: r.method, params: r.params });
        if (failing) return { jsonrpc: '2.0', id: r.id, error: { code: -32000, message: 'header not found' } };
        if (r.method !== 'eth_call')
          return { jsonrpc: '2.0', id: r.id, error: { code: -32601, message: 'method not found' } };
        const { data } = r.params[0] as { to: string; data: Hex };
        // A call that matches no function of the contract: a node answers with empty data, as for no contract at all.
        if (data === '0x') return { jsonrpc: '2.0', id: r.id, result: '0x' };
        const [destination] = decodeFunctionData({ abi: ABI, data }).args;
        return {
          jsonrpc: '2.0',
          id: r.id,
          result: encodeAbiParameters([{ type: 'uint256' }], [fee + BigInt(destination)]),
        };
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const lane = (from: string, to: string): Lane => ({
  bridge: 'HYPERLANE',
  fromChainId: from,
  toChainId: to,
  denomIn: 'a',
  denomOut: 'b',
});

function probe(l: Lane, destination: number): LiveFeeProbe {
  return {
    lane: l,
    chainId: l.fromChainId,
    quote: async (client) => {
      const out = await ethCall(
        client,
        ROUTER,
        encodeFunctionData({ abi: ABI, functionName: 'quoteGasPayment', args: [destination] }),
      );
      return { nativeFee: BigInt(out) };
    },
  };
}

/**
 * Per call to the local server: generous, as the tests check what one refresh got and are not about timeouts (on a
 * loaded machine an answer can take seconds, and a timed-out refresh would leave the fee unquoted).
 */
const TIMEOUT_MS = 30_000;

describe('LiveFeeRefresher', () => {
  it('quotes every lane whose source chain has an endpoint with eth_call, and no other', async () => {
    const a = lane('42161', 'neutron-1');
    const b = lane('1', '10');
    let now = 1_000;
    const r = new LiveFeeRefresher([probe(a, 7), probe(b, 8)], {
      rpcUrls: new Map([['42161', [url]]]),
      intervalMs: 60_000,
      timeoutMs: TIMEOUT_MS,
      maxAgeMs: 600_000,
      now: () => now,
    });
    expect(r.active.map((p) => p.lane)).toEqual([a]);
    calls.length = 0;
    await r.refresh();
    expect(calls).toEqual([
      {
        method: 'eth_call',
        params: [
          { to: ROUTER, data: encodeFunctionData({ abi: ABI, functionName: 'quoteGasPayment', args: [7] }) },
          'latest',
        ],
      },
    ]);
    expect(liveFeeOf(a)).toEqual({ nativeFee: 1241n, at: 1_000 });
    expect(liveFeeOf(b)).toBeUndefined();
    expect(r.status()).toEqual({ lanes: 2, live: 1, failures: 0, lastRefreshAt: new Date(1_000).toISOString() });

    // The endpoint fails: the last answer stands while it is young, then the lane goes back to its table.
    failing = true;
    now += 300_000;
    await r.refresh();
    expect(liveFeeOf(a)?.nativeFee).toBe(1241n);
    now += 400_000;
    await r.refresh();
    expect(liveFeeOf(a)).toBeUndefined();
    expect(r.status()).toMatchObject({ live: 0, failures: 2 });

    failing = false;
    fee = 5000n;
    await r.refresh();
    expect(liveFeeOf(a)?.nativeFee).toBe(5007n);
    clearLiveFee(a);
  });

  it('an empty answer (no contract at the address) is an error, not a zero fee', async () => {
    const a = lane('42161', 'x');
    const empty: LiveFeeProbe = {
      lane: a,
      chainId: '42161',
      quote: async (client) => ({ nativeFee: BigInt(await ethCall(client, ROUTER, '0x')) }),
    };
    const r = new LiveFeeRefresher([empty], {
      rpcUrls: new Map([['42161', [url]]]),
      intervalMs: 60_000,
      timeoutMs: TIMEOUT_MS,
      maxAgeMs: 600_000,
    });
    const warnings: unknown[] = [];
    await r.refresh({ warn: (o) => warnings.push(o) });
    expect(liveFeeOf(a)).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });

  it('start quotes at once and then on its interval; stop ends it; nothing starts without an endpoint', async () => {
    const a = lane('42161', 'y');
    const r = new LiveFeeRefresher([probe(a, 1)], {
      rpcUrls: new Map([['42161', [url]]]),
      intervalMs: 20,
      timeoutMs: TIMEOUT_MS,
      maxAgeMs: 600_000,
    });
    calls.length = 0;
    r.start();
    // The first quote at once, the next one interval later: wait for both, however busy the machine.
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 10 });
    await r.stop();
    const n = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls.length).toBe(n);
    const idle = new LiveFeeRefresher([probe(lane('1', 'z'), 1)], {
      rpcUrls: new Map(),
      intervalMs: 20,
      timeoutMs: TIMEOUT_MS,
      maxAgeMs: 600_000,
    });
    calls.length = 0;
    idle.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await idle.stop();
    expect(calls).toEqual([]);
  });
});
