/**
 * Browsers (CORS), request ids and /metrics, through the real app with the access layer on an embedded store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createAccess, type AccessService } from '../auth/access.js';
import { createKey } from '../auth/keys-command.js';
import { silentLog } from '../auth/log.js';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { openStore } from '../store/db.js';
import { ATOM_ON_OSMOSIS } from '../test-helpers/registry.js';
import { buildApp, corsOrigins } from './app.js';
import { buildTestApp, post } from './test-helpers/app.js';

const dir = mkdtempSync(path.join(tmpdir(), 'junction-obs-'));
let app: FastifyInstance;
let access: AccessService;
beforeAll(async () => {
  const store = await openStore({ dataDir: dir });
  access = await createAccess(
    store,
    {
      anonymous: { ratePerSecond: 0.01, burst: 3 },
      keyRefreshMs: 60_000,
      statsFlushMs: 60_000,
      redisKeyPrefix: 'unused:',
    },
    silentLog,
    {
      ownsStore: true,
    },
  );
  app = await buildApp(buildContext(loadConfig([], { CORS_ORIGINS: 'https://app.example, https://other.example' })), {
    access,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await access.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('CORS', () => {
  it('answers a preflight for a listed origin, allowing the authorization header, without taking a rate-limit token', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({
        method: 'OPTIONS',
        url: '/v2/fungible/route',
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(String(res.headers['access-control-allow-headers'])).toContain('authorization');
      expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    }
    // Ten preflights later the anonymous burst of 3 is still whole.
    const res = await app.inject({
      method: 'GET',
      url: '/v2/info/bridges',
      headers: { origin: 'https://other.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://other.example');
    expect(String(res.headers['access-control-expose-headers'])).toContain('x-request-id');
  });

  it('gives an unlisted origin no CORS headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('CORS_ORIGINS: * for any, a list, or empty for none', () => {
    expect(corsOrigins('*')).toBe('*');
    expect(corsOrigins('https://a.example,https://b.example')).toEqual(['https://a.example', 'https://b.example']);
    expect(corsOrigins('')).toBeUndefined();
  });

  it('the default allows any origin', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/v2/fungible/route',
      headers: { origin: 'https://dapp.example', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    await t.app.close();
  });
});

describe('request ids', () => {
  it('keeps a plausible incoming x-request-id and makes one otherwise, on every response', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/v2/info/bridges',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const made = await app.inject({
      method: 'GET',
      url: '/v2/info/bridges',
      headers: { 'x-request-id': 'x'.repeat(500) },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const res of [
      await app.inject({ method: 'GET', url: '/nope' }),
      await app.inject({ method: 'GET', url: '/v2/%E0%A4%A' }),
      await post(app, '/v2/fungible/route', '{'),
      await app.inject({
        method: 'OPTIONS',
        url: '/v2/fungible/route',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      }),
    ]) {
      expect(res.headers['x-request-id'], `${res.statusCode} ${res.body}`).toBeTruthy();
    }
  });
});

describe('probes', () => {
  it('/health, /health/live and /health/ready are never rate limited (the anonymous burst here is 3)', async () => {
    for (let i = 0; i < 10; i++)
      for (const url of ['/health', '/health/live', '/health/ready'])
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });
});

describe('/metrics', () => {
  it('reports requests and latency per route and status, caches, venue data age, limiter decisions', async () => {
    const body = {
      source_asset_denom: 'uatom',
      source_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      amount_in: '1000000',
    };
    // Keyed requests are not limited; the anonymous ones below find the burst spent by the tests above.
    const { key } = await createKey(access.store, 'metrics');
    await access.keys.refresh();
    for (let i = 0; i < 2; i++)
      expect(
        (await post(app, '/v2/fungible/route', body, { 'content-type': 'application/json', authorization: key }))
          .statusCode,
      ).toBe(200);
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/v2/info/chains' });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /junction_http_requests_total\{method="POST",route="\/v2\/fungible\/route",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /junction_http_request_duration_seconds_bucket\{le="0.1",method="POST",route="\/v2\/fungible\/route",status="200"\} \d+/,
    );
    expect(text).toMatch(/junction_http_requests_total\{method="GET",route="\/v2\/info\/chains",status="429"\} \d+/);
    expect(text).toMatch(/junction_cache_lookups_total\{cache="route_response",result="hit"\} [1-9]/);
    expect(text).toMatch(/junction_cache_hit_ratio\{cache="route_response"\} 0\.\d+/);
    expect(text).toMatch(/junction_venue_data_age_seconds\{venue="osmosis-poolmanager"\} \d+/);
    expect(text).toMatch(/junction_rate_limit_decisions_total\{decision="refused"\} [1-9]/);
    expect(text).toMatch(/junction_rate_limit_decisions_total\{decision="allowed"\} [1-9]/);
    expect(text).toContain('junction_process_resident_memory_bytes');
    // Unknown paths share one label; raw URLs never become labels.
    await app.inject({ method: 'GET', url: '/random/abc123' });
    const after = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(after).toContain('route="(unmatched)"');
    expect(after).not.toContain('abc123');
  });
});
