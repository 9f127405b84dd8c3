/**
 * Server mode against the real PostgreSQL and Redis of this machine (and CI): two instances sharing one
 * Redis-enforced anonymous limit, Redis dying and returning mid-test (a throwaway redis-server), the database lost
 * during operation (a relay the test cuts), and the service refusing to start without its database.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from '../http/app.js';
import type { AppContext } from '../context.js';
import { openStore } from '../store/db.js';
import { readUsage } from '../store/usage.js';
import { createAccess, type AccessSettings } from './access.js';
import { createKey, runKeysCommand } from './keys-command.js';
import { REDIS_PROBE_INTERVAL_MS } from './limiter.js';
import { silentLog, type Log } from './log.js';
import {
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  Relay,
  ThrowawayRedis,
  capturingLogger,
  eventually,
  freePort,
  postgresTestStore,
  uniqueName,
} from './test-helpers/servers.js';
import { monthOf } from './usage.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Real servers, reconnections and spawned processes: every wait below is on a condition, and these bounds only say how
// long a failing test takes to report, generous enough for a 2-core machine busy with other tests.
const PATIENCE_MS = 60_000;
vi.setConfig({ testTimeout: 4 * PATIENCE_MS });

let ctx: AppContext;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(() => {
  ctx = buildContext(loadConfig([], {}));
});

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function instance(store: Awaited<ReturnType<typeof openStore>>, s: AccessSettings, log: Log = silentLog) {
  const access = await createAccess(store, s, log);
  const app = await buildApp(ctx, { access });
  cleanups.push(
    () => app.close(),
    () => access.close(),
  );
  return { access, app };
}

const statuses = async (app: FastifyInstance, n: number, headers: Record<string, string> = {}) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await app.inject({ url: '/v2/info/bridges', headers })).statusCode);
  return out;
};

describe('two instances, one PostgreSQL, one Redis', () => {
  it('share one anonymous limit, and do not limit keyed callers on either', async () => {
    const t = await postgresTestStore();
    cleanups.push(() => t.cleanup());
    const prefix = `${uniqueName('junction-test')}:`;
    cleanups.push(async () => {
      const r = new Redis(TEST_REDIS_URL);
      const keys = await r.keys(`${prefix}*`);
      if (keys.length) await r.del(...keys);
      r.disconnect();
    });
    const s: AccessSettings = {
      anonymous: { ratePerSecond: 0.01, burst: 6 },
      keyRefreshMs: 100,
      statsFlushMs: 60_000,
      redisUrl: TEST_REDIS_URL,
      redisKeyPrefix: prefix,
    };
    // Each instance with its own connection pool, as separate processes would have.
    const a = await instance(await t.reopen(), s);
    const b = await instance(await t.reopen(), s);
    expect(a.access.limiter.mode).toBe('redis');
    expect(b.access.limiter.mode).toBe('redis');

    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      seen.push((await a.app.inject({ url: '/v2/info/bridges' })).statusCode);
      seen.push((await b.app.inject({ url: '/v2/info/bridges' })).statusCode);
    }
    // 6 tokens in all, whichever instance takes them; per-instance buckets would have let all 10 through.
    expect(seen.filter((c) => c === 200)).toHaveLength(6);
    expect(seen.slice(6)).toEqual([429, 429, 429, 429]);
    const limited = await b.app.inject({ url: '/v2/info/chains' });
    expect(limited.json()).toMatchObject({ code: 8, details: [] });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(1);

    // A key made through one instance's database connection works on both within the refresh interval.
    const { key } = await createKey(a.access.store, 'acme');
    // Each instance reloads on its own timer; a reload already in flight when the key was written still carries the
    // old table, so either instance may need one more interval.
    for (const x of [a, b])
      await eventually(
        async () => (await statuses(x.app, 1, { authorization: key }))[0] === 200,
        PATIENCE_MS,
        'key visible',
      );
    expect(await statuses(a.app, 25, { authorization: key })).toEqual(Array(25).fill(200));
    expect(await statuses(b.app, 25, { authorization: key })).toEqual(Array(25).fill(200));
  });
});

describe('Redis stopped mid-test', () => {
  it('keeps serving with a per-instance limit, logs it, and shares the limit again when Redis returns', async () => {
    const redis = new ThrowawayRedis(await freePort());
    await redis.start();
    cleanups.push(() => redis.kill());
    const t = await postgresTestStore();
    cleanups.push(() => t.cleanup());
    const { logger, lines } = capturingLogger('info');
    const { access, app } = await instance(
      t.store,
      {
        anonymous: { ratePerSecond: 0.01, burst: 3 },
        keyRefreshMs: 60_000,
        statsFlushMs: 60_000,
        redisUrl: redis.url,
        redisKeyPrefix: 'jt:',
      },
      logger,
    );
    expect(access.limiter.mode).toBe('redis');
    expect(await statuses(app, 2)).toEqual([200, 200]);

    expect((await app.inject({ url: '/health' })).json()).toMatchObject({
      status: 'ok',
      dependencies: { database: { state: 'ready' }, redis: { state: 'ready' } },
    });
    await redis.kill();
    await eventually(
      async () => (await app.inject({ url: '/health' })).json().dependencies.redis.state === 'degraded',
      PATIENCE_MS,
      'redis degraded in /health',
    );
    expect((await app.inject({ url: '/health' })).json().status).toBe('degraded');
    // The local bucket takes over (full: 3 more), then limits; nothing fails.
    expect(await statuses(app, 4)).toEqual([200, 200, 200, 429]);
    expect(access.limiter.mode).toBe('fallback');
    await eventually(() => lines.some((l) => l.includes('Redis unreachable')), PATIENCE_MS, 'warning logged');
    expect(lines.filter((l) => l.includes('Redis unreachable'))).toHaveLength(1);

    await redis.start(); // empty: a fresh, full shared bucket
    await eventually(() => access.limiter.mode === 'redis', PATIENCE_MS, 'reconnection');
    expect(lines.some((l) => l.includes('Redis reachable again'))).toBe(true);
    const direct = new Redis(redis.url);
    cleanups.push(async () => direct.disconnect());
    expect(await statuses(app, 4)).toEqual([200, 200, 200, 429]);
    // The shared bucket's state (GCRA's theoretical arrival time, ms) is in Redis again.
    expect(Number(await direct.get('jt:anonymous-gcra-general'))).toBeGreaterThan(0);
  });
});

describe('Redis hanging', () => {
  it('answers from the local bucket after a short timeout, then uses Redis again', async () => {
    const redis = new ThrowawayRedis(await freePort());
    await redis.start();
    cleanups.push(() => redis.kill());
    // The app reaches Redis through a relay the test can hold: connections stay open and nothing is answered, for
    // exactly as long as the test says (not a DEBUG SLEEP whose start and end race a busy machine).
    const relay = new Relay(await freePort(), { host: '127.0.0.1', port: redis.port });
    await relay.start();
    cleanups.push(() => relay.cut());
    const t = await postgresTestStore();
    cleanups.push(() => t.cleanup());
    const { logger, lines } = capturingLogger('info');
    const { access, app } = await instance(
      t.store,
      {
        anonymous: { ratePerSecond: 0.01, burst: 50 },
        keyRefreshMs: 60_000,
        statsFlushMs: 60_000,
        redisUrl: `redis://127.0.0.1:${relay.port}`,
        redisKeyPrefix: 'jt:',
      },
      logger,
    );
    await eventually(() => access.limiter.mode === 'redis', PATIENCE_MS, 'connected to Redis');
    // The limiter leaves a silent Redis alone for a while by the wall clock; frozen, that while lasts until the test
    // moves the clock, however slowly the requests run.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      relay.hold();
      expect(await statuses(app, 5)).toEqual([200, 200, 200, 200, 200]);
      // One request asked Redis and waited out the command timeout; the others did not ask at all.
      expect(relay.heldChunks).toBe(1);
      expect(access.limiter.mode).toBe('fallback');
      expect(lines.some((l) => l.includes('Redis unreachable'))).toBe(true);

      relay.release();
      vi.setSystemTime(Date.now() + REDIS_PROBE_INTERVAL_MS);
      await statuses(app, 1);
      expect(access.limiter.mode).toBe('redis');
      expect(lines.some((l) => l.includes('Redis reachable again'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('database lost during operation', () => {
  it('answers 503 where the database is needed, keeps everything else working, and loses no statistics', async () => {
    const relay = new Relay(await freePort(), {
      host: '127.0.0.1',
      port: Number(new URL(TEST_DATABASE_URL).port || 5432),
    });
    await relay.start();
    cleanups.push(() => relay.cut());
    const t = await postgresTestStore();
    cleanups.push(() => t.cleanup());
    const viaRelay = new URL(TEST_DATABASE_URL);
    viaRelay.port = String(relay.port);
    const store = await openStore({
      dataDir: tmpdir(),
      databaseUrl: viaRelay.toString(),
      pgSchema: (t as { schema: string }).schema,
      onPoolError: () => undefined,
    });
    const { key, id } = await createKey(store, 'acme');
    const { logger, lines } = capturingLogger('info');
    const { access, app } = await instance(
      store,
      {
        anonymous: { ratePerSecond: 1000, burst: 1000 },
        keyRefreshMs: 100,
        statsFlushMs: 100,
        redisKeyPrefix: 'unused:',
      },
      logger,
    );
    const auth = { authorization: key };
    let keyed = 0;
    const get = (url: string, headers: Record<string, string> = auth) => {
      if (headers === auth) keyed++;
      return app.inject({ url, headers });
    };
    expect((await get('/junction/usage')).statusCode).toBe(200);

    await relay.cut();
    const usage = await get('/junction/usage');
    expect(usage.statusCode).toBe(503);
    expect(usage.json()).toEqual({
      code: 14,
      message: expect.stringContaining('database cannot be reached'),
      details: [],
    });
    // Routes and info keep working, and the key is still recognised from the last loaded copy.
    const info = await get('/v2/info/bridges');
    expect(info.statusCode).toBe(200);
    expect(info.headers['x-junction-auth']).toBeUndefined();
    expect((await get('/v2/info/chains', {})).statusCode).toBe(200);
    const health = await get('/health', {});
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', dependencies: { database: { state: 'degraded' } } });
    expect(health.json().dependencies.database.detail).toMatch(/^PostgreSQL at .* does not answer/);
    for (let i = 0; i < 10; i++) expect((await get('/v2/info/bridges')).statusCode).toBe(200);
    await eventually(
      () => lines.some((l) => l.includes('cannot write usage statistics')),
      PATIENCE_MS,
      'flush failure logged',
    );
    await eventually(
      () => lines.some((l) => l.includes('cannot reload the API key table')),
      PATIENCE_MS,
      'reload failure logged',
    );

    await relay.start();
    await eventually(async () => (await get('/junction/usage')).statusCode === 200, PATIENCE_MS, 'recovery');
    await eventually(async () => (await get('/health', {})).json().status === 'ok', PATIENCE_MS, 'health ok again');
    expect((await get('/health', {})).json().dependencies.database.state).toBe('ready');
    // Every keyed request, those made during the outage included, reaches the database once.
    await access.usage.close();
    const [row] = await readUsage(t.store, { keyId: id });
    expect(row).toMatchObject({ month: monthOf(new Date()), requests: keyed });
    expect(keyed).toBeGreaterThanOrEqual(14);
    await store.close();
  });
});

describe('the service process', () => {
  function runMain(args: string[], env: Record<string, string>, until?: RegExp) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Ready when the line appears, however long a busy machine takes to start the service under tsx; an exit first is
    // a failure with the output to show why.
    const ready = new Promise<void>((resolve, reject) => {
      if (!until) return resolve();
      const check = () => {
        if (!until.test(out)) return;
        child.stdout.off('data', check);
        resolve();
      };
      child.stdout.on('data', check);
      void exited.then((code) => reject(new Error(`exited (${code}) before ${until}: ${err}${out}`)));
    });
    ready.catch(() => undefined); // a run without `until`, or one that is awaited on `exited` instead
    return { child, exited, output: () => ({ out, err }), ready };
  }

  it('exits non-zero with a clear message when the database cannot be reached', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-main-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort(); // nothing listens there
    const run = runMain(
      ['--database-url', `postgres://app:s3cret@127.0.0.1:${port}/junction`, '--port', String(await freePort())],
      { DATA_DIR: dataDir },
    );
    expect(await run.exited).toBe(1);
    const { err } = run.output();
    expect(err).toContain(`database error: cannot reach PostgreSQL at postgres://app:***@127.0.0.1:${port}/junction`);
    expect(err).not.toContain('s3cret');
  });

  it('runs in server mode, survives an unreachable Redis at start, and writes statistics on shutdown', async () => {
    const schema = uniqueName('junction_main');
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    cleanups.push(async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    });
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString(), DATA_DIR: tmpdir() };

    // The operator issues a key before the server starts, through the same command and database.
    const out: string[] = [];
    expect(
      await runKeysCommand(
        ['create', '--name', 'acme', '--json'],
        env,
        (s) => out.push(s),
        () => undefined,
      ),
    ).toBe(0);
    const { key, id } = JSON.parse(out.join('')) as { key: string; id: string };

    const port = await freePort();
    const run = runMain(
      ['--port', String(port)],
      {
        ...env,
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`, // nobody there
        STATS_FLUSH_SECONDS: '3600',
      },
      /Server listening/,
    );
    cleanups.push(async () => run.child.kill('SIGKILL'));
    await run.ready;
    expect(run.output().out).toContain('Redis unreachable');
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`http://127.0.0.1:${port}/v2/info/bridges`, { headers: { authorization: key } });
      expect(r.status).toBe(200);
    }
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output().out).not.toContain(key.slice(17));

    const check = await openStore({ dataDir: tmpdir(), databaseUrl: url.toString() });
    cleanups.push(() => check.close());
    expect((await readUsage(check, { keyId: id }))[0]?.requests).toBe(4);
  });
});
