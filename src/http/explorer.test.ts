/**
 * The explorer page is served by the app itself from dist/explorer/ (built by the test setup): the HTML, its
 * bundle and stylesheet, compressed copies for clients that accept them, a strict content security policy, and
 * no rate limiting of its files for anonymous callers. Without a build the page answers with how to build it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccess, type AccessService } from '../auth/access.js';
import { silentLog } from '../auth/log.js';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from './app.js';
import { registerErrorHandling } from './errors.js';
import { explorerPlugin } from './explorer.js';
import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let store: TestStore;
let access: AccessService;

beforeAll(async () => {
  store = await sqliteTestStore();
  // A burst of 2, refilled every 100 s (never during the test, however slowly a loaded machine serves it): a page
  // load would exceed it if its files were limited.
  access = await createAccess(
    store.store,
    {
      anonymous: { ratePerSecond: 0.01, burst: 2 },
      keyRefreshMs: 60_000,
      statsFlushMs: 60_000,
      redisKeyPrefix: 'unused:',
    },
    silentLog,
  );
  app = await buildApp(buildContext(loadConfig([], {})), { access });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await access?.close();
  await store?.cleanup();
});

describe('GET /explorer/', () => {
  it('redirects /explorer to the page and serves its HTML, script and stylesheet with a strict policy', async () => {
    const redirect = await app.inject({ url: '/explorer' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/explorer/');

    const html = await app.inject({ url: '/explorer/' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('<script type="module" src="app.js"></script>');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(html.headers['cache-control']).toBe('no-cache');

    const js = await app.inject({ url: '/explorer/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers.etag).toBeTruthy();
    expect(js.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await app.inject({ url: '/explorer/index.html' })).body).toBe(html.body);
    expect((await app.inject({ url: '/explorer?x=1' })).headers.location).toBe('/explorer/?x=1');
    expect(js.headers['content-type']).toMatch(/javascript/);
    const css = await app.inject({ url: '/explorer/app.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('sends the precompressed copy to clients that accept it', async () => {
    const plain = await app.inject({ url: '/explorer/app.js' });
    const br = await app.inject({ url: '/explorer/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await app.inject({ url: '/explorer/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('is not rate limited for anonymous callers (the page and its files load at once)', async () => {
    for (let i = 0; i < 6; i++) expect((await app.inject({ url: '/explorer/app.css' })).statusCode).toBe(200);
    // The API itself still is.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.inject({ url: '/v2/info/bridges' })).statusCode);
    expect(statuses).toContain(429);
  });

  it('answers 404 in the API error shape for a file that is not there', async () => {
    const res = await app.inject({ url: '/explorer/nope.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 5 });
  });

  it('without a build, says how to build it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'junction-explorer-'));
    const bare = Fastify();
    registerErrorHandling(bare);
    await bare.register(explorerPlugin, { dir: path.join(dir, 'missing') });
    const res = await bare.inject({ url: '/explorer/' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 14, message: 'the explorer page is not built: run `npm run build`' });
    await bare.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
