/**
 * Compiles the tests' own Solidity sources offline with the npm `solc` package (solc-js), once per process. Imports
 * of other packages' contracts ("@scope/pkg/contracts/X.sol") are read from node_modules, as Hardhat and Foundry
 * remappings would: a test contract may build on a package's abstract contract without copying its code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);

export interface Compiled {
  abi: Abi;
  bytecode: Hex;
  /** The compiler's storage layout: where each state variable lives (to place a contract's state at another address). */
  storage?: readonly { label: string; slot: string; offset: number; contract: string }[];
}

const memo = new Map<string, Record<string, Compiled>>();

/** An import as solc names it: a file:// URL (the root file's relative imports) or a path inside node_modules. */
function readImport(name: string): { contents: string } | { error: string } {
  if (name.startsWith('file:')) return { contents: readFileSync(fileURLToPath(name), 'utf8') };
  for (const dir of require.resolve.paths(name) ?? []) {
    const file = path.join(dir, name);
    if (existsSync(file)) return { contents: readFileSync(file, 'utf8') };
  }
  return { error: `not found in node_modules: ${name}` };
}

/** Every contract of a .sol file (path relative to the caller's URL), by name. */
export function compileSolidity(file: URL): Record<string, Compiled> {
  const key = file.href;
  const hit = memo.get(key);
  if (hit) return hit;
  const solc = require('solc') as { compile(input: string, callbacks: { import: typeof readImport }): string };
  const input = {
    language: 'Solidity',
    sources: { [key]: { content: readFileSync(file, 'utf8') } },
    // Only the file's own contracts are wanted; imported ones are compiled but not emitted.
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { [key]: { '*': ['abi', 'evm.bytecode.object', 'storageLayout'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } }; storageLayout?: { storage: NonNullable<Compiled['storage']> } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const out: Record<string, Compiled> = {};
  for (const [name, c] of Object.entries(output.contracts[key] ?? {})) {
    out[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, storage: c.storageLayout?.storage ?? [] };
  }
  memo.set(key, out);
  return out;
}
