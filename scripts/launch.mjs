#!/usr/bin/env node
/**
 * `npm start`, `npm run keys` and the install-time build: runs the compiled JavaScript in dist/ with plain node,
 * compiling it first only when it is missing or older than its sources. Plain JavaScript on purpose: it must run
 * before anything is compiled, and after a production install (`npm ci --omit=dev`) that has no TypeScript.
 *
 *   node scripts/launch.mjs main [flags]    the server (npm start)
 *   node scripts/launch.mjs keys [args]     API key administration (npm run keys)
 *   node scripts/launch.mjs --build         build if out of date, run nothing (npm run build)
 *   node scripts/launch.mjs --build-if-possible   the same when this install can build (npm install's prepare step)
 *   node scripts/launch.mjs --check         exit 0 when dist/ is current, 1 when a start would build first
 *
 * Whether dist/ is current is decided by a stamp (dist/.build-stamp): a digest of the path, size and modification
 * time of every compiled source and of the files that shape the build (tsconfig, package-lock.json). Checking it
 * costs a few milliseconds; building costs tens of seconds, so it happens once after install and again only when
 * a source changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stampFile = path.join(dist, '.build-stamp');
const ENTRIES = { main: 'main.js', keys: 'cli/keys.js' };

/** Compiled sources: what tsconfig.build.json includes (tests and test helpers are not compiled). */
function sources(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'test-helpers') sources(p, out);
    } else if (/\.(ts|tsx|html|css)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

function inputsDigest() {
  const files = [
    ...sources(path.join(root, 'src')),
    ...sources(path.join(root, 'web', 'explorer')),
    ...[
      'scripts/bundle-server.ts',
      'scripts/build-explorer.ts',
      'tsconfig.json',
      'tsconfig.build.json',
      'package-lock.json',
    ].map((f) => path.join(root, f)),
  ]
    .filter((f) => existsSync(f))
    .sort();
  if (!files.some((f) => f.endsWith('.ts'))) return undefined; // a production copy without sources
  const h = createHash('sha256');
  for (const f of files) {
    const s = statSync(f);
    h.update(`${path.relative(root, f)}:${s.size}:${Math.trunc(s.mtimeMs)}\n`);
  }
  return h.digest('hex');
}

/**
 * The compiler, when a build is possible: TypeScript and the type declarations the build needs (the devDependencies
 * named @types/*). A production install may hold TypeScript (an optional peer of a runtime package) without them.
 */
function typescriptCompiler() {
  const req = createRequire(path.join(root, 'package.json'));
  try {
    const dev = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies ?? {};
    for (const name of Object.keys(dev)) if (name.startsWith('@types/')) req.resolve(`${name}/package.json`);
    return req.resolve('typescript/bin/tsc');
  } catch {
    return undefined;
  }
}

function run(args, what) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${what} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

/** Builds dist/ when it is out of date; returns whether it is usable. */
function ensureBuilt() {
  const digest = inputsDigest();
  const built = existsSync(path.join(dist, ENTRIES.main));
  if (digest === undefined) return built; // nothing to build from: use what was shipped
  if (built && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest) return true;
  const tsc = typescriptCompiler();
  if (!tsc) {
    if (built) {
      console.error(
        'note: dist/ is older than src/, and this install cannot build (no TypeScript or type declarations: a production install): running the existing build',
      );
      return true;
    }
    console.error(
      'error: there is no build in dist/ and this install cannot make one (no TypeScript or type declarations): run `npm ci` (with dev dependencies) and `npm run build`, or copy a built dist/ here',
    );
    return false;
  }
  const t0 = Date.now();
  console.error('building dist/ (TypeScript) ...');
  run([tsc, '-p', 'tsconfig.build.json'], 'the TypeScript build');
  run([path.join(dist, 'registry', 'write-sources-snapshot.js')], 'the registry snapshot');
  // The explorer page (web/explorer) is bundled by esbuild through tsx, both development dependencies like tsc.
  const req = createRequire(path.join(root, 'package.json'));
  run([req.resolve('tsx/cli'), path.join('scripts', 'build-explorer.ts'), '--silent'], 'the explorer page build');
  // The server bundle (dist/bundle/serve.js: one file instead of ~1,100 ES modules, for the cold start), by esbuild too.
  run([req.resolve('tsx/cli'), path.join('scripts', 'bundle-server.ts'), '--silent'], 'the server bundle');
  writeFileSync(stampFile, digest);
  console.error(`built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}

const [target, ...rest] = process.argv.slice(2);
if (target === '--check') {
  // Exit 0 when dist/ is current, 1 when a start would build first.
  const digest = inputsDigest();
  process.exit(digest === undefined || (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest) ? 0 : 1);
}
if (target === '--build') {
  process.exit(ensureBuilt() ? 0 : 1);
}
if (target === '--build-if-possible') {
  // npm install's prepare step: a production install has no compiler, and that is not an error there.
  if (typescriptCompiler() || !existsSync(path.join(dist, ENTRIES.main))) ensureBuilt();
  process.exit(0);
}
const entry = ENTRIES[target];
if (!entry) {
  console.error(`usage: node scripts/launch.mjs main|keys [args] | --build`);
  process.exit(2);
}
if (!ensureBuilt()) process.exit(1);
// The entry reads its own arguments from process.argv: make them what they would be under `node dist/<entry>`.
process.argv = [process.argv[0], path.join(dist, entry), ...rest];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(dist, entry)).href);
