/**
 * What the access layer costs per request: the key check and the anonymous limiter, measured three ways.
 *
 * 1. The work itself, in process: resolving a valid key (hash + constant-time compare) and counting the request;
 *    resolving "no key" and taking a token from the in-memory bucket; a token from Redis (one round trip).
 * 2. Added latency through Fastify: median `inject` time of GET /v2/info/bridges with and without the layer.
 * 3. Throughput on loopback with autocannon against a server child process: no access layer at all, a valid key,
 *    anonymous with the in-memory bucket, anonymous with the Redis bucket (limits set high enough not to refuse).
 *
 * `npx tsx bench/auth.ts [seconds per run]` prints a JSON report; `benchAuth()` returns it for a bench runner.
 * Targets: key check + limiter ≤ 0.3 ms p50 added; keyed throughput ≥ 90 % of the unauthenticated baseline.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { createAccess, type AccessSettings } from '../src/auth/access.js';
import { createKey } from '../src/auth/keys-command.js';
import { RedisLimiter } from '../src/auth/limiter.js';
import { silentLog } from '../src/auth/log.js';
import { loadConfig } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { buildApp } from '../src/http/app.js';
import { openStore } from '../src/store/db.js';

const PATH = '/v2/info/bridges';
const REDIS_URL = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const UNLIMITED = { ratePerSecond: 1e9, burst: 1e9 };

type Variant = 'none' | 'memory' | 'redis';

function settings(variant: Variant, prefix: string): AccessSettings {
  return {
    anonymous: UNLIMITED,
    keyRefreshMs: 10_000,
    statsFlushMs: 10_000,
    redisKeyPrefix: prefix,
    ...(variant === 'redis' ? { redisUrl: REDIS_URL } : {}),
  };
}

/** An app on an embedded store in a temporary directory, with one valid key. */
async function makeAccess(variant: Variant, prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'junction-bench-'));
  const store = await openStore({ dataDir: dir });
  const { key } = await createKey(store, 'bench');
  const access = await createAccess(store, settings(variant, prefix), silentLog, { ownsStore: true });
  return {
    access,
    key,
    async close() {
      await access.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const us = (ms: number) => Math.round(ms * 1000 * 100) / 100;

/** p50 per call of `fn`, timed in batches so the timer's own cost does not dominate sub-microsecond work. */
function perCallP50(fn: () => unknown, batches = 200, size = 500): number {
  for (let i = 0; i < 2_000; i++) fn();
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    const t0 = performance.now();
    for (let i = 0; i < size; i++) fn();
    samples.push((performance.now() - t0) / size);
  }
  return median(samples);
}

async function inProcess(prefix: string) {
  const { access, key, close } = await makeAccess('memory', prefix);
  const keyed = perCallP50(() => {
    const who = access.keys.resolve(key);
    if (who.tier === 'key') access.usage.recordRequest(who.keyId);
  });
  const anonymous = perCallP50(() => {
    access.keys.resolve(undefined);
    access.limiter.take();
  });
  const invalid = perCallP50(() => access.keys.resolve('jct_000000000000_' + 'A'.repeat(43)));
  await close();

  const redis = new RedisLimiter(REDIS_URL, UNLIMITED, prefix, silentLog);
  await redis.ready(2_000);
  const trips: number[] = [];
  for (let i = 0; i < 3_000; i++) {
    const t0 = performance.now();
    await redis.take();
    if (i >= 500) trips.push(performance.now() - t0);
  }
  await redis.close();
  return {
    keyed_check_us_p50: us(keyed),
    anonymous_memory_limiter_us_p50: us(anonymous),
    invalid_key_check_us_p50: us(invalid),
    anonymous_redis_limiter_us_p50: us(median(trips)),
  };
}

async function throughFastify(prefix: string) {
  const ctx = buildContext(loadConfig([], {}));
  const bare = await buildApp(ctx);
  const { access, key, close } = await makeAccess('memory', prefix);
  const withAccess = await buildApp(ctx, { access });
  const redisSide = await makeAccess('redis', prefix);
  const withRedis = await buildApp(ctx, { access: redisSide.access });
  const cases = {
    none: () => bare.inject({ url: PATH }),
    keyed: () => withAccess.inject({ url: PATH, headers: { authorization: key } }),
    anonymous_memory: () => withAccess.inject({ url: PATH }),
    anonymous_redis: () => withRedis.inject({ url: PATH }),
  };
  const times: Record<keyof typeof cases, number[]> = {
    none: [],
    keyed: [],
    anonymous_memory: [],
    anonymous_redis: [],
  };
  for (let round = 0; round < 6; round++) {
    for (const [name, run] of Object.entries(cases) as [keyof typeof cases, () => Promise<unknown>][]) {
      for (let i = 0; i < 500; i++) {
        const t0 = performance.now();
        await run();
        if (round > 0) times[name].push(performance.now() - t0);
      }
    }
  }
  const base = median(times.none);
  await Promise.all([bare.close(), withAccess.close(), withRedis.close()]);
  await close();
  await redisSide.close();
  return {
    inject_p50_us: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, us(median(v))])),
    added_p50_us: {
      keyed: us(median(times.keyed) - base),
      anonymous_memory: us(median(times.anonymous_memory) - base),
      anonymous_redis: us(median(times.anonymous_redis) - base),
    },
  };
}

/**
 * Child process: the app without the access layer, with it (in-memory limiter) and with it (Redis limiter), on
 * three ports of one process, so the cases differ only in the layer; prints `{ports, key}` and runs until killed.
 */
async function serve(prefix: string): Promise<void> {
  const ctx = buildContext(loadConfig([], {}));
  const memory = await makeAccess('memory', prefix);
  const redis = await makeAccess('redis', prefix);
  const apps = {
    none: await buildApp(ctx),
    memory: await buildApp(ctx, { access: memory.access }),
    redis: await buildApp(ctx, { access: redis.access }),
  };
  // CPU time of this process: per request it is what the layer costs, whatever else runs on the machine.
  apps.none.get('/__cpu', async () => process.cpuUsage());
  const ports: Record<string, number> = {};
  for (const [name, app] of Object.entries(apps)) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    ports[name] = (app.server.address() as { port: number }).port;
  }
  // The same key works on both access apps: they read one key table each, and the Redis app gets its own key.
  process.stdout.write(`${JSON.stringify({ ports, key: memory.key, redisKey: redis.key })}\n`);
}

interface Served {
  ports: Record<'none' | 'memory' | 'redis', number>;
  key: string;
  redisKey: string;
}

async function startChild(prefix: string): Promise<Served & { stop(): void }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--serve', prefix], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<Served>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const nl = buf.indexOf('\n');
      if (nl >= 0) resolve(JSON.parse(buf.slice(0, nl)) as Served);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ...info, stop: () => child.kill('SIGKILL') };
}

async function serverCpuUs(port: number): Promise<number> {
  const { user, system } = (await (await fetch(`http://127.0.0.1:${port}/__cpu`)).json()) as {
    user: number;
    system: number;
  };
  return user + system;
}

async function load(port: number, headers: Record<string, string>, seconds: number, cpuPort: number) {
  const cpu0 = await serverCpuUs(cpuPort);
  const r = await autocannon({ url: `http://127.0.0.1:${port}${PATH}`, connections: 16, duration: seconds, headers });
  const cpu = (await serverCpuUs(cpuPort)) - cpu0;
  return {
    req_per_s: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    server_cpu_us_per_req: Math.round((cpu / Math.max(1, r.requests.total)) * 100) / 100,
    non_2xx: r.non2xx,
    errors: r.errors,
  };
}

async function overHttp(prefix: string, seconds: number, rounds = 5) {
  const s = await startChild(prefix);
  const cpu = s.ports.none;
  const runs = {
    none: () => load(s.ports.none, {}, seconds, cpu),
    keyed: () => load(s.ports.memory, { authorization: s.key }, seconds, cpu),
    anonymous_memory: () => load(s.ports.memory, {}, seconds, cpu),
    keyed_redis_app: () => load(s.ports.redis, { authorization: s.redisKey }, seconds, cpu),
    anonymous_redis: () => load(s.ports.redis, {}, seconds, cpu),
  };
  try {
    for (const run of Object.values(runs)) await run(); // warm-up (JIT, connections)
    // Short runs in alternation, median per case: other load on a shared machine hits every case alike.
    const all: Record<string, Awaited<ReturnType<typeof load>>[]> = {};
    const order = Object.entries(runs);
    for (let round = 0; round < rounds; round++) {
      // Rotate the order so no case always follows the same one.
      for (const [name, run] of [...order.slice(round % order.length), ...order.slice(0, round % order.length)]) {
        (all[name] ??= []).push(await run());
      }
    }
    const summary = Object.fromEntries(
      Object.entries(all).map(([k, rs]) => [
        k,
        {
          req_per_s: median(rs.map((r) => r.req_per_s)),
          server_cpu_us_per_req: median(rs.map((r) => r.server_cpu_us_per_req)),
          p50_ms: median(rs.map((r) => r.p50_ms)),
          p99_ms: median(rs.map((r) => r.p99_ms)),
          non_2xx: rs.reduce((a, r) => a + r.non_2xx, 0),
          errors: rs.reduce((a, r) => a + r.errors, 0),
          runs_req_per_s: rs.map((r) => r.req_per_s),
        },
      ]),
    );
    const base = summary.none!;
    const ratio = (x: number) => Math.round(x * 1000) / 1000;
    return {
      autocannon_median: summary,
      // Loopback req/s on a shared 2-core machine swings with other load; CPU per request does not. The CPU ratio is
      // the throughput ratio a CPU-bound server would show.
      throughput_vs_no_auth: Object.fromEntries(
        Object.entries(summary)
          .filter(([k]) => k !== 'none')
          .map(([k, v]) => [
            k,
            {
              req_per_s: ratio(v.req_per_s / base.req_per_s),
              by_server_cpu: ratio(base.server_cpu_us_per_req / v.server_cpu_us_per_req),
            },
          ]),
      ),
    };
  } finally {
    s.stop();
  }
}

export async function benchAuth(seconds = 3): Promise<Record<string, unknown>> {
  const prefix = `junction-bench-${process.pid}:`;
  try {
    return {
      endpoint: PATH,
      in_process: await inProcess(prefix),
      fastify_inject: await throughFastify(prefix),
      http: await overHttp(prefix, seconds),
      load_average: loadavg().map((x) => Math.round(x * 100) / 100),
    };
  } finally {
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}*`).catch(() => []);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--serve') {
    await serve(process.argv[3]!);
  } else {
    console.log(JSON.stringify(await benchAuth(Number(process.argv[2] ?? 3)), null, 2));
  }
}
