/**
 * OpenAPI 3.0 generated from the route schemas (the same schemas that validate requests) at /openapi.json, and a
 * browsable reference at /docs (Swagger UI, served from the installed package, no network).
 *
 * The generated document is finished here so that it validates as OpenAPI 3.0 (swagger-parser) and passes Redocly's
 * recommended rules (`npm run lint:openapi`), and reads well in generators and in the docs page:
 * - every schema with a title becomes a named component referenced where it is used, and so does every answer
 *   schema (named after its operation when it has no title); a nullable reference says its type;
 * - every field has a description: the schema's own, else the wire reference's words from src/wire/descriptions.ts;
 * - every operation gets an operationId and its responses per status: 200 with its schema, and the shared error
 *   responses it can give (400, 401, 404, 429, 500, 503; components.responses, the `Error` body with its `ErrorInfo`
 *   reasons), each with examples that are real answers of the offline server (openapi-examples.generated.ts, made
 *   by `npm run openapi:examples` and checked against the server by a test);
 * - the `authorization` header is the API key security scheme (optional everywhere, required on the endpoints that
 *   need a key); Junction's own additions to the Skip Go API carry `x-junction-extension: true`;
 * - the one server is this instance (so "Try it out" calls it), and request bodies carry examples that succeed
 *   against the shipped data (src/http/examples.ts; a test sends them).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { requireApiKey } from '../auth/index.js';
import { EXAMPLES } from './examples.js';
import { LIMITS_TEXT } from '../wire/limits.js';
import { FIELD_DESCRIPTIONS, SCHEMA_FIELD_DESCRIPTIONS } from '../wire/descriptions.js';
import { BUILD_INFO } from '../build-info.js';
import { GENERATED_EXAMPLES } from './openapi-examples.generated.js';

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
    if (Object.keys(annotations).length === 0) return ref;
    const { nullable, ...rest } = annotations;
    if (!nullable) return { allOf: [ref], ...rest };
    // A nullable reference: OpenAPI 3.0's `nullable` widens only the `type` beside it, never a referenced schema, so
    // null is its own alternative (valid for swagger-parser and Redocly, and examples holding null validate).
    return { anyOf: [ref, { type: schemas[name]!.type ?? 'object', nullable: true, enum: [null] }], ...rest };
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

/** Junction's own paths (not in the Skip Go API): its extensions and the operator endpoints. */
export const isExtensionPath = (path: string) => path.startsWith('/junction/') || path.startsWith('/health');

/** Operations that answer 404 besides an unknown path, and why (the shared NotFound response lists the examples). */
const NOT_FOUND: Record<string, string> = {
  'POST /v2/fungible/route': 'no route between the assets (ErrorInfo NO_ROUTE or MULTI_TX_REQUIRED)',
  'POST /v2/fungible/msgs_direct': 'no route between the assets (ErrorInfo NO_ROUTE or MULTI_TX_REQUIRED)',
  'POST /junction/routes': 'no route between the assets (ErrorInfo NO_ROUTE or MULTI_TX_REQUIRED)',
  'POST /v2/fungible/msgs': 'a chain of the operations is not supported',
  'GET /v2/fungible/assets_between_chains': 'source or destination chain not found',
  'POST /v2/fungible/assets_between_chains': 'source or destination chain not found',
  'POST /v2/fungible/recommend_assets': 'no recommendation found',
  'POST /v2/tx/submit': 'chain id not supported',
  'POST /v2/tx/track': 'chain id not supported',
  'GET /v2/tx/status': 'transaction not submitted or tracked here, or chain id not supported',
  'GET /junction/tx/events': 'transaction not submitted or tracked here, or chain id not supported',
  'DELETE /junction/webhooks/{id}': 'no webhook with this id for this key',
  'GET /junction/webhooks/{id}/deliveries': 'no webhook with this id for this key',
};

/** The shared error responses: the `Error` body; examples are real answers (openapi-examples.generated.ts). */
const ERROR_RESPONSES: Record<string, { status: string; description: string }> = {
  BadRequest: {
    status: '400',
    description:
      'Invalid input: code 3 (INVALID_ARGUMENT), the message names the field; a refused transaction says why. Price safety refusals carry an ErrorInfo detail with reason BAD_PRICE_ERROR, HIGH_LOSS_ERROR or LOW_INFO_ERROR and the USD figures in metadata (allow_unsafe returns such routes with a warning). Code 9 (FAILED_PRECONDITION) when this instance lacks a setting the request needs (the message names it).',
  },
  Unauthorized: {
    status: '401',
    description:
      'Code 16 (UNAUTHENTICATED): this feature needs a valid API key in the authorization header; the message says whether none, an unknown or a revoked key was sent.',
  },
  NotFound: {
    status: '404',
    description:
      'Code 5 (NOT_FOUND). No route: "no routes found" or "no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true" (clients match these words), with an ErrorInfo detail whose reason is NO_ROUTE or MULTI_TX_REQUIRED (Junction extensions) and metadata.explanation saying why. Also: an unknown chain, transaction or webhook, and paths with no endpoint.',
  },
  TooManyRequests: {
    status: '429',
    description:
      'Code 8 (RESOURCE_EXHAUSTED): callers without a valid API key share a rate limit (ANON_RATE_PER_SECOND, ANON_BURST); Retry-After says when to retry. Callers with a key are not limited.',
  },
  InternalError: {
    status: '500',
    description: 'Code 2 (UNKNOWN): an unexpected failure, logged with its stack; the answer holds nothing internal.',
  },
  Unavailable: {
    status: '503',
    description:
      'Code 14 (UNAVAILABLE): the instance is shutting down (retry: another instance answers), or a dependency this request needs is down (a chain node for submit and balances, the database for usage statistics).',
  },
};

const HEADERS: Record<string, Json> = {
  RequestId: {
    description:
      "The request's id: the caller's x-request-id when it is a plausible id, else a fresh UUID; it is in every log line of the request.",
    schema: { type: 'string', maxLength: 128 },
  },
  JunctionAuth: {
    description:
      'Present when the authorization header held an unknown or revoked key: the request was served as anonymous (Junction extension).',
    schema: { type: 'string', enum: ['invalid-key', 'revoked-key'] },
    'x-junction-extension': true,
  },
  MarketAge: {
    description: 'Age in seconds of the pool state the quote was computed from (Junction extension).',
    schema: { type: 'integer', minimum: 0 },
    'x-junction-extension': true,
  },
  RetryAfter: {
    description: 'Seconds to wait before the anonymous limit accepts another request.',
    schema: { type: 'integer', minimum: 1 },
  },
};

const headerRefs = (...names: string[]) =>
  Object.fromEntries(
    names.map((n) => [
      {
        RequestId: 'x-request-id',
        JunctionAuth: 'x-junction-auth',
        MarketAge: 'x-junction-market-age-seconds',
        RetryAfter: 'retry-after',
      }[n]!,
      { $ref: `#/components/headers/${n}` },
    ]),
  );

/** Named examples of one answer, in the OpenAPI form ({name: {summary, value}}). */
function examplesOf(entries: Record<string, { summary: string; value: unknown }> | undefined): Json | undefined {
  return entries && Object.keys(entries).length > 0 ? structuredClone(entries) : undefined;
}

/** `postFungibleRoute` → `PostFungibleRoute`. */
const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * Each operation's responses: the 200 answer (named schema, description, headers, examples) and a reference to each
 * shared error response it can give. Fastify's 4XX / 5XX placeholders are replaced.
 */
function finishResponses(doc: Json, path: string, method: string, op: Json): void {
  const key = `${method.toUpperCase()} ${path}`;
  const responses = (op.responses ??= {}) as Record<string, Json>;
  const generated = GENERATED_EXAMPLES.operations[key] ?? {};
  delete responses['4XX'];
  delete responses['5XX'];
  const ok = (responses['200'] ??= {});
  ok.description = String(op.summary ?? 'OK');
  if (path === '/junction/tx/events') {
    ok.content = {
      'text/event-stream': {
        schema: {
          type: 'string',
          description:
            'Server-sent events: `event: status`, `id: <version>`, `data: <StatusTxResponse as JSON>`, one per change; comment lines keep the connection open; the stream ends after a terminal state.',
        },
      },
    };
  }
  for (const [status, res] of Object.entries(responses)) {
    if (typeof res.$ref === 'string') continue;
    res.description ??= 'Answer';
    if (res.description === 'Default Response') res.description = String(op.summary ?? 'Answer');
    for (const [mediaType, media] of Object.entries((res.content ?? {}) as Record<string, Json>)) {
      // A named schema for every answer: its title's, or the operation's.
      const schema = media.schema as Json | undefined;
      if (schema && mediaType === 'application/json' && typeof schema.$ref !== 'string') {
        const components = ((doc.components as Json).schemas ??= {}) as Record<string, Json>;
        const name = `${pascal(String(op.operationId))}${status === '200' ? '' : status}Response`;
        components[name] = schema;
        media.schema = { $ref: `#/components/schemas/${name}` };
      }
      const examples = examplesOf(generated[status]);
      if (examples) media.examples = examples;
    }
    res.headers = headerRefs(
      'RequestId',
      ...(isExtensionPath(path) ? [] : ['JunctionAuth']),
      ...(['/v2/fungible/route', '/v2/fungible/msgs', '/v2/fungible/msgs_direct'].includes(path) && status === '200'
        ? ['MarketAge']
        : []),
    );
  }
  const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
  const health = path.startsWith('/health');
  // Any path answers 400 to a malformed URL or request.
  responses['400'] = ref('BadRequest');
  if (Array.isArray(op.security) && op.security.length === 1) responses['401'] = ref('Unauthorized');
  if (NOT_FOUND[key]) responses['404'] = { ...ref('NotFound') };
  if (!health) responses['429'] = ref('TooManyRequests');
  responses['500'] = ref('InternalError');
  responses['503'] ??= ref('Unavailable');
}

/** components.responses and components.headers: the shared error answers with their real examples. */
function errorComponents(doc: Json): void {
  const components = doc.components as Json;
  components.headers = structuredClone(HEADERS);
  components.responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([name, { description }]) => [
      name,
      {
        description,
        headers: headerRefs('RequestId', ...(name === 'TooManyRequests' ? ['RetryAfter'] : [])),
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            ...(examplesOf(GENERATED_EXAMPLES.errors[name])
              ? { examples: examplesOf(GENERATED_EXAMPLES.errors[name]) }
              : {}),
          },
        },
      },
    ]),
  );
}

/** The catalogue entries the documents built in this process used (docs.test.ts checks none is stale). */
export const CATALOGUE_USED = new Set<string>();

/**
 * Every property gets a description: its schema's own, else `SCHEMA_FIELD_DESCRIPTIONS["<Component>.<path>"]`, else
 * `FIELD_DESCRIPTIONS[<name>]` (src/wire/descriptions.ts). Query and path parameters likewise, by their operation.
 * Returns the keys of the catalogue that were used (a test checks none is stale).
 */
function describeFields(doc: Json, used: Set<string> = CATALOGUE_USED): Set<string> {
  const lookup = (where: string, name: string): string | undefined => {
    if (SCHEMA_FIELD_DESCRIPTIONS[where] !== undefined) {
      used.add(where);
      return SCHEMA_FIELD_DESCRIPTIONS[where];
    }
    if (FIELD_DESCRIPTIONS[name] !== undefined) {
      used.add(name);
      return FIELD_DESCRIPTIONS[name];
    }
    return undefined;
  };
  const walk = (schema: unknown, where: string): void => {
    if (!schema || typeof schema !== 'object') return;
    const o = schema as Json;
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const)
      if (Array.isArray(o[k])) (o[k] as unknown[]).forEach((s) => walk(s, where));
    if (o.items) walk(o.items, `${where}[]`);
    if (o.additionalProperties && typeof o.additionalProperties === 'object')
      walk(o.additionalProperties, `${where}{}`);
    const properties = (o.properties ?? {}) as Record<string, Json>;
    for (const [name, prop] of Object.entries(properties)) {
      const at = `${where}.${name}`;
      if (prop.description === undefined) {
        const d = lookup(at, name);
        // OpenAPI 3.0 ignores siblings of a $ref: a described reference is an allOf of one.
        if (d !== undefined)
          properties[name] =
            typeof prop.$ref === 'string' ? { allOf: [prop], description: d } : { ...prop, description: d };
      } else if (SCHEMA_FIELD_DESCRIPTIONS[at] !== undefined) used.add(at);
      walk(properties[name], at);
    }
  };
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  for (const [name, schema] of Object.entries(schemas)) walk(schema, name);
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const op of Object.values(item) as Json[]) {
      for (const param of (op.parameters ?? []) as Json[]) {
        const schema = (param.schema ?? {}) as Json;
        const at = `${String(op.operationId)}.${String(param.name)}`;
        if (param.description === undefined) {
          const d = lookup(at, String(param.name)) ?? (schema.description as string | undefined);
          if (d !== undefined) param.description = d;
        } else if (SCHEMA_FIELD_DESCRIPTIONS[at] !== undefined) used.add(at);
      }
    }
  }
  return used;
}

/** Junction's own operations (and the tags that only hold them) say so: `x-junction-extension: true`. */
function markExtensions(doc: Json): void {
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    if (!isExtensionPath(path)) continue;
    for (const op of Object.values(item) as Json[]) op['x-junction-extension'] = true;
  }
  for (const tag of (doc.tags ?? []) as Json[]) if (tag.name === 'service') tag['x-junction-extension'] = true;
}

/** The finishing steps described at the top of this file, on the document @fastify/swagger generated. */
function finishDocument(doc: Json): Json {
  doc.components ??= {};
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
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>))
    for (const [method, op] of Object.entries(item) as [string, Json][]) finishResponses(doc, path, method, op);
  errorComponents(doc);
  describeFields(doc);
  markExtensions(doc);
  return doc;
}

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Junction — Skip Go API v2 compatible routing service',
        version: BUILD_INFO.version,
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
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
        { name: 'service', description: 'health of this instance (Junction extension)' },
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
    // No validator badge: it would send the document to validator.swagger.io.
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: true, validatorUrl: null },
    // Every page and file under /docs carries a content security policy: scripts and styles only from this origin
    // (the page's own inline ones by hash), calls only to this origin ("Try it out"), no framing, no plugins.
    staticCSP: true,
    transformStaticCSP: docsPolicy,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
}

/**
 * Swagger UI's own policy (hashes of its inline script and style), tightened: no validator host, not framed by any
 * origin, forms and calls only to this origin; and without `upgrade-insecure-requests`, which would turn "Try it out"
 * against a plain-http instance (a local one) into https calls that fail.
 */
function docsPolicy(header: string): string {
  const directives = header
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && d !== 'upgrade-insecure-requests')
    .map((d) => d.replace(/ validator\.swagger\.io\b/, '').replace(/^frame-ancestors .*/, "frame-ancestors 'none'"));
  return [...directives, "connect-src 'self'", "form-action 'self'"].join('; ');
}
