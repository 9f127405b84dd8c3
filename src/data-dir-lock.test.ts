import { mkdtempSync, readFileSync, existsSync, writeFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'junction-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a second instance on the same data directory is refused; a stale lock is taken over; release frees it', async () => {
  // Another live process holds it.
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    writeFileSync(path.join(dir, LOCK_FILE), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`in use by another Junction instance (pid ${other.pid})`);
  } finally {
    const exited = new Promise((resolve) => other.once('exit', resolve));
    other.kill('SIGKILL');
    await exited;
  }
  // Its process is gone (kill -9): the lock is stale and taken over.
  const release = lockDataDir(dir);
  expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
  release();
  expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
});
