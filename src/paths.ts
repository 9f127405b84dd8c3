/**
 * Where the project's files are at run time. Modules find data/ and dist/ from the project root rather than from
 * their own location, because the same module runs from src/ (tsx, vitest), from dist/<dir>/ (the compiled tree) and
 * from inside the server bundle (dist/bundle/serve.js, see scripts/bundle-server.mjs), each at a different depth.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest directory at or above `start` holding both package.json and data/: the project root. */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'data'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no project root (package.json beside data/) above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A file under data/ (the project's own data files). */
export const dataPath = (name: string): string => path.join(PROJECT_ROOT, 'data', name);

/** A file or directory under dist/ (the build's outputs: compiled code, registry snapshot, explorer page). */
export const distPath = (...parts: string[]): string => path.join(PROJECT_ROOT, 'dist', ...parts);
