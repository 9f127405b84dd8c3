/**
 * `npm run bench` (builds first): cold start of the built server, its memory after load, and every case in
 * cases/index.ts. Prints one JSON document on stdout; progress goes to stderr.
 *
 *   BENCH_DURATION=10 BENCH_CONNECTIONS=10 BENCH_WORKERS=2 BENCH_COLD_RUNS=7 npm run bench
 *   npm run bench -- --only fungible-assets --skip-cold --strict
 *
 * --only a,b     run only these cases (by name)
 * --skip-cold    skip the cold-start runs
 * --skip-ingest  skip the ingest-pause measurement (two extra servers)
 * --skip-tx-worker  skip the tracking worker measurement (about three minutes)
 * --skip-scale   skip the 5,000-pool live market (scale-market.ts: a synthetic SQS and two more servers)
 * --skip-attack  skip the hostile-traffic case (attack.ts: padded bodies, oversized fields, fuzz; about 90 s)
 * --strict       exit 1 when a target is missed
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { CASES } from './cases/index.js';
import { runHttpCase } from './lib/http-load.js';
import { runInProcessCase } from './lib/in-process.js';
import { memoryOf, startServer } from './lib/server.js';
import { median, round } from './lib/stats.js';
import type { HttpCase, HttpResult, InProcessCase, InProcessResult, Report, Target } from './types.js';
import { benchIngestPause } from './ingest-pause.js';
import { benchTxWorker } from './tx-worker.js';
import { benchScaleMarket } from './scale-market.js';
import { benchAttack, type AttackReport } from './attack.js';

const http = (r: Report, name: string) => r.cases.find((c) => c.name === name) as HttpResult | undefined;
const inProcess = (r: Report, name: string) => r.cases.find((c) => c.name === name) as InProcessResult | undefined;
const scale = (r: Report) =>
  r.scale_market as
    | {
        tick_models?: { failed_percent: number };
        pauses_during_polls?: { latency_ms: { max: number } };
        route_p99_ratio?: number;
        atom_osmo_vs_trivial?: { ratio: number };
      }
    | undefined;

const TARGETS: Target[] = [
  { name: 'cold start to /health (median)', limit: 1500, unit: 'ms', value: (r) => r.cold_start_ms?.median },
  { name: 'server RSS after load', limit: 300, unit: 'MB', value: (r) => r.rss_mb?.after_load },
  {
    name: 'fungible-assets p50 under load',
    limit: 20,
    unit: 'ms',
    value: (r) => (r.cases.find((c) => c.name === 'fungible-assets') as HttpResult | undefined)?.latency_ms.p50,
  },
  { name: 'transfer route in process p50', limit: 1, unit: 'ms', value: (r) => inProcess(r, 'route-transfer')?.ms.p50 },
  { name: 'transfer route in process p99', limit: 5, unit: 'ms', value: (r) => inProcess(r, 'route-transfer')?.ms.p99 },
  {
    name: 'HTTP /route throughput',
    limit: 3000,
    unit: 'req/s',
    atLeast: true,
    value: (r) => http(r, 'route-transfer-http-uncached')?.requests_per_s,
  },
  {
    name: 'HTTP /route p99',
    limit: 20,
    unit: 'ms',
    value: (r) => http(r, 'route-transfer-http-uncached')?.latency_ms.p99,
  },
  {
    name: 'HTTP /route vs trivial endpoint throughput',
    limit: 0.4,
    unit: '×',
    atLeast: true,
    value: (r) => {
      const route = http(r, 'route-transfer-http-uncached')?.requests_per_s;
      const trivial = http(r, 'trivial-bridges')?.requests_per_s;
      return route !== undefined && trivial ? route / trivial : undefined;
    },
  },
  {
    name: 'HTTP swap /route throughput',
    limit: 3000,
    unit: 'req/s',
    atLeast: true,
    value: (r) => http(r, 'route-swap-http-uncached')?.requests_per_s,
  },
  {
    name: 'HTTP swap /route p99',
    limit: 20,
    unit: 'ms',
    value: (r) => http(r, 'route-swap-http-uncached')?.latency_ms.p99,
  },
  {
    name: 'HTTP swap /route vs trivial endpoint throughput',
    limit: 0.4,
    unit: '×',
    atLeast: true,
    value: (r) => {
      const route = http(r, 'route-swap-http-uncached')?.requests_per_s;
      const trivial = http(r, 'trivial-bridges')?.requests_per_s;
      return route !== undefined && trivial ? route / trivial : undefined;
    },
  },
  {
    name: 'route with every bridge enabled, in process p50',
    limit: 3,
    unit: 'ms',
    value: (r) => inProcess(r, 'route-bridges')?.ms.p50,
  },
  { name: 'swap route in process p50', limit: 3, unit: 'ms', value: (r) => inProcess(r, 'route-swap')?.ms.p50 },
  {
    name: '/junction/routes in process p50',
    limit: 5,
    unit: 'ms',
    value: (r) => inProcess(r, 'junction-routes')?.ms.p50,
  },
  {
    name: 'HTTP /junction/routes p50 under load',
    limit: 5,
    unit: 'ms',
    value: (r) => http(r, 'junction-routes-http')?.latency_ms.p50,
  },
  { name: 'swap route in process p99', limit: 10, unit: 'ms', value: (r) => inProcess(r, 'route-swap')?.ms.p99 },
  { name: 'split route search p50', limit: 15, unit: 'ms', value: (r) => inProcess(r, 'route-split-search')?.ms.p50 },
  { name: 'cached route hit p50', limit: 0.2, unit: 'ms', value: (r) => inProcess(r, 'route-swap-cached-hit')?.ms.p50 },
  {
    name: 'swap quote p99 during ingest / without',
    limit: 2,
    unit: '×',
    value: (r) => r.ingest_pause?.p99_ratio as number | undefined,
  },
  {
    name: 'GET /v2/tx/status p50 under load',
    limit: 2,
    unit: 'ms',
    value: (r) => http(r, 'tx-status')?.latency_ms.p50,
  },
  {
    name: 'tracking worker CPU, 10 000 transfers in flight',
    limit: 1,
    unit: 'cores',
    value: (r) => r.tx_worker?.max_cpu_cores as number | undefined,
  },
  {
    name: '5,000 pools: swap routes failing for lack of a tick model',
    limit: 0,
    unit: '%',
    value: (r) => scale(r)?.tick_models?.failed_percent,
  },
  {
    name: '5,000 pools: longest request pause during polls',
    limit: 10,
    unit: 'ms',
    value: (r) => scale(r)?.pauses_during_polls?.latency_ms.max,
  },
  {
    name: '5,000 pools: /route p99 during polling / without',
    limit: 2,
    unit: '×',
    value: (r) => scale(r)?.route_p99_ratio,
  },
  {
    name: '5,000 pools: ATOM (Hub) → OSMO vs trivial endpoint throughput',
    limit: 0.4,
    unit: '×',
    atLeast: true,
    value: (r) => scale(r)?.atom_osmo_vs_trivial?.ratio,
  },
  {
    name: 'hostile traffic: peak RSS',
    limit: 400,
    unit: 'MB',
    value: (r) => (r.attack as AttackReport | undefined)?.rss_mb.peak,
  },
  {
    name: 'hostile traffic: /health p99',
    limit: 50,
    unit: 'ms',
    value: (r) => (r.attack as AttackReport | undefined)?.health_ms.p99,
  },
  {
    name: 'hostile traffic: 5xx answers',
    limit: 0,
    unit: '',
    value: (r) => (r.attack as AttackReport | undefined)?.server_errors,
  },
];

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    'skip-cold': { type: 'boolean' },
    'skip-ingest': { type: 'boolean' },
    'skip-tx-worker': { type: 'boolean' },
    'skip-scale': { type: 'boolean' },
    'skip-attack': { type: 'boolean' },
    strict: { type: 'boolean' },
  },
});
const intEnv = (name: string, fallback: number) => {
  const v = process.env[name];
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : fallback;
};
const settings = {
  duration_s: intEnv('BENCH_DURATION', 10),
  connections: intEnv('BENCH_CONNECTIONS', 10),
  /** autocannon worker threads generating the load (one per core by default). */
  load_workers: intEnv('BENCH_WORKERS', cpus().length),
  cold_start_runs: flags['skip-cold'] ? 0 : intEnv('BENCH_COLD_RUNS', 7),
};
const only = flags.only?.split(',').map((s) => s.trim());
const cases = only ? CASES.filter((c) => only.includes(c.name)) : CASES;
if (only && cases.length !== only.length)
  throw new Error(`unknown case in --only; cases: ${CASES.map((c) => c.name).join(', ')}`);
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

const report: Report = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? 'unknown',
    memory_mb: Math.round(totalmem() / 2 ** 20),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    load_avg_at_start: loadavg().map((l) => round(l)),
  },
  settings,
  cases: [],
};

if (settings.cold_start_runs > 0) {
  const runs: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < settings.cold_start_runs; i++) {
    const s = await startServer();
    runs.push(round(s.startupMs, 0));
    if (s.startupCpuMs !== undefined) cpu.push(s.startupCpuMs);
    await s.stop();
    log(`cold start ${i + 1}/${settings.cold_start_runs}: ${runs[i]} ms (server CPU ${s.startupCpuMs ?? '?'} ms)`);
  }
  report.cold_start_ms = {
    runs,
    median: median(runs),
    min: Math.min(...runs),
    max: Math.max(...runs),
    cpu_median: cpu.length ? median(cpu) : null,
  };
}

const httpCases = cases.filter((c): c is HttpCase => c.kind === 'http');
if (httpCases.length > 0) {
  const server = await startServer();
  try {
    const idle = memoryOf(server.pid);
    for (const c of httpCases) {
      log(
        `${c.name}: ${c.method} ${c.path} for ${settings.duration_s} s with ${c.connections ?? settings.connections} connections, ${settings.load_workers} load workers`,
      );
      const r = await runHttpCase(c, server, {
        durationS: settings.duration_s,
        connections: settings.connections,
        warmupS: 2,
        workers: settings.load_workers,
      });
      report.cases.push(r);
      log(
        `${c.name}: ${r.requests_per_s} req/s, p50 ${r.latency_ms.p50} ms, p99 ${r.latency_ms.p99} ms, server CPU ${r.server_cpu_ms_per_request} ms/request`,
      );
    }
    const after = memoryOf(server.pid);
    if (idle && after)
      report.rss_mb = { idle: round(idle.rss, 1), after_load: round(after.rss, 1), peak: round(after.peak, 1) };
  } finally {
    await server.stop();
  }
}

for (const c of cases.filter((x): x is InProcessCase => x.kind === 'in-process')) {
  log(`${c.name}: ${c.iterations} runs in process`);
  report.cases.push(await runInProcessCase(c));
}

if (!flags['skip-ingest'] && !only) {
  log('ingest pause: swap quotes over HTTP without, then during, live ingest of a full pool set');
  report.ingest_pause = await benchIngestPause({
    durationS: settings.duration_s,
    connections: settings.connections,
    workers: settings.load_workers,
  });
}

if (!flags['skip-tx-worker'] && !only) {
  log('tx worker: 10 000 IBC transfers in flight, default polling settings');
  report.tx_worker = await benchTxWorker({
    transactions: intEnv('BENCH_TX_COUNT', 10_000),
    windowS: intEnv('BENCH_TX_WINDOW_S', 30),
    log,
  });
}

if (!flags['skip-scale'] && !only) {
  log('scale: a synthetic 5,000-pool Osmosis market over SQS (tick models, pauses during polls, swap routes)');
  report.scale_market = await benchScaleMarket({
    durationS: settings.duration_s,
    connections: settings.connections,
    workers: settings.load_workers,
  });
}

if (!flags['skip-attack'] && !only) {
  log('hostile traffic: padded bodies, oversized fields and generated hostile requests while /health is probed');
  report.attack = await benchAttack({
    concurrency: intEnv('BENCH_ATTACK_CONCURRENCY', 4),
    settleS: intEnv('BENCH_ATTACK_SETTLE_S', 15),
    log,
  });
}

report.targets = TARGETS.flatMap((t) => {
  const v = t.value(report);
  if (v === undefined) return [];
  const digits = v < 1 ? 3 : 1;
  return [
    {
      name: t.name,
      limit: `${t.atLeast ? '>=' : '<='} ${t.limit} ${t.unit}`,
      value: `${round(v, digits)} ${t.unit}`,
      pass: t.atLeast ? v >= t.limit : v <= t.limit,
    },
  ];
});
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
const missed = report.targets.filter((t) => !t.pass);
if (missed.length > 0) log(`targets missed: ${missed.map((t) => `${t.name} (${t.value}, ${t.limit})`).join('; ')}`);
if (flags.strict && missed.length > 0) process.exitCode = 1;
