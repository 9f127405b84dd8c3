/**
 * The built server under hostile traffic (issue 11): what one abusive client used to achieve, replayed at once by
 * several, while a probe measures /health and the server's memory is sampled.
 *
 * - 2,000 valid /route bodies, each padded with a 1 MB unknown field (the quote caches once kept every one: RSS
 *   grew to 2 GB); and 2,000 more padded with 200 KB, under the quote body limit, each with its own field name;
 * - 1,000 /route bodies with a 1 MB venue name (route cache keys once held them);
 * - amounts of a million digits, 1 MB contract messages, 10,000 affiliates (each cost 100-200 ms of CPU);
 * - generated hostile requests to every endpoint (the fuzz suite's generators, src/http/test-helpers/fuzz.ts).
 *
 * Reported: /health latency (sequential probe every 10 ms) during the attack, peak RSS during it, RSS after a
 * settle period, and how many answers were 5xx (must be 0). Targets: RSS ≤ 400 MB, /health p99 ≤ 50 ms.
 *
 * Then the edges (issue 28), each phase on a server whose nodes are local stand-ins (bench/lib/hostile-nodes.ts):
 * - slow bodies: BENCH_ATTACK_SLOW connections (1,000) send a POST's headers and then a byte a second: all must be
 *   closed by the server within REQUEST_TIMEOUT_SECONDS (5 here) plus Node's one-second check, /health answering;
 * - balance fan-out: Solana balance requests naming 1,000 SPL mints each: node calls per request (at most 3);
 * - huge node answers: universal Cosmos balance queries whose node answers 150 MB: refused at
 *   UPSTREAM_MAX_ANSWER_BYTES (16 MB), RSS growth reported.
 *
 *   npx tsx bench/attack.ts            (after `npm run build`; also part of `npm run bench` unless --skip-attack)
 *   BENCH_ATTACK_CONCURRENCY=4 BENCH_ATTACK_SETTLE_S=15 npx tsx bench/attack.ts   (the defaults: four abusive clients)
 *   BENCH_ATTACK_ONLY=edges npx tsx bench/attack.ts                               (the edges alone)
 */
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { hostileBodies, hostileValue } from '../src/http/test-helpers/fuzz.js';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import bs58 from 'bs58';
import { countingSolanaNode, hugeAnswerNode } from './lib/hostile-nodes.js';
import { cpuMsOf, memoryOf, startServer, type RunningServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const ROUTE = {
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: ATOM_ON_OSMOSIS,
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '1000000',
};
const ADDR = {
  'cosmoshub-4': 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978',
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
};
const MB = 'x'.repeat(1024 * 1024);

interface AttackKind {
  name: string;
  count: number;
  /** The i-th request of this kind (bodies are made when sent, so the bench does not hold them all at once). */
  request: (i: number) => { path: string; body: string };
}

/** The attack mix. */
function attacks(): AttackKind[] {
  const fuzz = fc.sample(
    fc.oneof(
      hostileBodies,
      hostileValue.map((v) => JSON.stringify({ ...ROUTE, amount_in: v })),
    ),
    { numRuns: 2_000, seed: 11 },
  );
  const endpoints = [
    '/v2/fungible/route',
    '/v2/fungible/msgs',
    '/v2/fungible/msgs_direct',
    '/v2/fungible/assets_from_source',
    '/v2/fungible/ibc_origin_assets',
    '/v2/info/balances',
    '/v2/tx/track',
  ];
  const route = (body: object) => ({ path: '/v2/fungible/route', body: JSON.stringify(body) });
  const direct = (body: object) => ({
    path: '/v2/fungible/msgs_direct',
    body: JSON.stringify({ ...ROUTE, chain_ids_to_addresses: ADDR, ...body }),
  });
  return [
    { name: 'route padded 1 MB', count: 2_000, request: () => route({ ...ROUTE, pad: MB }) },
    {
      name: 'route padded 200 KB, distinct fields',
      count: 2_000,
      request: (i) => route({ [`pad${i}`]: MB.slice(0, 200 * 1024), ...ROUTE }),
    },
    {
      name: 'route with a 1 MB venue name',
      count: 1_000,
      request: () => route({ ...ROUTE, swap_venues: [{ name: MB, chain_id: 'osmosis-1' }] }),
    },
    {
      name: 'amount of a million digits',
      count: 300,
      request: () => route({ ...ROUTE, amount_in: '1'.repeat(1_000_000) }),
    },
    {
      name: '1 MB contract message',
      count: 300,
      request: () =>
        direct({
          post_route_handler: { wasm_msg: { contract_address: ADDR['osmosis-1'], msg: JSON.stringify({ a: MB }) } },
        }),
    },
    {
      name: '10,000 affiliates',
      count: 300,
      request: () =>
        direct({
          chain_ids_to_affiliates: {
            'osmosis-1': {
              affiliates: Array.from({ length: 10_000 }, () => ({ address: ADDR['osmosis-1'], basis_points_fee: '0' })),
            },
          },
        }),
    },
    {
      name: 'generated hostile requests',
      count: fuzz.length,
      request: (i) => ({ path: endpoints[i % endpoints.length]!, body: fuzz[i]! }),
    },
  ];
}

/** Sequential GET of the URL every 10 ms until stdin closes; prints the latencies (ms) as JSON. */
const PROBE = `
const url = process.argv[1];
const out = [];
let on = true;
process.stdin.on('end', () => (on = false));
process.stdin.resume();
(async () => {
  while (on) {
    const t0 = performance.now();
    try { const r = await fetch(url); await r.arrayBuffer(); out.push(performance.now() - t0); } catch { out.push(NaN); }
    await new Promise((r) => setTimeout(r, 10));
  }
  process.stdout.write(JSON.stringify(out));
})();
`;

export interface AttackReport {
  requests: number;
  by_status: Record<string, number>;
  server_errors: number;
  duration_s: number;
  server_cpu_ms_per_request: number;
  health_ms: { samples: number; p50: number; p99: number; max: number };
  rss_mb: { before: number; peak: number; after_settle: number; settle_s: number };
}

export async function benchAttack(
  opts: { concurrency?: number; settleS?: number; log?: (m: string) => void } = {},
): Promise<AttackReport> {
  const concurrency = opts.concurrency ?? 4;
  const settleS = opts.settleS ?? 15;
  const log = opts.log ?? (() => undefined);
  const server = await startServer();
  try {
    const before = memoryOf(server.pid)?.rss ?? 0;
    // Every request of the mix, interleaved (a fixed shuffle).
    const queue: (() => { path: string; body: string })[] = [];
    for (const a of attacks()) for (let i = 0; i < a.count; i++) queue.push(() => a.request(i));
    for (let i = queue.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [queue[i], queue[j]] = [queue[j]!, queue[i]!];
    }
    log(`attack: ${queue.length} requests, ${concurrency} at a time`);
    const byStatus = new Map<number, number>();
    let peak = before;
    const sampler = setInterval(() => {
      const m = memoryOf(server.pid);
      if (m) peak = Math.max(peak, m.rss);
    }, 100);
    // The probe runs in a process of its own, so that the attack's own work (building megabyte bodies) does not
    // delay its measurements: what it sees is the server.
    const probe = spawn(process.execPath, ['-e', PROBE, `${server.url}/health`], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let probeOut = '';
    probe.stdout.on('data', (d: Buffer) => (probeOut += d.toString()));
    const probeDone = new Promise<void>((resolve) => probe.once('exit', () => resolve()));
    const cpuBefore = cpuMsOf(server.pid) ?? 0;
    const t0 = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < queue.length) {
        const { path, body } = queue[next++]!();
        try {
          const res = await fetch(`${server.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          await res.arrayBuffer();
          byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
        } catch {
          byStatus.set(0, (byStatus.get(0) ?? 0) + 1); // connection closed while sending an over-limit body
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const durationS = (performance.now() - t0) / 1000;
    const serverCpuMs = (cpuMsOf(server.pid) ?? 0) - cpuBefore;
    probe.stdin.end();
    await probeDone;
    const health = JSON.parse(probeOut) as number[];
    log(`attack done in ${round(durationS, 1)} s; settling ${settleS} s`);
    await new Promise((r) => setTimeout(r, settleS * 1000));
    clearInterval(sampler);
    const after = memoryOf(server.pid)?.rss ?? 0;
    const sorted = health.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
    const statuses = Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([s, c]) => [String(s), c]));
    return {
      requests: queue.length,
      by_status: statuses,
      server_errors: [...byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
      duration_s: round(durationS, 1),
      server_cpu_ms_per_request: round(serverCpuMs / queue.length, 3),
      health_ms: {
        samples: sorted.length,
        p50: round(percentile(sorted, 50), 2),
        p99: round(percentile(sorted, 99), 2),
        max: round(sorted[sorted.length - 1] ?? 0, 2),
      },
      rss_mb: { before: round(before, 1), peak: round(peak, 1), after_settle: round(after, 1), settle_s: settleS },
    };
  } finally {
    await server.stop();
  }
}

/** A /health probe in a process of its own (see PROBE); stop() returns its latencies in ms (NaN: no answer). */
function startProbe(url: string): { stop: () => Promise<number[]> } {
  const probe = spawn(process.execPath, ['-e', PROBE, `${url}/health`], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  probe.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<void>((resolve) => probe.once('exit', () => resolve()));
  return {
    stop: async () => {
      probe.stdin.end();
      await done;
      return JSON.parse(out) as number[];
    },
  };
}

function latencies(samples: number[]) {
  const sorted = samples.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return {
    samples: samples.length,
    failed: samples.length - sorted.length,
    p50: round(percentile(sorted, 50), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(sorted[sorted.length - 1] ?? 0, 2),
  };
}

/** Samples the server's RSS every 100 ms; stop() gives the peak in MB. */
function rssPeak(server: RunningServer): { stop: () => number } {
  let peak = memoryOf(server.pid)?.rss ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid)?.rss ?? 0)), 100);
  return { stop: () => (clearInterval(timer), round(peak, 1)) };
}

async function postJson(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

const REQUEST_TIMEOUT_S = 5;
const HUGE_MB = 150;

export interface EdgesReport {
  slow_bodies: {
    connections: number;
    closed_by_server: number;
    /** From the first connection attempt to the last close by the server. */
    last_closed_s: number;
    /** How long each connection stayed open, from its connect to the server's close. */
    open_s: { p50: number; max: number };
    request_timeout_s: number;
    health_ms: ReturnType<typeof latencies>;
  };
  balance_fanout: { requests: number; denoms_per_request: number; node_calls_per_request: number; statuses: string };
  huge_answers: {
    requests: number;
    answer_mb: number;
    statuses: string;
    entry_error: string;
    seconds: number;
    rss_mb: { before: number; peak: number };
  };
}

/** Slow bodies, balance fan-out and huge node answers (issue 28), on one server with local stand-in nodes. */
export async function benchEdges(opts: { slow?: number; log?: (m: string) => void } = {}): Promise<EdgesReport> {
  const slowCount = opts.slow ?? 1_000;
  const log = opts.log ?? (() => undefined);
  const solana = await countingSolanaNode();
  const huge = await hugeAnswerNode(HUGE_MB);
  const server = await startServer([
    '--request-timeout-seconds',
    String(REQUEST_TIMEOUT_S),
    '--headers-timeout-seconds',
    String(REQUEST_TIMEOUT_S),
    '--chain-rpc-urls',
    `solana=${solana.url},cosmoshub-4=${huge.url}`,
    '--chain-rest-urls',
    `cosmoshub-4=${huge.url}`,
  ]);
  try {
    // Slow bodies: headers, one byte, then a byte a second; the server must close each at its request timeout.
    log(`edges: ${slowCount} slow-body connections`);
    const port = Number(new URL(server.url).port);
    const probe = startProbe(server.url);
    const t0 = performance.now();
    let closedByServer = 0;
    let lastClosed = 0;
    const lifetimes: number[] = [];
    await Promise.all(
      Array.from(
        { length: slowCount },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(port, '127.0.0.1');
            let connectedAt = performance.now();
            socket.once('connect', () => (connectedAt = performance.now()));
            let gaveUp = false;
            const drip = setInterval(() => socket.write('x'), 1_000);
            // A connection still open three timeouts later is the server's failure; the bench closes it then.
            const giveUp = setTimeout(
              () => {
                gaveUp = true;
                socket.destroy();
              },
              3 * REQUEST_TIMEOUT_S * 1000,
            );
            socket.on('error', () => undefined);
            // Closed by the server: a FIN (after its 408) or a reset, either way not by the bench.
            socket.on('close', () => {
              clearInterval(drip);
              clearTimeout(giveUp);
              if (!gaveUp) {
                closedByServer++;
                lastClosed = Math.max(lastClosed, performance.now() - t0);
                lifetimes.push(performance.now() - connectedAt);
              }
              resolve();
            });
            socket.write(
              'POST /v2/fungible/route HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
            );
          }),
      ),
    );
    const slowHealth = latencies(await probe.stop());

    // Fan-out: 1,000 SPL mints in one request.
    log('edges: balance fan-out');
    const fanoutRequests = 20;
    const mints = Array.from({ length: 1_000 }, () => bs58.encode(randomBytes(32)));
    const owner = bs58.encode(randomBytes(32));
    const callsBefore = solana.calls();
    const fanoutStatuses = new Map<number, number>();
    for (let i = 0; i < fanoutRequests; i += 4)
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          const r = await postJson(`${server.url}/v2/info/balances`, {
            chains: { solana: { address: owner, denoms: mints } },
          });
          fanoutStatuses.set(r.status, (fanoutStatuses.get(r.status) ?? 0) + 1);
        }),
      );
    const callsPerRequest = (solana.calls() - callsBefore) / fanoutRequests;

    // Huge answers: a universal Cosmos balance query whose node answers 150 MB.
    log(`edges: ${HUGE_MB} MB node answers`);
    const rssBefore = round(memoryOf(server.pid)?.rss ?? 0, 1);
    const rss = rssPeak(server);
    const hugeStatuses = new Map<number, number>();
    let entryError = '';
    const h0 = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const r = await postJson(`${server.url}/v2/info/balances`, {
          chains: { 'cosmoshub-4': { address: 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978' } },
        });
        hugeStatuses.set(r.status, (hugeStatuses.get(r.status) ?? 0) + 1);
        entryError ||= r.text.slice(0, 300);
      }),
    );
    const hugeSeconds = (performance.now() - h0) / 1000;
    const peak = rss.stop();
    const statusText = (m: Map<number, number>) => [...m].map(([s, n]) => `${n}×${s}`).join(', ');
    return {
      slow_bodies: {
        connections: slowCount,
        closed_by_server: closedByServer,
        last_closed_s: round(lastClosed / 1000, 1),
        open_s: {
          p50: round(
            percentile(
              lifetimes.sort((a, b) => a - b),
              50,
            ) / 1000,
            1,
          ),
          max: round((lifetimes[lifetimes.length - 1] ?? 0) / 1000, 1),
        },
        request_timeout_s: REQUEST_TIMEOUT_S,
        health_ms: slowHealth,
      },
      balance_fanout: {
        requests: fanoutRequests,
        denoms_per_request: mints.length,
        node_calls_per_request: round(callsPerRequest, 2),
        statuses: statusText(fanoutStatuses),
      },
      huge_answers: {
        requests: 4,
        answer_mb: HUGE_MB,
        statuses: statusText(hugeStatuses),
        entry_error: entryError,
        seconds: round(hugeSeconds, 2),
        rss_mb: { before: rssBefore, peak },
      },
    };
  } finally {
    await server.stop();
    await solana.close();
    await huge.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const int = (name: string, fallback: number) =>
    process.env[name] && /^\d+$/.test(process.env[name]!) ? Number(process.env[name]) : fallback;
  const log = (m: string) => process.stderr.write(`[attack] ${m}\n`);
  const only = process.env.BENCH_ATTACK_ONLY;
  const report = {
    ...(only === 'edges'
      ? {}
      : {
          mix: await benchAttack({
            concurrency: int('BENCH_ATTACK_CONCURRENCY', 4),
            settleS: int('BENCH_ATTACK_SETTLE_S', 15),
            log,
          }),
        }),
    edges: await benchEdges({ slow: int('BENCH_ATTACK_SLOW', 1_000), log }),
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}
