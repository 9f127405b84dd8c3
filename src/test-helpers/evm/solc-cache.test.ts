import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedCompile, solcCacheDir, type ImportReader, type SolcInput } from './solc-cache.js';
import { compileSolidity } from './solidity.js';

const dirs: string[] = [];
function temporaryDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'junction-solc-cache-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const input = (content: string): SolcInput => ({
  language: 'Solidity',
  sources: { 'Main.sol': { content } },
  settings: { optimizer: { enabled: true, runs: 200 } },
});

/** A stand-in compiler that reads one import and counts its runs: what the cache does is the subject here. */
function countingCompiler() {
  let runs = 0;
  const compile = (i: SolcInput, readImport: ImportReader) => {
    runs++;
    const dep = readImport('Dep.sol');
    return { main: i.sources['Main.sol']!.content, dep: 'contents' in dep ? dep.contents : dep.error };
  };
  return { compile, runs: () => runs };
}

describe('cachedCompile', () => {
  it('compiles once, then answers from disk for the same compiler, input and imports', () => {
    const dir = temporaryDir();
    const compiler = countingCompiler();
    const files = { 'Dep.sol': 'contract Dep {}' };
    const reader: ImportReader = (name) => ({ contents: files[name as keyof typeof files] });
    const first = cachedCompile(input('contract Main {}'), '0.8.37', reader, compiler.compile, dir);
    const second = cachedCompile(input('contract Main {}'), '0.8.37', reader, compiler.compile, dir);
    expect(compiler.runs()).toBe(1);
    expect(second).toEqual(first);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('compiles again when an imported file, the compiler version or the input changes', () => {
    const dir = temporaryDir();
    const compiler = countingCompiler();
    const files = { 'Dep.sol': 'contract Dep {}' };
    const reader: ImportReader = (name) => ({ contents: files[name as keyof typeof files] });
    cachedCompile(input('contract Main {}'), '0.8.37', reader, compiler.compile, dir);
    files['Dep.sol'] = 'contract Dep { uint x; }';
    const edited = cachedCompile(input('contract Main {}'), '0.8.37', reader, compiler.compile, dir);
    expect(compiler.runs()).toBe(2);
    expect(edited.dep).toBe('contract Dep { uint x; }');
    cachedCompile(input('contract Main {}'), '0.8.38', reader, compiler.compile, dir);
    expect(compiler.runs()).toBe(3);
    cachedCompile(input('contract Main { }'), '0.8.37', reader, compiler.compile, dir);
    expect(compiler.runs()).toBe(4);
    // The edited import's entry replaced the first one under the same key; the other two have keys of their own.
    expect(readdirSync(dir)).toHaveLength(3);
  });

  it('stores no failed compilation and replaces an unreadable entry', () => {
    const dir = temporaryDir();
    const reader: ImportReader = () => ({ error: 'not found' });
    const failing = () => {
      throw new Error('ParserError');
    };
    expect(() => cachedCompile(input('contract {'), '0.8.37', reader, failing, dir)).toThrow('ParserError');
    expect(readdirSync(dir)).toEqual([]);

    const compiler = countingCompiler();
    cachedCompile(input('contract Main {}'), '0.8.37', reader, compiler.compile, dir);
    const [entry] = readdirSync(dir);
    writeFileSync(path.join(dir, entry!), '{"key": "trunc');
    cachedCompile(input('contract Main {}'), '0.8.37', reader, compiler.compile, dir);
    expect(compiler.runs()).toBe(2);
    expect(JSON.parse(readFileSync(path.join(dir, entry!), 'utf8'))).toMatchObject({
      value: { main: 'contract Main {}' },
    });
  });

  it('compiles every time when turned off', () => {
    const compiler = countingCompiler();
    const reader: ImportReader = () => ({ contents: '' });
    cachedCompile(input('contract Main {}'), '0.8.37', reader, compiler.compile, undefined);
    cachedCompile(input('contract Main {}'), '0.8.37', reader, compiler.compile, undefined);
    expect(compiler.runs()).toBe(2);
  });
});

describe('solcCacheDir', () => {
  it('defaults to node_modules/.cache/junction-solc; JUNCTION_SOLC_CACHE moves it or turns it off', () => {
    expect(solcCacheDir({})).toBe(path.resolve(import.meta.dirname, '../../../node_modules/.cache/junction-solc'));
    expect(solcCacheDir({ JUNCTION_SOLC_CACHE: '/tmp/solc' })).toBe('/tmp/solc');
    expect(solcCacheDir({ JUNCTION_SOLC_CACHE: 'off' })).toBeUndefined();
  });
});

describe('concurrent writers', () => {
  it('a reader sees whole entries while several processes rewrite the same one', async () => {
    const dir = temporaryDir();
    const file = path.join(dir, 'entry.json');
    // Large enough (4 MB) that a plain write would be seen half done by a reader.
    const writer = `
      import { writeAtomically } from ${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'solc-cache.ts')).href)};
      const text = JSON.stringify({ writer: process.pid, pad: 'x'.repeat(4_000_000) });
      for (let i = 0; i < 40; i++) writeAtomically(${JSON.stringify(file)}, text);
    `;
    const exits = Array.from(
      { length: 3 },
      () =>
        new Promise<number | null>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', writer], {
            stdio: ['ignore', 'ignore', 'inherit'],
          });
          child.on('exit', resolve);
        }),
    );
    let running = true;
    const done = Promise.all(exits).finally(() => (running = false));
    let reads = 0;
    while (running) {
      let text: string | undefined;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        // not written yet
      }
      if (text !== undefined) {
        expect(() => JSON.parse(text)).not.toThrow();
        reads++;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await done).toEqual([0, 0, 0]);
    expect(reads).toBeGreaterThan(0);
    expect(readdirSync(dir)).toEqual(['entry.json']); // no temporary file left behind
  });
});

describe('compileSolidity', () => {
  it('goes through the cache: the entry holds the contracts and the imported file it read', () => {
    const cache = temporaryDir();
    const sources = temporaryDir();
    writeFileSync(path.join(sources, 'Dep.sol'), 'pragma solidity ^0.8.0; contract Dep { uint256 public x = 1; }');
    writeFileSync(
      path.join(sources, 'Main.sol'),
      'pragma solidity ^0.8.0; import "./Dep.sol"; contract Main is Dep { function y() external pure returns (uint256) { return 2; } }',
    );
    const previous = process.env.JUNCTION_SOLC_CACHE;
    process.env.JUNCTION_SOLC_CACHE = cache;
    try {
      const compiled = compileSolidity(pathToFileURL(path.join(sources, 'Main.sol')));
      const [entry] = readdirSync(cache);
      const stored = JSON.parse(readFileSync(path.join(cache, entry!), 'utf8')) as {
        imports: Record<string, string>;
        value: typeof compiled;
      };
      expect(stored.value).toEqual(compiled);
      expect(stored.value.Main!.bytecode).toMatch(/^0x[0-9a-f]{100,}$/);
      expect(Object.keys(stored.imports)).toEqual([pathToFileURL(path.join(sources, 'Dep.sol')).href]);
    } finally {
      if (previous === undefined) delete process.env.JUNCTION_SOLC_CACHE;
      else process.env.JUNCTION_SOLC_CACHE = previous;
    }
  }, 120_000);
});
