/**
 * Compiles the tests' own Solidity sources offline with the npm `solc` package (solc-js), once per process and, through
 * the on-disk cache (solc-cache.ts), once per change of the sources across test processes and runs. Imports of other
 * packages' contracts ("@scope/pkg/contracts/X.sol") are read from node_modules, as Hardhat and Foundry remappings
 * would: a test contract may build on a package's abstract contract without copying its code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';
import { cachedCompile, solcCacheDir, type ImportReader, type SolcInput } from './solc-cache.js';

const require = createRequire(import.meta.url);

export interface Compiled {
  abi: Abi;
  bytecode: Hex;
  /** The compiler's storage layout: where each state variable lives (to place a contract's state at another address). */
  storage?: readonly { label: string; slot: string; offset: number; contract: string }[];
}

const memo = new Map<string, Record<string, Compiled>>();

/** A file's text from node_modules (`@scope/pkg/contracts/X.sol`), as Hardhat and Foundry remappings resolve it. */
function readFromNodeModules(name: string): string | undefined {
  for (const dir of require.resolve.paths(name) ?? []) {
    const file = path.join(dir, name);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return undefined;
}

type SolcContract = {
  abi: Abi;
  evm: { bytecode: { object: string } };
  storageLayout?: { storage: NonNullable<Compiled['storage']> };
};

/**
 * Compiles `sources` (name → text) and returns the contracts of the files `emit` names, by contract name. Imports are
 * the root files' relative ones (file:// URLs) or node_modules paths; `rewrite` may adjust each source text read.
 */
function runSolc(
  sources: Record<string, string>,
  emit: readonly string[],
  rewrite: (text: string) => string = (t) => t,
): Record<string, Compiled> {
  const readImport: ImportReader = (name) => {
    const text = name.startsWith('file:') ? readFileSync(fileURLToPath(name), 'utf8') : readFromNodeModules(name);
    return text === undefined ? { error: `not found in node_modules: ${name}` } : { contents: rewrite(text) };
  };
  const input: SolcInput = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, text]) => [name, { content: rewrite(text) }])),
    // Only the named files' contracts are wanted; imported ones are compiled but not emitted.
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: Object.fromEntries(
        emit.map((f) => [f, { '*': ['abi', 'evm.bytecode.object', 'storageLayout'] }]),
      ),
    },
  };
  // The wrapper's version is the compiler's (solc-js 0.8.37 ships soljson 0.8.37), read without loading the compiler.
  const { version } = require('solc/package.json') as { version: string };
  return cachedCompile(
    input,
    version,
    readImport,
    (solcInput, reader) => compileNow(solcInput, reader, emit),
    solcCacheDir(),
  );
}

/** Runs solc-js on `input` and returns the contracts of the files `emit` names; throws on a compilation error. */
function compileNow(input: SolcInput, readImport: ImportReader, emit: readonly string[]): Record<string, Compiled> {
  const solc = require('solc') as {
    compile(input: string, callbacks: { import: ImportReader }): string;
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, SolcContract>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const out: Record<string, Compiled> = {};
  for (const f of emit) {
    for (const [name, c] of Object.entries(output.contracts[f] ?? {})) {
      out[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, storage: c.storageLayout?.storage ?? [] };
    }
  }
  return out;
}

/** Every contract of a .sol file (path relative to the caller's URL), by name. */
export function compileSolidity(file: URL): Record<string, Compiled> {
  const key = file.href;
  const hit = memo.get(key);
  if (hit) return hit;
  const out = runSolc({ [key]: readFileSync(file, 'utf8') }, [key]);
  memo.set(key, out);
  return out;
}

/**
 * Every contract of npm packages' source files (node_modules paths), by name, compiled from node_modules; `rewrite`
 * adjusts each source read (e.g. a pragma pinned to a compiler version other than the project's).
 */
export function compilePackageSources(
  files: readonly string[],
  rewrite?: (text: string) => string,
): Record<string, Compiled> {
  const key = files.join('\n');
  const hit = memo.get(key);
  if (hit) return hit;
  const sources: Record<string, string> = {};
  for (const f of files) {
    const text = readFromNodeModules(f);
    if (text === undefined) throw new Error(`not found in node_modules: ${f}`);
    sources[f] = text;
  }
  const out = runSolc(sources, files, rewrite);
  memo.set(key, out);
  return out;
}
