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
import { CATALOGUE_USED, isExtensionPath, operationIdOf } from './docs.js';
import { EXAMPLES, OFFLINE_EXAMPLES, SIGNED_OSMOSIS_TX, SIGNED_OSMOSIS_TX_SENDER } from './examples.js';
import { FIELD_DESCRIPTIONS, SCHEMA_FIELD_DESCRIPTIONS } from '../wire/descriptions.js';
import { TxRaw, TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';

let app: FastifyInstance;
let access: AccessService;
let store: TestStore;
type Json = Record<string, unknown>;
type Doc = {
  openapi: string;
  info: { version: string; license?: { name: string } };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { content: Record<string, { schema: { $ref?: string }; examples?: Json }> }>;
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
        responses: Record<
          string,
          { $ref?: string; content?: Record<string, { schema: { $ref?: string }; examples?: Json }> }
        >;
        parameters?: { name: string; description?: string }[];
        'x-junction-extension'?: boolean;
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

describe('descriptions, responses and extensions', () => {
  it('describes every field of every schema and every parameter', () => {
    const missing: string[] = [];
    let fields = 0;
    const walk = (schema: unknown, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      const o = schema as Json;
      for (const k of ['allOf', 'anyOf', 'oneOf'])
        for (const s of (o[k] as unknown[] | undefined) ?? []) walk(s, where);
      walk(o.items, `${where}[]`);
      walk(o.additionalProperties, `${where}{}`);
      for (const [name, prop] of Object.entries((o.properties ?? {}) as Record<string, Json>)) {
        fields++;
        if (typeof prop.description !== 'string' || prop.description === '') missing.push(`${where}.${name}`);
        walk(prop, `${where}.${name}`);
      }
    };
    for (const [name, schema] of Object.entries(doc.components.schemas)) walk(schema, name);
    for (const { op } of operations())
      for (const p of op.parameters ?? []) {
        fields++;
        if (!p.description) missing.push(`${op.operationId}.${p.name}`);
      }
    expect(missing).toEqual([]);
    expect(fields).toBeGreaterThan(550);
  });

  it('uses every entry of the description catalogue (none stale)', () => {
    const entries = [...Object.keys(FIELD_DESCRIPTIONS), ...Object.keys(SCHEMA_FIELD_DESCRIPTIONS)];
    expect(entries.filter((k) => !CATALOGUE_USED.has(k))).toEqual([]);
  });

  it('answers per status: 200 with a named schema and an example, errors from the shared responses, each with examples', () => {
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(op.responses);
      expect(statuses, where).not.toContain('4XX');
      expect(statuses, where).toEqual(expect.arrayContaining(['200', '400', '500', '503']));
      if (!path.startsWith('/health')) expect(statuses, where).toContain('429');
      for (const [status, res] of Object.entries(op.responses)) {
        const shared = res.$ref ? doc.components.responses[res.$ref.split('/').pop()!] : undefined;
        const content = shared?.content ?? res.content ?? {};
        const [media, body] = Object.entries(content)[0] ?? [];
        expect(body, `${where} ${status}`).toBeDefined();
        if (media === 'application/json')
          expect(body!.schema.$ref, `${where} ${status}`).toMatch(/^#\/components\/schemas\//);
        expect(Object.keys(body!.examples ?? {}).length, `${where} ${status} examples`).toBeGreaterThan(0);
      }
    }
    expect(doc.paths['/v2/fungible/route']!.post!.responses['404']!.$ref).toBe('#/components/responses/NotFound');
    expect(doc.paths['/junction/usage']!.get!.responses['401']!.$ref).toBe('#/components/responses/Unauthorized');
    const reasons = JSON.stringify(doc.components.responses.NotFound!.content['application/json']!.examples);
    for (const r of ['NO_ROUTE', 'MULTI_TX_REQUIRED']) expect(reasons).toContain(r);
    expect(JSON.stringify(doc.components.responses.BadRequest)).toContain('BAD_PRICE_ERROR');
  });

  it("marks Junction's own operations as extensions, and no /v2 operation", () => {
    for (const { path, op } of operations())
      expect(op['x-junction-extension'] === true, path).toBe(isExtensionPath(path));
    expect(doc.paths['/junction/webhooks']!.post!['x-junction-extension']).toBe(true);
    expect(doc.paths['/health/ready']!.get!['x-junction-extension']).toBe(true);
  });

  it('states the running version and the license', () => {
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.info.license?.name).toBe('Apache-2.0');
  });

  it('the submit example is a signed Osmosis MsgSend from its stated sender', () => {
    const raw = TxRaw.decode(Buffer.from(SIGNED_OSMOSIS_TX, 'base64'));
    expect(raw.signatures).toHaveLength(1);
    expect(raw.signatures[0]).toHaveLength(64);
    const [msg] = TxBody.decode(raw.bodyBytes).messages;
    expect(msg!.typeUrl).toBe('/cosmos.bank.v1beta1.MsgSend');
    expect(MsgSend.decode(msg!.value).fromAddress).toBe(SIGNED_OSMOSIS_TX_SENDER);
  });

  it('serves /docs and its files under a content security policy that allows only this origin', async () => {
    for (const url of ['/docs', '/docs/', '/docs/static/swagger-ui-bundle.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      const policy = String(res.headers['content-security-policy']);
      expect(policy, url).toMatch(/^default-src 'self'; /);
      for (const d of ["object-src 'none'", "frame-ancestors 'none'", "connect-src 'self'", "form-action 'self'"])
        expect(policy, url).toContain(d);
      // Scripts only from this origin and the page's own inline script by hash: no 'unsafe-inline', no other host.
      expect(policy, url).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
      expect(policy, url).not.toMatch(/unsafe-inline|validator\.swagger\.io|upgrade-insecure-requests/);
    }
  });
});
