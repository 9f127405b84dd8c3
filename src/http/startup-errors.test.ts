/**
 * Operators' everyday snags end in one clear line on stderr and exit 1, not a stack: a port already in use, and a
 * second instance started on the data directory of a running one (its lock, src/data-dir-lock.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { LOCK_FILE } from '../data-dir-lock.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'junction-startup-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', TX_WORKER: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.resume();
  return { child, dataDir, done: () => new Promise<number | null>((r) => child.once('close', r)), err: () => stderr };
}

it('a port in use is one line and exit 1', async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as AddressInfo).port;
  try {
    const s = await start({ PORT: String(port) });
    expect(await s.done()).toBe(1);
    expect(s.err().trim()).toBe(
      `startup error: cannot listen on 127.0.0.1:${port}: the port is in use (another Junction instance or another program); choose another with PORT`,
    );
  } finally {
    taken.close();
  }
}, 120_000);

it('a data directory locked by a running instance is one line and exit 1', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'junction-startup-'));
  dirs.push(dataDir);
  // This test process stands for the running instance.
  writeFileSync(path.join(dataDir, LOCK_FILE), String(process.pid));
  const s = await start({ DATA_DIR: dataDir, PORT: '0' });
  expect(await s.done()).toBe(1);
  expect(s.err().trim()).toBe(
    `startup error: data directory ${dataDir} is in use by another Junction instance (pid ${process.pid}); give each instance its own DATA_DIR, or share a PostgreSQL database (DATABASE_URL)`,
  );
}, 120_000);
