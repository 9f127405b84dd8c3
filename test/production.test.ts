/**
 * The production path (README "Production"): the compiled dist/ with only the production dependencies, run with
 * plain node. A directory is assembled as `npm ci --omit=dev` would leave a deployment (package.json, the lock file,
 * scripts/launch.mjs, data/, dist/, and node_modules holding exactly the packages the lock file does not mark as
 * dev), then the server, its --help and the keys command run there. Nothing may need TypeScript, tsx or type
 * declarations at run time. Also: a start on an up-to-date build does not build again, and says once that it is
 * ready.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
/** How long the build, or a test, may take before it counts as failed: minutes, on a busy 2-core machine. */
const PATIENCE_MS = 600_000;
const work = mkdtempSync(path.join(tmpdir(), 'junction-prod-'));
const deploy = path.join(work, 'app');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Runs node with `args` in `cwd` and collects its output. Asynchronous and without a time limit of its own: a build
 * takes minutes on a busy 2-core machine, and only the hook's or test's timeout (a bound for reporting a failure) ends
 * the wait; a synchronous child would also keep vitest from noticing that timeout.
 */
async function node(args: string[], cwd: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { status, stdout, stderr };
}

beforeAll(async () => {
  // The build the repository would ship (made now if dist/ is missing or stale, e.g. in a fresh clone).
  const build = await node(['scripts/launch.mjs', '--build'], ROOT);
  expect(build.status, build.stderr).toBe(0);
  mkdirSync(path.join(deploy, 'node_modules'), { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) cpSync(path.join(ROOT, f), path.join(deploy, f));
  for (const d of ['dist', 'data']) cpSync(path.join(ROOT, d), path.join(deploy, d), { recursive: true });
  mkdirSync(path.join(deploy, 'scripts'));
  cpSync(path.join(ROOT, 'scripts', 'launch.mjs'), path.join(deploy, 'scripts', 'launch.mjs'));
  // What `npm ci --omit=dev` installs: the lock file's packages not marked dev (nested ones come with their parent).
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') || key.indexOf('/node_modules/', 1) >= 0 || entry.dev) continue;
    const from = path.join(ROOT, key);
    if (!existsSync(from)) continue; // an optional package for another platform
    const to = path.join(deploy, key);
    mkdirSync(path.dirname(to), { recursive: true });
    symlinkSync(from, to, 'dir');
  }
  // TypeScript may be there (an optional peer of viem, which npm keeps with --omit=dev); its declarations are not.
  for (const dev of ['tsx', 'vitest', '@types/better-sqlite3', '@types/pg'])
    expect(existsSync(path.join(deploy, 'node_modules', dev)), dev).toBe(false);
}, PATIENCE_MS);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const width = (text: string) => Math.max(...text.split('\n').map((l) => l.length));

describe('build once', () => {
  it('a start on a current build does not build again; a changed source makes the next start build', async () => {
    expect((await node(['scripts/launch.mjs', '--check'], ROOT)).status).toBe(0);
    const again = await node(['scripts/launch.mjs', '--build'], ROOT);
    expect(again.status).toBe(0);
    expect(again.stderr).not.toContain('building');
    // A new source file makes the build stale; removing it makes it current again (no file times to restore, whose
    // sub-millisecond part a round trip through utimes cannot reproduce).
    const file = path.join(ROOT, 'src', '__build_once_probe.ts');
    writeFileSync(file, 'export const probe = 1;\n');
    try {
      expect((await node(['scripts/launch.mjs', '--check'], ROOT)).status).toBe(1);
    } finally {
      rmSync(file, { force: true });
    }
    expect((await node(['scripts/launch.mjs', '--check'], ROOT)).status).toBe(0);
  });
});

describe('what the build ships', () => {
  it('holds no test code: no test file, no test helper, nothing that imports vitest', () => {
    const shipped = readdirSync(path.join(deploy, 'dist'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(m?js)$/.test(f),
    );
    expect(shipped.length).toBeGreaterThan(100);
    expect(shipped.filter((f) => /\.test\.m?js$/.test(f) || f.split(path.sep).includes('test-helpers'))).toEqual([]);
    const importsVitest = /(?:from\s*|import\s*\(\s*|require\(\s*)['"](?:vitest|@vitest\/[^'"]*)['"]/;
    expect(shipped.filter((f) => importsVitest.test(readFileSync(path.join(deploy, 'dist', f), 'utf8')))).toEqual([]);
  });
});

describe('production install: plain node on the built JavaScript', () => {
  it('--help of the server and of the keys command fit 80 columns and need no build', async () => {
    for (const args of [
      ['scripts/launch.mjs', 'main', '--help'],
      ['dist/main.js', '--help'],
    ]) {
      const r = await node(args, deploy);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('Usage: npm start');
      expect(r.stdout).toContain('--anon-rate-per-second <value>, ANON_RATE_PER_SECOND');
      expect(width(r.stdout)).toBeLessThanOrEqual(80);
      expect(r.stderr).not.toContain('building');
    }
    const keys = await node(['scripts/launch.mjs', 'keys', '--help'], deploy);
    expect(keys.status, keys.stderr).toBe(0);
    expect(keys.stdout).toContain('Usage: npm run keys');
    expect(width(keys.stdout)).toBeLessThanOrEqual(80);
  });

  it(
    'the keys command and the server run, and the server stops cleanly on SIGTERM',
    async () => {
      const dataDir = path.join(work, 'var');
      const created = await node(
        ['dist/cli/keys.js', 'create', '--name', 'acme', '--json', '--data-dir', dataDir],
        deploy,
      );
      expect(created.status, created.stderr).toBe(0);
      const { key } = JSON.parse(created.stdout) as { key: string };

      const port = await freePort();
      const child = spawn(
        process.execPath,
        ['scripts/launch.mjs', 'main', '--port', String(port), '--data-dir', dataDir],
        {
          cwd: deploy,
          env: { ...process.env, DRAIN_SECONDS: '0', LOG_LEVEL: 'info' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        // Ready when it says so, however long that takes; an exit first fails with the output.
        await new Promise<void>((resolve, reject) => {
          const check = () => {
            if (!out.includes('Junction ready at')) return;
            child.stdout.off('data', check);
            resolve();
          };
          child.stdout.on('data', check);
          void exited.then(() => reject(new Error(`not ready: ${err}${out}`)));
        });
        // Logs to a pipe are JSON lines; exactly one says the service is ready, with its URL, docs, store and venues.
        const ready = out.split('\n').filter((l) => l.includes('Junction ready at'));
        expect(ready).toHaveLength(1);
        const line = JSON.parse(ready[0]!) as { msg: string; startupMs: number; code: string };
        // The built server runs from its one-file bundle (scripts/bundle-server.ts), which the deployment carries.
        expect(existsSync(path.join(deploy, 'dist', 'bundle', 'serve.js'))).toBe(true);
        expect(line.code).toBe('bundle');
        expect(line.msg).toMatch(
          new RegExp(
            `^Junction ready at http://127\\.0\\.0\\.1:${port}  docs http://127\\.0\\.0\\.1:${port}/docs  explorer http://127\\.0\\.0\\.1:${port}/explorer/  store: embedded SQLite .*  venues: osmosis-poolmanager offline snapshot \\d+ days old`,
          ),
        );
        expect(err).not.toContain('building');
        const health = await fetch(`http://127.0.0.1:${port}/health`);
        expect(health.status).toBe(200);
        const usage = await fetch(`http://127.0.0.1:${port}/junction/usage`, { headers: { authorization: key } });
        expect(usage.status).toBe(200);
        // A route through code the bundle carries (viem's checksums, TypeBox schemas, the CCTP lane): USDC Ethereum → Noble.
        const route = await fetch(`http://127.0.0.1:${port}/v2/fungible/route`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: key },
          body: JSON.stringify({
            source_asset_chain_id: '1',
            source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
            dest_asset_chain_id: 'noble-1',
            dest_asset_denom: 'uusdc',
            amount_in: '100000000',
            allow_multi_tx: true,
          }),
        });
        const body = (await route.json()) as { operations?: Record<string, unknown>[] };
        expect(route.status, JSON.stringify(body)).toBe(200);
        expect(body.operations?.some((op) => 'cctp_transfer' in op)).toBe(true);
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
      expect(out).toContain('"msg":"stopped"');
    },
    PATIENCE_MS,
  );
});
