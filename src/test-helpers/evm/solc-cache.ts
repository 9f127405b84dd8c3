/**
 * An on-disk cache of solc results, shared by every test process: solc-js compiles the Axelar gateway in ~20 s and a
 * test token in ~2 s on a busy 2-core machine, and a suite run used to do that again in each test file that needed
 * them. An entry is keyed by the compiler version, the settings and the root sources' text; the files solc asked for
 * through the import callback are recorded with a digest of their text, and an entry whose imports now read
 * differently (an edited test contract, an upgraded npm package) is compiled again.
 *
 * Where: `node_modules/.cache/junction-solc/` (the usual home of tools' caches, gone with a clean install), or the
 * directory `JUNCTION_SOLC_CACHE` names; `JUNCTION_SOLC_CACHE=off` compiles every time. Several vitest workers may
 * compile the same source at once: each writes its own temporary file and renames it into place, an atomic step on
 * one file system, so a reader sees a whole entry or none, never half of one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What solc's import callback answers. */
type ImportResult = { contents: string } | { error: string };
export type ImportReader = (name: string) => ImportResult;

/** solc's standard JSON input, the part the cache reads. */
export interface SolcInput {
  language: string;
  sources: Record<string, { content: string }>;
  settings: unknown;
}

interface Entry<T> {
  /** The digest the file is named after, repeated to catch a file copied under another name. */
  key: string;
  /** Each file the import callback was asked for → digest of what it answered. */
  imports: Record<string, string>;
  value: T;
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The cache directory, or undefined when caching is turned off. */
export function solcCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.JUNCTION_SOLC_CACHE?.trim();
  if (configured === 'off') return undefined;
  return configured ? path.resolve(configured) : path.join(projectRoot, 'node_modules', '.cache', 'junction-solc');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function digestImport(result: ImportResult): string {
  return 'contents' in result ? sha256(result.contents) : `error:${result.error}`;
}

function entryKey(input: SolcInput, compilerVersion: string): string {
  return sha256(JSON.stringify({ compilerVersion, input }));
}

function readEntry<T>(file: string, key: string): Entry<T> | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Entry<T>;
    return entry.key === key ? entry : undefined;
  } catch {
    return undefined; // absent, or unreadable: compile again and replace it
  }
}

/**
 * Writes `text` to `file` through a temporary file in the same directory renamed into place (atomic on POSIX).
 * Exported for the concurrency test, which imports it by URL in child processes (invisible to knip).
 * @public
 */
export function writeAtomically(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
}

/**
 * `compile(input, readImport)`'s result for `input`, from the cache in `dir` (no cache when undefined) when an entry for the same compiler version,
 * input and imported files' text exists; otherwise compiled and stored. `compile` must throw on a failed compilation
 * (a failure is never stored) and return plain JSON data.
 */
export function cachedCompile<T>(
  input: SolcInput,
  compilerVersion: string,
  readImport: ImportReader,
  compile: (input: SolcInput, readImport: ImportReader) => T,
  dir: string | undefined,
): T {
  if (dir === undefined) return compile(input, readImport);
  const key = entryKey(input, compilerVersion);
  const file = path.join(dir, `${key}.json`);
  const hit = readEntry<T>(file, key);
  if (hit && Object.entries(hit.imports).every(([name, digest]) => digestImport(readImport(name)) === digest)) {
    return hit.value;
  }
  const imports: Record<string, string> = {};
  const recordingReader: ImportReader = (name) => {
    const result = readImport(name);
    imports[name] = digestImport(result);
    return result;
  };
  const value = compile(input, recordingReader);
  const entry: Entry<T> = { key, imports, value };
  writeAtomically(file, JSON.stringify(entry));
  return value;
}
