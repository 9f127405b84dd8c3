/**
 * One instance per data directory. Two instances on one embedded store would both run the tracking worker over the
 * same file and take each other's leases; the second one must refuse to start, in one clear line. The lock is a file
 * holding the owner's pid, created exclusively; a lock whose process is gone (a crash, kill -9) is taken over.
 */
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export const LOCK_FILE = 'junction.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user — still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of `dataDir` for this process; returns the function that releases it. */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(pid)) rmSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== pid && alive(owner))
        throw new DataDirLockedError(
          `data directory ${dataDir} is in use by another Junction instance (pid ${owner}); give each instance its own DATA_DIR, or share a PostgreSQL database (DATABASE_URL)`,
        );
      rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  throw new DataDirLockedError(`could not take the lock ${file}`);
}
