/** Spawning the built server (`node dist/main.js`) on a free loopback port, and reading its memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = path.join(ROOT, 'dist', 'main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  pid: number;
  url: string;
  /** Milliseconds from spawn until /health first answered 200. */
  startupMs: number;
  /** CPU time the server had used by then (user + system, all threads), in ms: less sensitive to other load. */
  startupCpuMs: number | undefined;
  stop: () => Promise<void>;
}

/** Starts `node dist/main.js` (anonymous limit off: the load has no key) and resolves once GET /health answers 200. */
export async function startServer(extraArgs: string[] = [], timeoutMs = 30_000): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'junction-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  // BENCH_NODE_ARGS: node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), which node refuses in
  // NODE_OPTIONS; split on spaces.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...nodeArgs,
      MAIN,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--log-level',
      'silent',
      '--data-dir',
      dataDir,
      '--anon-rate-per-second',
      '0',
      ...extraArgs,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering: ${stderr}`);
    if (performance.now() - t0 > timeoutMs) {
      await stop();
      throw new Error(`server did not answer /health within ${timeoutMs} ms`);
    }
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) {
        await res.arrayBuffer();
        const startupMs = performance.now() - t0;
        return { pid: child.pid!, url, startupMs, startupCpuMs: cpuMsOf(child.pid!), stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Resident and peak resident set size of a process in MB, from /proc/<pid>/status (Linux). */
export function memoryOf(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc/<pid>/stat (Linux). */
export function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15, in clock ticks (100 Hz).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
