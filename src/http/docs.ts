/**
 * OpenAPI 3.0 generated from the route schemas (the same schemas that validate requests) at /openapi.json, and a
 * browsable reference at /docs (Swagger UI, served from the installed package, no network).
 *
 * The generated document is finished here so that it validates as OpenAPI 3.0 and reads well in generators and in
 * the docs page: every schema with a title becomes a named component referenced where it is used, every operation
 * gets an operationId, the `authorization` header is declared as the API key security scheme (optional everywhere,
 * required on the endpoints that need a key), the one server is this instance (so "Try it out" calls it), and
 * request bodies carry examples that succeed against the shipped data (src/http/examples.ts; a test sends them).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { requireApiKey } from '../auth/index.js';
import { EXAMPLES } from './examples.js';
import { LIMITS_TEXT } from '../wire/limits.js';

type Json = Record<string, unknown>;

const SECURITY_SCHEME = 'apiKey';
/** Schema keywords that describe a use of a schema rather than the schema: kept beside the reference. */
const ANNOTATIONS = ['description', 'nullable', 'example', 'default', 'deprecated'] as const;

function needsKey(route: RouteOptions): boolean {
  const pre = route.preHandler;
  return Array.isArray(pre) ? pre.includes(requireApiKey) : pre === requireApiKey;
}

/** `post /v2/fungible/msgs_direct` → `postFungibleMsgsDirect`; path parameters become `By<Name>`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((p) => p && p !== 'v2')
    .flatMap((p) => (p.startsWith('{') || p.startsWith(':') ? ['by', p.replace(/[{}:]/g, '')] : p.split(/[_.-]/)));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/**
 * Moves every titled schema into components.schemas and puts a reference in its place, children first. Two
 * different schemas under one title keep distinct names (Title, Title2, ...); identical ones share one.
 */
function hoistSchemas(doc: Json): void {
  const components = (doc.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Record<string, Json>;
  const seen = new Map<string, string>(); // canonical JSON → component name
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const o = node as Json;
    if (typeof o.$ref === 'string') return o;
    const out: Json = {};
    for (const [k, v] of Object.entries(o)) {
      // Only schema-valued keywords are walked (examples and enums are data).
      if (k === 'properties' && v && typeof v === 'object')
        out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, visit(s)]));
      else if (k === 'items' || k === 'additionalProperties' || k === 'not') out[k] = visit(v);
      else if ((k === 'anyOf' || k === 'oneOf' || k === 'allOf') && Array.isArray(v)) out[k] = v.map(visit);
      else out[k] = v;
    }
    if (typeof out.title !== 'string') return out;
    const annotations: Json = {};
    for (const a of ANNOTATIONS) {
      if (a in out) {
        annotations[a] = out[a];
        delete out[a];
      }
    }
    const canonical = JSON.stringify(out);
    let name = seen.get(canonical);
    if (!name) {
      const base = (out.title as string).replace(/[^A-Za-z0-9._-]/g, '');
      name = base;
      for (let i = 2; schemas[name]; i++) name = `${base}${i}`;
      schemas[name] = out;
      seen.set(canonical, name);
    }
    const ref = { $ref: `#/components/schemas/${name}` };
    return Object.keys(annotations).length === 0 ? ref : { allOf: [ref], ...annotations };
  };
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const op of Object.values(item) as Json[]) {
      const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      for (const media of Object.values(body ?? {})) media.schema = visit(media.schema);
      for (const res of Object.values((op.responses ?? {}) as Record<string, Json>)) {
        for (const media of Object.values((res.content ?? {}) as Record<string, Json>))
          media.schema = visit(media.schema);
      }
    }
  }
}

/** The finishing steps described at the top of this file, on the document @fastify/swagger generated. */
export function finishDocument(doc: Json): Json {
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item) as [string, Json][]) {
      op.operationId ??= operationIdOf(method, path);
      const example = EXAMPLES[`${method.toUpperCase()} ${path}`];
      const media = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.[
        'application/json'
      ];
      if (example !== undefined && media) media.example = example;
    }
  }
  hoistSchemas(doc);
  return doc;
}

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Junction — Skip Go API v2 compatible routing service',
        version: '0.1.0',
        description:
          'Cross-chain routes and ready-to-sign messages among Cosmos (IBC), EVM and Solana chains, in the Skip Go API v2 wire format (snake_case). Errors are {code, message, details} with gRPC codes: 3 → 400, 5 → 404, 8 → 429, 2 → 500. A page to try routes, read their messages and watch transfers: [/explorer/](/explorer/). ' +
          LIMITS_TEXT,
      },
      servers: [{ url: '/', description: 'this Junction instance' }],
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'authorization',
            description:
              'The API key itself, as issued by the operator (`npm run keys -- create`). Optional: without it a request is anonymous (shared rate limit, 25 % revenue share); some endpoints need it.',
          },
        },
      },
      // Anonymous or keyed, wherever an operation does not say otherwise.
      security: [{}, { [SECURITY_SCHEME]: [] }],
      tags: [
        { name: 'info', description: 'chains and bridges' },
        { name: 'fungible', description: 'assets, routes and messages' },
        { name: 'tx', description: 'submit, track and follow transactions' },
        { name: 'service', description: 'operations' },
      ],
    },
    // Endpoints behind requireApiKey say so in the document.
    transform: ({ schema, url, route }) => ({
      schema: needsKey(route) ? ({ ...schema, security: [{ [SECURITY_SCHEME]: [] }] } as typeof schema) : schema,
      url,
    }),
    transformObject: (documentObject) =>
      finishDocument(structuredClone((documentObject as { openapiObject: Json }).openapiObject)) as never,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: true },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
}
