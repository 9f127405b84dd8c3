/**
 * Compiles the tests' own Solidity sources offline with the npm `solc` package (solc-js), once per process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);

export interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

const memo = new Map<string, Record<string, Compiled>>();

/** Every contract of a .sol file (path relative to the caller's URL), by name. */
export function compileSolidity(file: URL): Record<string, Compiled> {
  const key = file.href;
  const hit = memo.get(key);
  if (hit) return hit;
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { [key]: { content: readFileSync(file, 'utf8') } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const out: Record<string, Compiled> = {};
  for (const [name, c] of Object.entries(output.contracts[key] ?? {})) out[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  memo.set(key, out);
  return out;
}
