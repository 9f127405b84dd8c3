/**
 * Circle's live CCTP V2 fees against a local server answering the recorded shape of `GET
 * /v2/burn/USDC/fees/{sourceDomain}/{destDomain}[?forward=true]`: the example response of Circle's
 * developers.circle.com/cctp/howtos/transfer-usdc-with-forwarding-service (read 2026-11-26), minimumFee in basis points
 * with decimals, forwardFee {low, med, high} in USDC base units. Proves: the burn's maxFee and the quote follow the
 * live figures (transfer fee from the lane's finality entry, forwarding fee `high`), requests name the lane's domains
 * and ask forward=true only where a forwarded lane exists, a failing service keeps the last answer until the maximum
 * age and then falls back to data/cctp-v2.json, and nothing is asked without CCTP_FEES_URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../registry/build.js';
import { cctpV2Lanes, type CctpV2Lane } from './lanes.js';
import { bpsToPpm, CctpV2FeeRefresher } from './live-fees.js';
import { clearCctpV2LiveFee } from './live.js';
import { cctpV2MaxFee, cctpV2Quote } from './quote.js';

/** The recorded answer (Circle's example; Base Sepolia → Avalanche Fuji with forward=true). */
const RECORDED = [
  { finalityThreshold: 1000, minimumFee: 1.3, forwardFee: { low: 206035, med: 207543, high: 209052 } },
  { finalityThreshold: 2000, minimumFee: 0, forwardFee: { low: 206035, med: 207543, high: 209052 } },
];

const asked: string[] = [];
let failing = false;
const server = http.createServer((req, res) => {
  asked.push(req.url ?? '');
  const m = /^\/v2\/burn\/USDC\/fees\/(\d+)\/(\d+)(\?forward=true)?$/.exec(req.url ?? '');
  if (failing || !m) return res.writeHead(failing ? 503 : 404).end('{}');
  const body = m[3]
    ? RECORDED
    : RECORDED.map(({ finalityThreshold, minimumFee }) => ({ finalityThreshold, minimumFee }));
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const lanes = cctpV2Lanes(buildRegistry());
const lane = (from: string, to: string, speed: 'fast' | 'standard', forwarded: boolean): CctpV2Lane =>
  lanes.find((l) => l.fromChainId === from && l.toChainId === to && l.speed === speed && l.forwarded === forwarded)!;

describe('bpsToPpm', () => {
  it('reads decimal basis points exactly and rounds up', () => {
    expect(bpsToPpm(1.3)).toBe(130n);
    expect(bpsToPpm('1')).toBe(100n);
    expect(bpsToPpm(0)).toBe(0n);
    expect(bpsToPpm('0.00001')).toBe(1n);
    expect(() => bpsToPpm('-1')).toThrow();
  });
});

/**
 * Per call to the local server: generous, as the tests check what one refresh got and are not about timeouts (on a
 * loaded machine an answer can take seconds, and a timed-out refresh would leave the fee unquoted).
 */
const TIMEOUT_MS = 30_000;

describe('CctpV2FeeRefresher', () => {
  const fastFwd = lane('8453', '42161', 'fast', true);
  const fastOwn = lane('8453', '42161', 'fast', false);
  const stdFwd = lane('8453', '42161', 'standard', true);
  const toSolana = lane('8453', 'solana', 'fast', false);
  const amount = 100_000_000n;

  it('quotes every lane from its finality entry; forward=true only for pairs with a forwarded lane', async () => {
    let now = 1_000_000;
    const tableMaxFee = cctpV2MaxFee(fastFwd, amount);
    const r = new CctpV2FeeRefresher([fastFwd, fastOwn, stdFwd, toSolana], url, {
      timeoutMs: TIMEOUT_MS,
      maxAgeMs: 60_000,
      now: () => now,
    });
    await r.refresh();
    expect(asked).toContain('/v2/burn/USDC/fees/6/3?forward=true');
    expect(asked).toContain('/v2/burn/USDC/fees/6/5');
    // 1.3 bp = 130 ppm with the table's 20 % margin, plus the forwarding fee `high`.
    const fast = ((amount * 130n * 120n + 100_000_000n - 1n) / 100_000_000n) as bigint;
    expect(cctpV2MaxFee(fastFwd, amount)).toBe(fast + 209_052n);
    expect(cctpV2MaxFee(fastFwd, amount)).not.toBe(tableMaxFee);
    expect(cctpV2MaxFee(fastOwn, amount)).toBe(fast);
    expect(cctpV2MaxFee(stdFwd, amount)).toBe(209_052n);
    const q = cctpV2Quote(fastFwd, amount);
    if ('refused' in q) throw new Error(q.refused);
    expect(q.amountOut).toBe(amount - fast - 209_052n);
    expect(q.fees[0]).toMatchObject({ type: 'SMART_RELAY', amount: 209_052n, estimate: 'live' });
    expect(r.status()).toMatchObject({ pairs: 2, live: 2, failures: 0 });

    // Circle fails: the last answer holds until it is older than the maximum age, then the table is used again.
    failing = true;
    now += 30_000;
    await r.refresh();
    expect(cctpV2MaxFee(fastFwd, amount)).toBe(fast + 209_052n);
    now += 60_000;
    await r.refresh();
    expect(cctpV2MaxFee(fastFwd, amount)).toBe(tableMaxFee);
    expect(r.status().failures).toBeGreaterThanOrEqual(4);
    failing = false;
    for (const l of [fastFwd, fastOwn, stdFwd, toSolana]) clearCctpV2LiveFee(l);
  });

  it('asks nothing and does not start without CCTP_FEES_URL', async () => {
    const before = asked.length;
    const r = new CctpV2FeeRefresher([fastFwd], undefined, { timeoutMs: TIMEOUT_MS });
    r.start();
    await r.stop();
    expect(asked.length).toBe(before);
    expect(r.status().live).toBe(0);
  });
});
