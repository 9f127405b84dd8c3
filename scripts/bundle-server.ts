/**
 * Bundles the compiled server (dist/http/serve.js and what it imports) into one file, dist/bundle/serve.js, which
 * dist/main.js loads when it exists. Why: Node's ES module loader costs about a millisecond per file, and the server
 * imports some 1,100 of them (viem, ox and abitype ~370, kysely ~260, @sinclair/typebox ~200, Junction's own ~220):
 * over a second of a cold start spent resolving and linking. One file loads in a fraction of that.
 *
 * Bundled: Junction's own modules and the pure ES-module packages listed below. Everything else stays an ordinary
 * import of the installed package: CommonJS packages load quickly as they are, and some must stay where npm put
 * them (better-sqlite3's native binding, pino's worker transports, @fastify/swagger-ui's and @fastify/static's files,
 * the chain-registry and token-list data read through require). Source maps chain back to src/*.ts.
 *
 *   tsx scripts/bundle-server.ts [--silent]     (npm run build runs it after the TypeScript build)
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BUNDLED_PACKAGES =
  /^(viem|ox|abitype|@noble\/(hashes|curves)|@scure\/(base|bip32|bip39)|kysely|@sinclair\/typebox)(\/|$)/;
/** viem/chains is read through createRequire only when the registry snapshot is stale (registry/non-cosmos.ts). */
const KEPT_EXTERNAL = /^viem\/chains$/;

const externalUnlessListed: Plugin = {
  name: 'external-unless-listed',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED_PACKAGES.test(args.path) && !KEPT_EXTERNAL.test(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

export async function bundleServer(
  distDir = path.join(ROOT, 'dist'),
): Promise<{ file: string; bytes: number; inputs: number }> {
  const outDir = path.join(distDir, 'bundle');
  await rm(outDir, { recursive: true, force: true });
  const file = path.join(outDir, 'serve.js');
  const result = await build({
    entryPoints: [path.join(distDir, 'http', 'serve.js')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [externalUnlessListed],
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint);
  return { file, bytes: output?.bytes ?? 0, inputs: Object.keys(result.metafile.inputs).length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { file, bytes, inputs } = await bundleServer();
  if (!process.argv.includes('--silent'))
    console.error(
      `server bundle: ${path.relative(ROOT, file)} (${(bytes / 1e6).toFixed(1)} MB from ${inputs} modules)`,
    );
}
