/**
 * The access layer through the real HTTP app on the embedded store: the shared anonymous limit and its 429, keyed
 * callers unlimited, unknown and revoked keys, the guard, client_id deprecation, usage figures and log redaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from '../http/app.js';
import type { AppContext } from '../context.js';
import { createAccess, type AccessService, type AccessSettings } from './access.js';
import { createKey, revokeKey } from './keys-command.js';
import { silentLog } from './log.js';
import { recordRoute } from './plugin.js';
import { capturingLogger, eventually, sqliteTestStore, type TestStore } from './test-helpers/servers.js';
import { monthOf } from './usage.js';

const settings = (over: Partial<AccessSettings> = {}): AccessSettings => ({
  // A token every 100 s: the burst is not refilled during a test, however slowly a loaded machine runs it.
  anonymous: { ratePerSecond: 0.01, burst: 5 },
  keyRefreshMs: 60_000,
  statsFlushMs: 60_000,
  redisKeyPrefix: 'unused:',
  ...over,
});

let t: TestStore;
let ctx: AppContext;
let validKey: string;
let revokedKey: string;
const services: AccessService[] = [];
const apps: FastifyInstance[] = [];

async function makeApp(over: Partial<AccessSettings> = {}, logger?: ReturnType<typeof capturingLogger>['logger']) {
  const access = await createAccess(t.store, settings(over), logger ?? silentLog);
  services.push(access);
  const app = await buildApp(ctx, { access, ...(logger ? { logger } : {}) });
  // What a routing endpoint will do once it has priced a route.
  app.get('/test/quote', async (request) => {
    recordRoute(request, { usdVolume: '10.5', affiliateFeeUsd: '0.0105' });
    return { ok: true };
  });
  app.get('/test/bad-quote', async (request) => {
    recordRoute(request, { usdVolume: 'NaN', affiliateFeeUsd: '0' });
    return { ok: true };
  });
  apps.push(app);
  return { app, access };
}

beforeAll(async () => {
  t = await sqliteTestStore();
  ctx = buildContext(loadConfig([], {}));
  validKey = (await createKey(t.store, 'acme')).key;
  revokedKey = (await createKey(t.store, 'former')).key;
  await revokeKey(t.store, 'former');
});

afterAll(async () => {
  for (const a of apps) await a.close();
  for (const s of services) await s.close();
  await t?.cleanup();
});

describe('anonymous limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await makeApp());
  });

  it('serves a burst shared by every caller without a valid key, then answers 429 with the wire body', async () => {
    const unknown = await app.inject({
      url: '/v2/info/bridges',
      headers: { authorization: 'jct_000000000000_' + 'A'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['x-junction-auth']).toBe('invalid-key');
    const revoked = await app.inject({ url: '/v2/info/bridges', headers: { authorization: revokedKey } });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.headers['x-junction-auth']).toBe('revoked-key');
    for (let i = 0; i < 3; i++) {
      const r = await app.inject({ url: '/v2/info/bridges', remoteAddress: `10.0.0.${i}` });
      expect(r.statusCode).toBe(200);
      expect(r.headers['x-junction-auth']).toBeUndefined();
    }
    // A sixth caller, from yet another address: the limit is global, not per address.
    const limited = await app.inject({ url: '/v2/info/bridges', remoteAddress: '10.9.9.9' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(100);
    const body = limited.json();
    expect(body).toEqual({ code: 8, message: expect.stringContaining('rate limit exceeded'), details: [] });
    expect(body.message).toContain('API key');
    // Invalid keys stay limited, and still say why.
    const invalid = await app.inject({ url: '/v2/info/chains', headers: { authorization: 'nonsense' } });
    expect(invalid.statusCode).toBe(429);
    expect(invalid.headers['x-junction-auth']).toBe('invalid-key');
  });

  it('does not limit callers with a valid key (raw or Bearer)', async () => {
    for (let i = 0; i < 40; i++) {
      const r = await app.inject({
        url: '/v2/info/bridges',
        headers: { authorization: i % 2 ? validKey : `Bearer ${validKey}` },
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers['x-junction-auth']).toBeUndefined();
    }
  });

  it('does not limit health and documentation', async () => {
    for (const url of ['/health', '/openapi.json', '/docs', '/docs/static/index.html']) {
      const r = await app.inject({ url });
      expect(r.statusCode, url).not.toBe(429);
      expect(r.statusCode, url).toBeLessThan(400);
    }
  });
});

describe('keys, guard and statistics', () => {
  let app: FastifyInstance;
  let access: AccessService;
  beforeAll(async () => {
    ({ app, access } = await makeApp({ anonymous: { ratePerSecond: 1000, burst: 1000 }, keyRefreshMs: 100 }));
  });

  it('refuses privileged features without a valid key, naming the reason', async () => {
    const cases = [
      [{}, 'needs an API key', undefined],
      [{ authorization: 'jct_000000000000_' + 'A'.repeat(43) }, 'unknown API key', 'invalid-key'],
      [{ authorization: revokedKey }, 'revoked API key', 'revoked-key'],
    ] as const;
    for (const [headers, message, header] of cases) {
      const r = await app.inject({ url: '/junction/usage', headers });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 16, message: expect.stringContaining(message), details: [] });
      expect(r.headers['x-junction-auth']).toBe(header);
    }
  });

  it('counts keyed requests and quoted routes, exactly, before and after the flush', async () => {
    const key = (await createKey(t.store, 'counted')).key;
    await access.keys.refresh();
    for (let i = 0; i < 3; i++) await app.inject({ url: '/v2/info/bridges', headers: { authorization: key } });
    await app.inject({ url: '/test/quote', headers: { authorization: key } });
    await app.inject({ url: '/test/quote', headers: { authorization: key } });
    await app.inject({ url: '/test/quote' }); // anonymous: counted nowhere
    // A pricing bug must not fail the quote: answered, logged, not counted as a route.
    expect((await app.inject({ url: '/test/bad-quote', headers: { authorization: key } })).statusCode).toBe(200);
    const usage = () => app.inject({ url: '/junction/usage', headers: { authorization: key } }).then((r) => r.json());
    // 3 + 2 + 1 requests, and the usage query itself.
    const expected = {
      key_name: 'counted',
      month: monthOf(new Date()),
      requests: 7,
      routes: 2,
      usd_volume: '21',
      affiliate_fee_usd: '0.021',
    };
    expect(await usage()).toMatchObject(expected);
    await access.usage.flush();
    expect(await usage()).toMatchObject({ ...expected, requests: 8 });
    const other = await app.inject({ url: '/junction/usage?month=2001-01', headers: { authorization: key } });
    expect(other.json()).toMatchObject({ month: '2001-01', requests: 0, usd_volume: '0' });
    const bad = await app.inject({ url: '/junction/usage?month=2001-13', headers: { authorization: key } });
    expect(bad.statusCode).toBe(400);
  });

  it('takes a revocation into account within the refresh interval', async () => {
    const created = await createKey(t.store, 'short-lived');
    await eventually(
      async () =>
        (await app.inject({ url: '/junction/usage', headers: { authorization: created.key } })).statusCode === 200,
      60_000,
      'new key accepted',
    );
    await revokeKey(t.store, created.id);
    await eventually(
      async () =>
        (await app.inject({ url: '/v2/info/bridges', headers: { authorization: created.key } })).headers[
          'x-junction-auth'
        ] === 'revoked-key',
      60_000,
      'revocation applied',
    );
  });

  it('accepts and ignores the deprecated client_id, in the query or the body', async () => {
    const plain = await app.inject({ url: '/v2/info/chains?chain_ids=osmosis-1' });
    const withId = await app.inject({ url: '/v2/info/chains?chain_ids=osmosis-1&client_id=legacy' });
    expect(withId.statusCode).toBe(200);
    expect(withId.body).toBe(plain.body);
    expect(withId.headers.deprecation).toBe('true');
    expect(withId.headers.warning).toContain('client_id is deprecated');
    expect(plain.headers.deprecation).toBeUndefined();

    const body = { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4' };
    const post = (payload: object) => app.inject({ method: 'POST', url: '/v2/fungible/assets_from_source', payload });
    const [a, b] = [await post(body), await post({ ...body, client_id: 'legacy' })];
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(b.headers.deprecation).toBe('true');
  });

  it('never answers 500 whatever arrives in authorization or client_id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom(...'jct_0123456789abcdefABXYZ-_ Bearer'.split('')), maxLength: 80 }),
        fc.jsonValue(),
        async (authorization, clientId) => {
          const r = await app.inject({
            method: 'POST',
            url: '/v2/fungible/assets_from_source',
            headers: { authorization },
            payload: { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', client_id: clientId },
          });
          // An unknown field is ignored, except a prototype key anywhere in the body, which the input limits refuse
          // (src/http/limits.ts) with the wire error.
          if (r.statusCode === 400) {
            expect(r.json()).toMatchObject({ code: 3 });
            expect(JSON.stringify(clientId)).toMatch(/"(__proto__|constructor|prototype)"/);
          } else expect(r.statusCode).toBe(200);
        },
      ),
      { numRuns: 60 },
    );
    const huge = await app.inject({ url: '/v2/info/bridges', headers: { authorization: 'x'.repeat(8000) } });
    expect(huge.statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never contain an API key, even when headers are logged', async () => {
    const { logger, lines } = capturingLogger('trace');
    // An operator debugging with header logging on: Fastify's default request serializer leaves headers out.
    const verbose = logger.child(
      {},
      {
        serializers: {
          req: (req: { method: string; url: string; headers: object }) => ({
            method: req.method,
            url: req.url,
            headers: req.headers,
          }),
        },
      },
    );
    const { app } = await makeApp({ anonymous: { ratePerSecond: 0.1, burst: 1 } }, verbose);
    app.get('/test/log-headers', async (request) => {
      request.log.info({ req: request }, 'request with headers');
      return {};
    });
    for (const authorization of [validKey, `Bearer ${validKey}`, revokedKey, 'jct_000000000000_' + 'B'.repeat(43)]) {
      await app.inject({ url: '/test/log-headers', headers: { authorization } });
      await app.inject({ url: '/v2/info/bridges', headers: { authorization } });
    }
    await app.inject({ url: '/no/such/path', headers: { authorization: validKey } });
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(text).toContain('[redacted]');
    for (const secret of [validKey, validKey.slice(17), revokedKey, 'B'.repeat(43)]) expect(text).not.toContain(secret);
  });
});
