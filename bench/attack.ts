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
 *   npx tsx bench/attack.ts            (after `npm run build`; also part of `npm run bench` unless --skip-attack)
 *   BENCH_ATTACK_CONCURRENCY=4 BENCH_ATTACK_SETTLE_S=15 npx tsx bench/attack.ts   (the defaults: four abusive clients)
 */
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { hostileBodies, hostileValue } from '../src/http/test-helpers/fuzz.js';
import { spawn } from 'node:child_process';
import { cpuMsOf, memoryOf, startServer } from './lib/server.js';
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const int = (name: string, fallback: number) =>
    process.env[name] && /^\d+$/.test(process.env[name]!) ? Number(process.env[name]) : fallback;
  const report = await benchAttack({
    concurrency: int('BENCH_ATTACK_CONCURRENCY', 4),
    settleS: int('BENCH_ATTACK_SETTLE_S', 15),
    log: (m) => process.stderr.write(`[attack] ${m}\n`),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}
