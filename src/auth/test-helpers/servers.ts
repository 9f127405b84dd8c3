/**
 * Test fixtures for the real database and Redis servers (the machine's and CI's services), each isolated per test
 * run: a fresh PostgreSQL schema, a fresh Redis key prefix, a throwaway redis-server when a test must stop one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino, type Logger } from 'pino';
import { REDACTED_PATHS } from '../../logging.js';
import { openStore, type Store } from '../../store/db.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export interface TestStore {
  store: Store;
  /** Another connection to the same data (a second instance, or the keys command). */
  reopen(): Promise<Store>;
  /** Closes everything opened and deletes the data. */
  cleanup(): Promise<void>;
}

export async function sqliteTestStore(): Promise<TestStore> {
  const dir = mkdtempSync(path.join(tmpdir(), 'junction-test-'));
  const opened: Store[] = [];
  const open = async () => {
    const s = await openStore({ dataDir: dir });
    opened.push(s);
    return s;
  };
  const store = await open();
  return {
    store,
    reopen: open,
    async cleanup() {
      for (const s of opened) await s.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function postgresTestStore(databaseUrl = TEST_DATABASE_URL): Promise<TestStore & { schema: string }> {
  const schema = uniqueName('junction_test');
  const opened: Store[] = [];
  const open = async (url = databaseUrl) => {
    const s = await openStore({ dataDir: tmpdir(), databaseUrl: url, pgSchema: schema, onPoolError: () => undefined });
    opened.push(s);
    return s;
  };
  const store = await open();
  return {
    schema,
    store,
    reopen: () => open(),
    async cleanup() {
      for (const s of opened) await s.close().catch(() => undefined);
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A redis-server of the test's own, which it may kill without disturbing anyone else. */
export class ThrowawayRedis {
  private child: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    // Up once it accepts connections, however long a busy machine takes to get there; a server that exits (the port
    // taken meanwhile) is an error at once.
    while (!(await canConnect(this.port))) {
      if (child.exitCode !== null) throw new Error(`redis-server did not start on port ${this.port}`);
      await sleep(50);
    }
  }

  /** SIGKILL: Redis vanishes as in a crash. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }
}

/**
 * A TCP relay to a server, so a test can cut the connection ("database lost") and restore it, or hold what clients
 * send ("Redis hanging": connections stay open, nothing is answered) until it releases it.
 */
export class Relay {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  /** While held: each chunk a client sent, with the connection it is for, in the order sent. */
  private holding: { upstream: net.Socket; chunk: Buffer }[] | undefined;
  /** How many chunks (one per command for a client that does not pipeline) were held since the last `hold()`. */
  heldChunks = 0;

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.on('data', (chunk: Buffer) => {
        if (this.holding) {
          this.holding.push({ upstream, chunk });
          this.heldChunks++;
        } else upstream.write(chunk);
      });
      client.on('end', () => upstream.end());
      upstream.pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  /** From now on what clients send waits in the relay: to them the server hangs. */
  hold(): void {
    this.holding = [];
    this.heldChunks = 0;
  }

  /** Passes on what was held, in order, and relays as before. */
  release(): void {
    const held = this.holding ?? [];
    this.holding = undefined;
    for (const { upstream, chunk } of held) upstream.write(chunk);
  }

  /** Refuses new connections and drops open ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.holding = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

async function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until `check` holds (or throws after `timeoutMs`: a bound for reporting what never came, not an expectation of
 * speed; on a busy 2-core machine a condition can take many seconds).
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A pino logger configured as main.ts configures it, writing into `lines`. */
export function capturingLogger(level = 'trace'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    { write: (line: string) => void lines.push(line) },
  );
  return { logger, lines };
}
