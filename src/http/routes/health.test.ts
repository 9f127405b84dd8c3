/** GET /health, the OpenAPI document, the docs page and unknown paths. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildContext } from '../../context.js';
import { startFakeEndpoint } from '../../venues/test-helpers/fake-endpoint.js';
import { ATOM, OSMO, SyntheticOsmosis, USDC, osmosisTokens } from '../../venues/test-helpers/synthetic-osmosis.js';
import { buildApp } from '../app.js';
import { HealthResponse } from '../../wire/info.js';
import { buildTestApp, expectError, okBody, type TestApp } from '../test-helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('GET /health', () => {
  it('is ready with the registry counts', async () => {
    const body = okBody<{ status: string; chains: number; assets: number; uptime_seconds: number }>(
      await t.app.inject({ method: 'GET', url: '/health' }),
      HealthResponse,
    );
    expect(body.status).toBe('ok');
    expect(body.chains).toBe(t.ctx.registry.chains.size);
    let assets = 0;
    for (const id of t.ctx.registry.chains.keys()) assets += [...t.ctx.registry.listedAssets(id)].length;
    expect(body.assets).toBe(assets);
    expect(body.uptime_seconds).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /health/live and /health/ready', () => {
  it('answer 200 live and ready while the instance serves', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'live' }]);
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('while draining, readiness fails (503) and liveness holds; /health keeps its own answer', async () => {
    const { app, ctx } = await buildTestApp();
    try {
      ctx.lifecycle.draining = true;
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'draining' }]);
      expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect([health.statusCode, health.json().status]).toEqual([503, 'draining']);
    } finally {
      await app.close();
    }
  });
});

describe('GET /openapi.json', () => {
  it('documents every endpoint, assets_between_chains for GET and POST, and the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ['/v2/info/chains', 'get'],
      ['/v2/info/bridges', 'get'],
      ['/v2/fungible/venues', 'get'],
      ['/v2/fungible/assets', 'get'],
      ['/v2/fungible/assets_between_chains', 'get'],
      ['/v2/fungible/assets_between_chains', 'post'],
      ['/v2/fungible/assets_from_source', 'post'],
      ['/v2/fungible/recommend_assets', 'post'],
      ['/v2/fungible/ibc_origin_assets', 'post'],
      ['/health', 'get'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(doc.paths['/openapi.json']).toBeUndefined();
    expect(Object.keys(doc.paths['/v2/fungible/assets_from_source']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '429', '500', '503']),
    );
  });
});

describe('GET /docs', () => {
  it('serves the browsable reference as HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    const page =
      res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: String(res.headers.location) }) : res;
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger');
  });
});

describe('unknown paths and methods', () => {
  it.each([
    ['GET', '/v2/info/chain'],
    ['GET', '/v1/info/chains'],
    ['GET', '/'],
  ])('%s %s is 404 code 5 in JSON', async (method, url) => {
    expectError(await t.app.inject({ method: method as 'GET', url }), 404, 5, url);
  });

  it.each([
    ['DELETE', '/v2/info/chains', 'GET or HEAD'],
    ['POST', '/v2/info/chains', 'GET or HEAD'],
    ['GET', '/v2/fungible/recommend_assets', 'POST'],
    ['PUT', '/v2/fungible/assets_between_chains', 'GET or HEAD or POST'],
  ])('%s %s, a path that exists, is 405 code 12 naming the methods it takes', async (method, url, allowed) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expectError(res, 405, 12, `method ${method} is not allowed on ${url}; use ${allowed}`);
  });

  it('a trailing slash reaches the endpoint', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v2/info/bridges/' })).statusCode).toBe(200);
  });
});

describe('GET /health with live Osmosis ingest', () => {
  it('lists the concentrated pools still waiting for their tick model', async () => {
    const market = new SyntheticOsmosis({ pools: 80, tokens: osmosisTokens(t.ctx.registry), hubs: [OSMO, USDC, ATOM] });
    const unavailable = market.concentratedIds()[0]!;
    const sqs = await startFakeEndpoint((path) => {
      if (path === '/pools') return market.poolsBody();
      const id = /^\/pools\/ticks\/(\d+)$/.exec(path)?.[1];
      if (id === unavailable) throw new Error('tick store unavailable');
      return id === undefined ? undefined : market.ticksBody(id);
    });
    const ctx = buildContext(loadConfig(['--osmosis-sqs-url', sqs.url, '--venue-poll-interval-ms', '600000'], {}));
    const app = await buildApp(ctx);
    try {
      ctx.liveMarket.start(app.log);
      const checks = async () =>
        okBody<{ checks: Record<string, { ok: boolean; detail?: string }> }>(
          await app.inject({ method: 'GET', url: '/health' }),
          HealthResponse,
        ).checks;
      await vi.waitFor(
        async () =>
          // The configured endpoint is never shown (src/redact.ts): only the path after it.
          expect((await checks())['venue:osmosis-poolmanager']?.detail).toContain(`"source":"[redacted]/pools"`),
        { timeout: 60_000 },
      );
      expect((await checks())['venue:osmosis-poolmanager:waiting']).toEqual({
        ok: false,
        detail: `1 pools waiting for their full state: ${unavailable}`,
      });
    } finally {
      await ctx.liveMarket.stop();
      await app.close();
      await sqs.close();
    }
  });
});
