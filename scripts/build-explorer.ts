/**
 * Builds the route explorer page (web/explorer/) into dist/explorer/: one JavaScript bundle (Preact, TypeScript)
 * and one stylesheet by esbuild, the HTML copied, and a gzip and a brotli copy of each for @fastify/static's
 * preCompressed mode. Runs offline in well under a second; `npm run build` and the test setup call it.
 */
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SOURCE = path.join(ROOT, 'web/explorer');

export async function buildExplorer(
  outDir = path.join(ROOT, 'dist/explorer'),
): Promise<{ outDir: string; bytes: Record<string, number> }> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: { app: path.join(SOURCE, 'src/main.tsx') },
    outdir: outDir,
    bundle: true,
    format: 'esm',
    // Browsers of the last few years (phones included): what esbuild may leave untranspiled.
    target: ['chrome100', 'firefox100', 'safari15'],
    minify: true,
    sourcemap: 'linked',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'linked',
    logLevel: 'warning',
    tsconfig: path.join(SOURCE, 'tsconfig.json'),
  });
  await copyFile(path.join(SOURCE, 'index.html'), path.join(outDir, 'index.html'));
  const bytes: Record<string, number> = {};
  for (const name of await readdir(outDir)) {
    if (!/\.(js|css|html)$/.test(name)) continue;
    const data = await readFile(path.join(outDir, name));
    bytes[name] = data.length;
    await writeFile(path.join(outDir, `${name}.gz`), gzipSync(data, { level: 9 }));
    await writeFile(
      path.join(outDir, `${name}.br`),
      brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
  return { outDir, bytes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { outDir, bytes } = await buildExplorer();
  if (!process.argv.includes('--silent'))
    console.log(`explorer page built in ${path.relative(ROOT, outDir)}: ${JSON.stringify(bytes)}`);
}
