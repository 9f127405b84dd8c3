/**
 * Fuzzing every operation of the published OpenAPI document (so a new endpoint is fuzzed without being listed
 * here): requests generated from its own parameter and body schemas (mostly valid, sometimes not, sometimes
 * hostile: values beyond the documented limits, deep nesting, prototype keys, odd numbers and strings), plus
 * hostile request texts. Properties: never a 5xx; every answer is JSON; a success matches the documented response
 * schema; every error is exactly {code, message, details} with the HTTP status its code maps to.
 *
 * Budget and seed are fixed (test-helpers/fuzz.ts): `FUZZ_RUNS=2000 FUZZ_SEED=random npx vitest run
 * src/http/schema-fuzz.test.ts` explores further; a failure prints the seed that replays it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccess, type AccessService } from '../auth/access.js';
import { createKey } from '../auth/keys-command.js';
import { silentLog } from '../auth/log.js';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { HTTP_STATUS_OF, type GrpcCode } from '../errors.js';
import { testTxService } from '../tx/test-helpers/service.js';
import { buildApp } from './app.js';
import { fuzzParameters, hex, hostileBodies, valueOf, type Hints } from './test-helpers/fuzz.js';

type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  op: {
    parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
    responses: Record<string, unknown>;
  };
}

const HINTS: Hints = {
  chainIds: ['cosmoshub-4', 'osmosis-1', 'noble-1', 'neutron-1', 'dydx-mainnet-1', '1', 'solana'],
  denoms: [
    'uatom',
    'uosmo',
    'uusdc',
    'untrn',
    'adydx',
    'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
    '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    'solana-native',
  ],
  addresses: [
    'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978',
    'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
    'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf',
    '0x000000000000000000000000000000000000dEaD',
  ],
};
/**
 * Chain nodes of the hinted chains, offline: Cosmos chains get a local node that refuses every broadcast as a real
 * one refuses garbage (CheckTx code 2), so a random base64 "transaction" is a 400 as in production; EVM and Solana
 * nodes are a closed port (their transactions must decode and verify before any node is asked).
 */
const DEAD = 'http://127.0.0.1:9';
let cometNode: Server;
let nodes = '';
let cosmosNodes = '';

let app: FastifyInstance;
let access: AccessService;
let store: TestStore;
let key = '';
let doc: Schema;
const operations: Operation[] = [];
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const responseValidators = new Map<string, ValidateFunction>();

beforeAll(async () => {
  cometNode = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      let id: unknown = 1;
      let method = '';
      try {
        ({ id, method } = JSON.parse(text) as { id: unknown; method: string });
      } catch {
        /* REST request: no body */
      }
      res.writeHead(method ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          method === 'broadcast_tx_sync'
            ? { jsonrpc: '2.0', id, result: { code: 2, log: 'tx parse error', hash: '' } }
            : { jsonrpc: '2.0', id, error: { code: -32601, message: 'not available on the fuzz node' } },
        ),
      );
    });
  });
  await new Promise<void>((r) => cometNode.listen(0, '127.0.0.1', r));
  const comet = `http://127.0.0.1:${(cometNode.address() as AddressInfo).port}`;
  nodes = HINTS.chainIds.map((c) => `${c}=${c.includes('-') ? comet : DEAD}`).join(',');
  cosmosNodes = HINTS.chainIds
    .filter((c) => c.includes('-'))
    .map((c) => `${c}=${comet}`)
    .join(',');
  store = await sqliteTestStore();
  const ctx = buildContext(loadConfig([], { UPSTREAM_TIMEOUT_MS: '500' }));
  key = (await createKey(store.store, 'fuzz')).key;
  access = await createAccess(
    store.store,
    { anonymous: { ratePerSecond: 0, burst: 1 }, keyRefreshMs: 60_000, statsFlushMs: 60_000, redisKeyPrefix: 'x:' },
    silentLog,
  );
  app = await buildApp(ctx, {
    access,
    tx: testTxService({ store: store.store, registry: ctx.registry, rpc: nodes, rest: cosmosNodes }),
  });
  doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  ajv.addSchema(doc, 'openapi');
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation['op']>>)) {
    for (const [method, op] of Object.entries(item)) operations.push({ method: method.toUpperCase(), path, op });
  }
});
afterAll(async () => {
  cometNode.close();
  await app.close();
  await access.close();
  await store.cleanup();
});

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The documented schema of a 2xx answer, compiled once. */
function successValidator(o: Operation, status: number): ValidateFunction | undefined {
  const id = `${o.method} ${o.path} ${status}`;
  if (!responseValidators.has(id)) {
    const content = (o.op.responses[String(status)] as { content?: Record<string, unknown> } | undefined)?.content;
    if (!content?.['application/json']) return undefined;
    responseValidators.set(
      id,
      ajv.compile({
        $ref: `openapi#/${pointer('paths', o.path, o.method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`,
      }),
    );
  }
  return responseValidators.get(id);
}

function requestArbitrary(o: Operation) {
  const params = o.op.parameters ?? [];
  const path = fc.record(
    Object.fromEntries(
      params.filter((p) => p.in === 'path').map((p) => [p.name, fc.oneof(hex(1, 40), fc.string({ maxLength: 20 }))]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      params
        .filter((p) => p.in === 'query')
        .map((p) => [p.name, fc.option(valueOf(doc, p.schema, HINTS, p.name), { nil: undefined, freq: 3 })]),
    ),
  );
  const bodySchema = o.op.requestBody?.content['application/json']?.schema;
  const body: fc.Arbitrary<string | undefined> = bodySchema
    ? fc.oneof(
        { arbitrary: valueOf(doc, bodySchema, HINTS).map((v) => JSON.stringify(v) ?? 'null'), weight: 10 },
        { arbitrary: hostileBodies, weight: 2 },
      )
    : fc.constant(undefined);
  return fc.record({
    path,
    query,
    body,
    keyed: fc.boolean(),
    type: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', undefined),
  });
}

function queryString(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v])
      parts.push(
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof x === 'string' ? x : (JSON.stringify(x) ?? ''))}`,
      );
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

describe('every documented operation under generated and hostile input', () => {
  it('the document lists the operations to fuzz', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  it('answers below 500, in JSON, with the documented success body or the wire error body', async () => {
    const statuses = new Map<string, Map<number, number>>();
    for (const o of operations) {
      const seen = new Map<number, number>();
      statuses.set(`${o.method} ${o.path}`, seen);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(o), async (r) => {
          const url =
            o.path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(String(r.path[n] ?? 'x'))) +
            queryString(r.query);
          const headers: Record<string, string> = {};
          if (r.type) headers['content-type'] = r.type;
          if (r.keyed) headers.authorization = key;
          const res = await app.inject({
            method: o.method as 'GET',
            url,
            headers,
            ...(r.body !== undefined && o.method !== 'GET' ? { payload: r.body } : {}),
          });
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          const where = `${o.method} ${url.slice(0, 200)} ${String(r.body).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          // Event streams answer text/event-stream once a transaction is found; random hashes never are.
          expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
          const body: unknown = JSON.parse(res.body);
          if (res.statusCode < 300) {
            const validate = successValidator(o, res.statusCode);
            if (validate) expect(validate(body) ? [] : validate.errors?.slice(0, 3), where).toEqual([]);
            return;
          }
          expect(Object.keys(body as object).sort(), where).toEqual(['code', 'details', 'message']);
          const e = body as { code: number; message: unknown; details: unknown };
          expect(typeof e.message, where).toBe('string');
          expect(Array.isArray(e.details), where).toBe(true);
          // An oversized body is HTTP's 413 with the wire's invalid-argument code; other errors map by their code.
          // A path that exists but not for this method is HTTP's 405 with the wire's unimplemented code.
          if (res.statusCode === 413) expect([e.code, e.message], where).toEqual([3, 'request body is too large']);
          else if (res.statusCode === 405) expect(e.code, where).toBe(12);
          // A body that is not sent as JSON is HTTP's 415 with the wire's invalid-argument code.
          else if (res.statusCode === 415)
            expect([e.code, String(e.message).startsWith('unsupported content-type')], where).toEqual([3, true]);
          else expect(HTTP_STATUS_OF[e.code as GrpcCode], where).toBe(res.statusCode);
        }),
        fuzzParameters(40),
      );
    }
    // Some generated requests must reach the handlers and succeed, or the fuzzing only exercises validation.
    const successes = [...statuses.values()].reduce(
      (n, m) => n + [...m].filter(([s]) => s < 300).reduce((a, [, c]) => a + c, 0),
      0,
    );
    expect(successes, JSON.stringify([...statuses].map(([k, m]) => [k, [...m]]))).toBeGreaterThan(50);
  }, 120_000);
});
