/**
 * The route explorer page at /explorer/: static files built by `npm run build` (scripts/build-explorer.ts, from
 * web/explorer/) into dist/explorer/, served from the same origin as the API so the page needs no CORS and no
 * server of its own. The page only calls the public endpoints; this plugin adds no API.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { distPath } from '../paths.js';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { ApiError, GrpcCode } from '../errors.js';

const EXPLORER_PATH = '/explorer/';

/** The built page (scripts/build-explorer.ts writes it), whether this runs from source, dist/ or the bundle. */
const EXPLORER_DIR = `${distPath('explorer')}/`;

/**
 * The page reaches nothing but this origin; inline scripts and styles are refused (the build emits none), so an
 * injected string in an asset's metadata cannot run.
 */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const notBuilt = () =>
  new ApiError(GrpcCode.UNAVAILABLE, 'the explorer page is not built: run `npm run build`', {
    reason: 'EXPLORER_NOT_BUILT',
  });

function pageHeaders(reply: FastifyReply): void {
  reply.header('cache-control', 'no-cache');
  reply.header('content-security-policy', CSP);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
}

export const explorerPlugin: FastifyPluginAsync<{ dir?: string }> = async (app: FastifyInstance, opts) => {
  const root = opts.dir ?? EXPLORER_DIR;
  // The app ignores trailing slashes, so one route answers /explorer and /explorer/ (the static plugin's wildcard
  // only sees paths below). Without the slash the page's relative links (app.js) would not resolve: redirect.
  app.get(EXPLORER_PATH.slice(0, -1), { schema: { hide: true } }, async (req, reply) => {
    const q = req.url.indexOf('?');
    const pathname = q < 0 ? req.url : req.url.slice(0, q);
    if (!pathname.endsWith('/')) return reply.redirect(EXPLORER_PATH + (q < 0 ? '' : req.url.slice(q)), 301);
    const index = path.join(root, 'index.html');
    if (!existsSync(index)) throw notBuilt();
    pageHeaders(reply);
    return reply.type('text/html; charset=utf-8').send(await readFile(index));
  });
  if (!existsSync(root)) {
    // Running from source without a build (npm run dev builds it first; a bare `tsx src/main.ts` does not).
    app.get(`${EXPLORER_PATH}*`, { schema: { hide: true } }, async () => {
      throw notBuilt();
    });
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: EXPLORER_PATH,
    // swagger-ui registers its own copy of this plugin; ours decorates nothing so the two never clash.
    decorateReply: false,
    schemaHide: true,
    index: 'index.html',
    // The build writes .br and .gz beside each file; clients that accept them get the smaller one.
    preCompressed: true,
    // File names carry no content hash: browsers revalidate with the ETag (a 304 costs a round trip, not a body).
    cacheControl: false,
    setHeaders: pageHeaders,
  });
};
