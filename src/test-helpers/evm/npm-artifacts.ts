/**
 * Compiled contracts shipped by npm packages: Hardhat artifacts (JSON with the ABI and creation bytecode), and
 * typechain factories (the ethers-v5 target: a module holding the ABI as
 * `const _abi = [...]` and the creation code as `const _bytecode = "0x..."`). The module itself is not imported: it
 * needs ethers, which this project does not depend on, and packages often keep these files out of their `exports`.
 * The two constants are read from the file instead; the ABI literal is plain data, evaluated in an empty context.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import type { Abi, Hex } from 'viem';
import type { Compiled } from './solidity.js';

const require = createRequire(import.meta.url);

/** The root folder of an installed package (found from its main entry, whatever its `exports` allow). */
function packageRoot(pkg: string): string {
  for (let dir = path.dirname(require.resolve(pkg)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === pkg)
      return dir;
  }
  throw new Error(`no package.json named ${pkg} above ${require.resolve(pkg)}`);
}

const memo = new Map<string, Compiled>();

/** ABI and creation code of the typechain factory at `file` (relative to the package root). */
export function typechainArtifact(pkg: string, file: string): Compiled {
  const full = path.join(packageRoot(pkg), file);
  const hit = memo.get(full);
  if (hit) return hit;
  const text = readFileSync(full, 'utf8');
  const abi = /^const _abi = (\[[\s\S]*?^\]);$/m.exec(text)?.[1];
  const bytecode = /^const _bytecode = "(0x[0-9a-fA-F]+)";$/m.exec(text)?.[1];
  if (!abi || !bytecode) throw new Error(`${full} is not a typechain factory with _abi and _bytecode`);
  const out: Compiled = {
    abi: runInNewContext(`(${abi})`, Object.create(null), { timeout: 1000 }) as Abi,
    bytecode: bytecode as Hex,
  };
  memo.set(full, out);
  return out;
}

/**
 * A Hardhat artifact an npm package ships, by its path inside node_modules (`@scope/pkg/artifacts/…/X.json`), resolved
 * from `from` (a folder: where a package's own dependency sits when it is not the project's version) or from here.
 */
export function hardhatArtifact(file: string, from?: string): Compiled {
  const resolved = (from ? createRequire(path.join(from, 'package.json')) : require).resolve(file);
  const a = JSON.parse(readFileSync(resolved, 'utf8')) as { abi: Abi; bytecode: Hex };
  if (a.bytecode.length <= 2) throw new Error(`${file} ships no bytecode (an abstract contract or an interface)`);
  return { abi: a.abi, bytecode: a.bytecode };
}
