/**
 * The OpenAPI document of the whole service (access layer and transactions included) validates as OpenAPI 3.0 with
 * @apidevtools/swagger-parser, names its schemas, identifies every operation, declares the API key and the server,
 * and its request examples succeed when sent.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createAccess, type AccessService } from '../auth/access.js';
import { silentLog } from '../auth/log.js';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { testTxService } from '../tx/test-helpers/service.js';
import { buildApp } from './app.js';
import { operationIdOf } from './docs.js';
import { EXAMPLES, OFFLINE_EXAMPLES } from './examples.js';

let app: FastifyInstance;
let access: AccessService;
let store: TestStore;
type Doc = {
  openapi: string;
  servers: { url: string }[];
  security: Record<string, string[]>[];
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        security?: unknown;
        requestBody?: { content: Record<string, { schema: { $ref?: string }; example?: unknown }> };
        responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
      }
    >
  >;
};
let doc: Doc;

beforeAll(async () => {
  store = await sqliteTestStore();
  const ctx = buildContext(loadConfig([], {}));
  access = await createAccess(
    store.store,
    {
      anonymous: { ratePerSecond: 1000, burst: 1000 },
      keyRefreshMs: 60_000,
      statsFlushMs: 60_000,
      redisKeyPrefix: 'x:',
    },
    silentLog,
  );
  app = await buildApp(ctx, { access, tx: testTxService({ store: store.store, registry: ctx.registry }) });
  doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
});
afterAll(async () => {
  await app.close();
  await access.close();
  await store.cleanup();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.0 with swagger-parser', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    // OpenAPI 3.0 schemas have `example`, not JSON Schema's `examples` arrays.
    expect(JSON.stringify(doc)).not.toMatch(/"examples":\[/);
  });

  it('names its schemas: request bodies and answers refer to components', () => {
    for (const name of [
      'Route',
      'RouteRequest',
      'MsgsRequest',
      'MsgsResponse',
      'MsgsDirectRequest',
      'MsgsDirectResponse',
      'Operation',
      'Asset',
      'Chain',
      'Fee',
      'Error',
      'Health',
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    for (const path of ['/v2/fungible/route', '/v2/fungible/msgs', '/v2/fungible/msgs_direct']) {
      const op = doc.paths[path]!.post!;
      expect(op.requestBody!.content['application/json']!.schema.$ref).toMatch(/^#\/components\/schemas\//);
      expect(op.responses['200']!.content!['application/json']!.schema.$ref).toMatch(/^#\/components\/schemas\//);
    }
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/v2/fungible/route']!.post!.operationId).toBe('postFungibleRoute');
    expect(operationIdOf('delete', '/junction/webhooks/{id}')).toBe('deleteJunctionWebhooksById');
  });

  it('declares the authorization header as an optional API key, required where an endpoint needs it, and the server', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'authorization',
    });
    expect(doc.security).toEqual([{}, { apiKey: [] }]);
    expect(doc.paths['/junction/usage']!.get!.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/junction/webhooks']!.post!.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/v2/fungible/route']!.post!.security).toBeUndefined();
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('carries request examples, and those that need no network or key succeed when sent', async () => {
    for (const key of Object.keys(EXAMPLES)) {
      const [method, path] = key.split(' ') as [string, string];
      expect(doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.example, key).toEqual(
        EXAMPLES[key],
      );
    }
    expect(OFFLINE_EXAMPLES.length).toBeGreaterThanOrEqual(8);
    for (const key of OFFLINE_EXAMPLES) {
      const [method, url] = key.split(' ') as ['POST', string];
      const res = await app.inject({ method, url, payload: EXAMPLES[key] as object });
      expect(res.statusCode, `${key}: ${res.body.slice(0, 300)}`).toBe(200);
    }
  });
});
