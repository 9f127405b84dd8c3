/**
 * The live market at mainnet scale (issue 15). A synthetic Osmosis market of 5,000 pools over the registered
 * osmosis-1 assets (src/venues/test-helpers/synthetic-osmosis.ts: hub-and-spoke around OSMO, USDC and ATOM;
 * balancer, weighted, stableswap, transmuter and concentrated pools with real tick math; $1k–$10M depth; prices
 * consistent across pools) is served in the SQS /pools and /pools/ticks shapes by a local HTTP server in its own
 * process (bench/lib/synthetic-sqs.ts), and ingested by the built server. Measured:
 *
 * - tick models: the share of long-tail swap routes that fail on the server but succeed, in process, on the same
 *   market with every tick model loaded (target 0 %);
 * - the longest request pause during polls: sequential requests to the trivial endpoint while the server polls
 *   every 2 s and each poll moves the market (10 % of the pools trade, some CL positions change) (target ≤ 10 ms),
 *   beside the same probe on the server without polls (what the machine itself adds);
 * - /route p99 under load while polling, against the same without polling (target ≤ 2 ×);
 * - swap route ATOM on the Hub → OSMO with random amounts against the trivial endpoint, same server (target ≥ 0.4 ×).
 *
 * `npx tsx bench/scale-market.ts` runs it alone (after `npm run build`); `npm run bench` runs it after the cases.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { buildRegistry } from '../src/registry/build.js';
import { planRoute } from '../src/routing/engine.js';
import { buildMarketView } from '../src/routing/market.js';
import { parseRouteQuery } from '../src/routing/query.js';
import { loadTakerFees, sqsFetcher } from '../src/venues/osmosis-poolmanager/index.js';
import { OSMO, USDC, osmosisTokens, type SyntheticToken } from '../src/venues/test-helpers/synthetic-osmosis.js';
import { trivialHttp } from './cases/routes.js';
import { runHttpCase } from './lib/http-load.js';
import { prng } from './lib/pairs.js';
import { startServer, type RunningServer } from './lib/server.js';
import { round, statsOf } from './lib/stats.js';
import type { HttpCase } from './types.js';
import { BRIDGE_SET } from '../src/bridges/index.js';

const POOLS = 5000;
const ROUTE_PAIRS = 300;
const VENUE = { name: 'osmosis-poolmanager', chainId: 'osmosis-1', logoUri: '' };
const log = (msg: string) => process.stderr.write(`[bench] scale: ${msg}\n`);

interface SyntheticSqs {
  url: string;
  move(on: boolean): Promise<void>;
  stats(): Promise<{ polls: number; tickRequests: number; version: number }>;
  close(): Promise<void>;
}

export async function startSyntheticSqs(pools: number): Promise<SyntheticSqs> {
  const script = fileURLToPath(new URL('./lib/synthetic-sqs.ts', import.meta.url));
  // Niced: it stands in for a remote service, whose CPU is not the server's machine's.
  const child: ChildProcess = spawn('nice', ['-n', '15', process.execPath, '--import', 'tsx', script, String(pools)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`synthetic SQS exited with ${code}`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  return {
    url,
    move: async (on) => void (await fetch(`${url}/control/move?on=${on ? 1 : 0}`, { method: 'POST' })).arrayBuffer(),
    stats: async () =>
      (await (await fetch(`${url}/control/stats`)).json()) as { polls: number; tickRequests: number; version: number },
    close: () =>
      new Promise((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')),
      ),
  };
}

/** Waits until the server's market view holds the whole synthetic market (health check `market`). */
export async function waitForMarket(server: RunningServer, pools: number, timeoutMs = 180_000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const health = (await (await fetch(`${server.url}/health`)).json()) as {
      checks: Record<string, { detail?: string }>;
    };
    if (health.checks.market?.detail?.includes(`osmosis-poolmanager ${pools} pools`)) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs)
      throw new Error(`the server did not ingest ${pools} pools: ${JSON.stringify(health.checks)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface SwapBody {
  source_asset_denom: string;
  source_asset_chain_id: string;
  dest_asset_denom: string;
  dest_asset_chain_id: string;
  amount_in: string;
  allow_unsafe: boolean;
  swap_venues?: { name: string; chain_id: string }[];
}

/** Long-tail swaps on Osmosis: random token pairs of the synthetic market, $10–$10,000 worth of the source. */
function longTailSwaps(tokens: readonly SyntheticToken[], count: number, seed = 5): SwapBody[] {
  const rand = prng(seed);
  const pick = () => tokens[Math.floor(rand() * tokens.length)]!;
  const out: SwapBody[] = [];
  while (out.length < count) {
    const a = pick();
    const b = pick();
    if (a.denom === b.denom) continue;
    const usd = 10 * 1000 ** rand();
    const amount =
      BigInt(Math.max(1, Math.round((usd / a.usd) * 10 ** Math.min(a.decimals, 15)))) *
      10n ** BigInt(Math.max(0, a.decimals - 15));
    out.push({
      source_asset_denom: a.denom,
      source_asset_chain_id: 'osmosis-1',
      dest_asset_denom: b.denom,
      dest_asset_chain_id: 'osmosis-1',
      amount_in: amount.toString(),
      allow_unsafe: true,
      swap_venues: [{ name: VENUE.name, chain_id: VENUE.chainId }],
    });
  }
  return out;
}

/** Routes each swap on the server and in process on the same market with every tick model. */
async function tickModelFailures(server: RunningServer, sqsUrl: string, swaps: readonly SwapBody[]) {
  const registry = buildRegistry();
  const snapshot = await sqsFetcher({ baseUrl: sqsUrl, takerFees: loadTakerFees() })(new AbortController().signal);
  if (snapshot.waiting?.length)
    throw new Error(`reference market incomplete: ${snapshot.waiting.length} pools without ticks`);
  const reference = buildMarketView(registry, [{ venue: VENUE, snapshot, usdcDenom: USDC }], 1);
  const served: SwapBody[] = [];
  let referenceOk = 0;
  let lackOfTicks = 0;
  const examples: string[] = [];
  for (const body of swaps) {
    const res = await fetch(`${server.url}/v2/fungible/route`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { message?: string };
    let refOk = true;
    try {
      planRoute({ registry, market: reference, bridges: BRIDGE_SET }, parseRouteQuery(registry, body));
    } catch {
      refOk = false;
    }
    if (res.status === 200) served.push(body);
    if (refOk) referenceOk++;
    if (res.status !== 200 && refOk) {
      lackOfTicks++;
      if (examples.length < 3) examples.push(answer.message ?? String(res.status));
    }
  }
  const summary = {
    routes: swaps.length,
    served: served.length,
    possible_with_every_tick_model: referenceOk,
    failed_for_lack_of_tick_models: lackOfTicks,
    failed_percent: round((100 * lackOfTicks) / Math.max(1, referenceOk), 2),
    examples,
  };
  return { summary, served };
}

/**
 * BENCH_NICE (e.g. -10): the scheduling priority of the server and of this probe during the pause probes, so that on
 * a VM shared with other workloads the probe sees the server's own pauses rather than time off the CPU.
 */
function prioritise(server: RunningServer, nice: string | undefined): void {
  if (!nice || !/^-?\d+$/.test(nice)) return;
  for (const pid of [server.pid, process.pid]) {
    for (const tid of readdirSync(`/proc/${pid}/task`))
      execFileSync('renice', ['-n', nice, '-p', tid], { stdio: 'ignore' });
  }
}

/**
 * The server's own event-loop delay since the previous scrape (prom-client's monitorEventLoopDelay, 10 ms resolution,
 * reset at each scrape): the longest interval between two of its 10 ms timer turns, less the 10 ms, is the longest
 * time the server's thread was held (by its own work, or by the machine not running it), free of the probe's own
 * scheduling noise.
 */
async function eventLoopHeldMs(server: RunningServer): Promise<{ max: number; p99: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN) * 1000;
  const held = (ms: number) => round(Math.max(0, ms - 10), 2);
  return {
    max: held(read('junction_nodejs_eventloop_lag_max_seconds')),
    p99: held(read('junction_nodejs_eventloop_lag_p99_seconds')),
  };
}

/** Sequential requests to the trivial endpoint: each one's latency is what a request waits behind the server's work. */
export async function probePauses(server: RunningServer, durationMs: number) {
  prioritise(server, process.env.BENCH_NICE);
  await eventLoopHeldMs(server); // resets the server's delay histogram
  const samples: number[] = [];
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    const t = performance.now();
    await (await fetch(`${server.url}${trivialHttp.path}`)).arrayBuffer();
    samples.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 2));
  }
  const held = await eventLoopHeldMs(server);
  prioritise(server, process.env.BENCH_NICE ? '0' : undefined);
  return {
    requests: samples.length,
    latency_ms: statsOf(samples),
    server_loop_held_ms: held,
    ...(process.env.BENCH_NICE ? { server_nice: Number(process.env.BENCH_NICE) } : {}),
  };
}

function swapCase(name: string, description: string, bodies: () => unknown[], connections?: number): HttpCase {
  return {
    kind: 'http',
    name,
    description,
    method: 'POST',
    path: '/v2/fungible/route',
    bodies,
    ...(connections ? { connections } : {}),
  };
}

export async function benchScaleMarket(opts: {
  durationS: number;
  connections: number;
  workers: number;
}): Promise<Record<string, unknown>> {
  const registry = buildRegistry();
  const tokens = osmosisTokens(registry);
  const sqs = await startSyntheticSqs(POOLS);
  const load = { durationS: opts.durationS, connections: opts.connections, workers: opts.workers, warmupS: 2 };
  try {
    // Quiet server: one poll at start (all tick models), then none during the measurements.
    log(`quiet server: ingesting ${POOLS} pools`);
    const quiet = await startServer(['--osmosis-sqs-url', sqs.url, '--venue-poll-interval-ms', '3600000'], 60_000);
    const report: Record<string, unknown> = { pools: POOLS };
    try {
      report.first_ingest_s = round((await waitForMarket(quiet, POOLS)) / 1000, 1);
      report.tick_requests_first_poll = (await sqs.stats()).tickRequests;
      log('tick models: long-tail swap routes on the server against the same market with every tick model');
      const swaps = longTailSwaps(
        tokens.filter((t) => t.denom !== OSMO),
        ROUTE_PAIRS,
      );
      log("request pauses without polls (the machine's own floor), 10 s");
      report.pauses_without_polls = await probePauses(quiet, 10_000);
      const ticks = await tickModelFailures(quiet, sqs.url, swaps);
      report.tick_models = ticks.summary;
      const servedSwaps = ticks.served;
      const distinct = (i: number) => {
        const b = servedSwaps[i % servedSwaps.length]!;
        return { ...b, amount_in: (BigInt(b.amount_in) + BigInt(i)).toString() };
      };
      const routeLoad = swapCase('scale-route-swap', 'long-tail swaps on the 5,000-pool market, distinct texts', () =>
        Array.from({ length: 40_000 }, (_, i) => distinct(i)),
      );
      log('route p99 without polling');
      const withoutPolling = await runHttpCase(routeLoad, quiet, load);
      log('trivial endpoint and ATOM (Hub) → OSMO with random amounts, 32 connections');
      const trivial = await runHttpCase({ ...trivialHttp, connections: 32 }, quiet, load);
      const rand = prng(17);
      const atomOsmo = await runHttpCase(
        swapCase(
          'scale-atom-osmo',
          'ATOM on cosmoshub-4 → OSMO on osmosis-1, random amounts',
          () =>
            Array.from({ length: 40_000 }, () => ({
              source_asset_denom: 'uatom',
              source_asset_chain_id: 'cosmoshub-4',
              dest_asset_denom: OSMO,
              dest_asset_chain_id: 'osmosis-1',
              amount_in: String(Math.floor(10 ** (5 + 4 * rand()))),
              allow_unsafe: true,
            })),
          32,
        ),
        quiet,
        load,
      );
      report.route_without_polling = {
        req_per_s: withoutPolling.requests_per_s,
        latency_ms: withoutPolling.latency_ms,
        non_2xx: withoutPolling.non_2xx,
      };
      report.atom_osmo_vs_trivial = {
        trivial_req_per_s: trivial.requests_per_s,
        swap_req_per_s: atomOsmo.requests_per_s,
        swap_p99_ms: atomOsmo.latency_ms.p99,
        swap_server_cpu_ms_per_request: atomOsmo.server_cpu_ms_per_request,
        non_2xx: atomOsmo.non_2xx,
        ratio: round(atomOsmo.requests_per_s / Math.max(1, trivial.requests_per_s), 3),
      };

      // Busy server: polls every 2 s, each poll moving the market.
      await sqs.move(true);
      log('busy server: polling every 2 s, the market moving between polls');
      const busy = await startServer(['--osmosis-sqs-url', sqs.url, '--venue-poll-interval-ms', '2000'], 60_000);
      try {
        await waitForMarket(busy, POOLS);
        await new Promise((r) => setTimeout(r, 4000)); // past the first poll's tick fetches
        const before = await sqs.stats();
        log('request pauses during polls (sequential trivial requests, 20 s)');
        const pauses = await probePauses(busy, 20_000);
        const mid = await sqs.stats();
        log('route p99 while polling');
        const duringPolling = await runHttpCase(routeLoad, busy, load);
        const after = await sqs.stats();
        report.pauses_during_polls = {
          ...pauses,
          polls: mid.polls - before.polls,
          tick_requests: mid.tickRequests - before.tickRequests,
        };
        report.route_during_polling = {
          req_per_s: duringPolling.requests_per_s,
          latency_ms: duringPolling.latency_ms,
          non_2xx: duringPolling.non_2xx,
          polls: after.polls - mid.polls,
        };
        report.route_p99_ratio = round(
          duringPolling.latency_ms.p99 / Math.max(0.001, withoutPolling.latency_ms.p99),
          2,
        );
      } finally {
        await busy.stop();
      }
    } finally {
      await quiet.stop();
    }
    return report;
  } finally {
    await sqs.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const intEnv = (name: string, fallback: number) =>
    /^\d+$/.test(process.env[name] ?? '') ? Number(process.env[name]) : fallback;
  loadConfig([], {}); // fail early on a broken build of the config module
  const report = await benchScaleMarket({
    durationS: intEnv('BENCH_DURATION', 10),
    connections: intEnv('BENCH_CONNECTIONS', 10),
    workers: intEnv('BENCH_WORKERS', 2),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}
