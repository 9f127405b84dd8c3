/**
 * The Fastify application: JSON parsing, validation, error mapping, OpenAPI + docs, and the endpoint plug-ins.
 * main.ts builds the context and calls buildApp; tests call buildApp with the same context and use inject().
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { accessPlugin, type AccessService } from '../auth/index.js';
import { ApiError, GrpcCode, unavailable } from '../errors.js';
import type { AppContext } from '../context.js';
import { registerDocs } from './docs.js';
import { malformedJson, registerErrorHandling, sendError, type WireError } from './errors.js';
import { explorerPlugin } from './explorer.js';
import { foldBracketedKeys, validatorCompiler } from './validation.js';
import { MAX_BODY_DEPTH, nestsDeeperThan } from '../wire/limits.js';
import secureJson from 'secure-json-parse';
import cors from '@fastify/cors';
import { randomUUID } from 'node:crypto';
import { registerMetrics } from './metrics.js';
import { registerRedaction, withRedactedRequestUrls } from './redaction.js';
import { trackInFlight } from './shutdown.js';
import { Redactor } from '../redact.js';
import { assetRoutes } from './routes/assets.js';
import { healthRoutes } from './routes/health.js';
import { infoRoutes } from './routes/info.js';
import { routeRoutes } from './routes/route.js';
import { alternativesRoutes } from './routes/alternatives.js';
import { venueRoutes } from './routes/venues.js';
import { balanceRoutes } from './routes/balances.js';
import { txRoutes } from './routes/tx.js';
import type { TxService } from '../tx/service.js';

export interface AppOptions {
  /** A pino logger; none (silent) in tests unless given. */
  logger?: FastifyBaseLogger;
  /** API keys, the anonymous rate limit, usage statistics (main.ts always passes it; tests may leave it out). */
  access?: AccessService;
  /** Transactions and balances (main.ts always passes it; without it those paths answer 404). */
  tx?: TxService;
}

export async function buildApp(ctx: AppContext, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: withRedactedRequestUrls(opts.logger) } : { logger: false }),
    // A caller's (or load balancer's) x-request-id is kept when it is a plausible id; otherwise one is made. Either
    // way it is in every log line of the request and in the response.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: ctx.config.bodyLimitBytes,
    ...requestTimeouts(ctx.config),
    // Requests arriving while the server closes get the wire error from the onRequest hook below.
    return503OnClosing: false,
    trustProxy: ctx.config.trustProxy,
    // The SDK repeats array keys (chain_ids=a&chain_ids=b); the default parser turns them into arrays.
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: 'array' } },
    // Failures Fastify answers before routing (a path that is not valid percent-encoding) and malformed HTTP get
    // the same {code, message, details} JSON body as every other error.
    frameworkErrors: (error, req, reply) =>
      sendError(
        reply.header('x-request-id', req.id),
        new ApiError(
          GrpcCode.INVALID_ARGUMENT,
          error.code === 'FST_ERR_BAD_URL' ? `malformed URL: ${error.message}` : error.message,
          { ...(error.code === 'FST_ERR_BAD_URL' ? { reason: 'MALFORMED_URL' } : {}), cause: error },
        ),
      ),
    clientErrorHandler: (err: Error & { code?: string }, socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      // A response to HEAD has no body (RFC 9110 9.3.2): a client reading one would take it for the next response.
      // The method is known when the failing packet starts with the request line (the usual case).
      const packet = (err as { rawPacket?: unknown }).rawPacket;
      const head = Buffer.isBuffer(packet) && packet.subarray(0, 5).toString('latin1') === 'HEAD ';
      if (socket.writable)
        socket.write(
          rawErrorResponse(
            err.code === 'HPE_HEADER_OVERFLOW' ? 'request headers are too large' : 'malformed HTTP request',
            head,
          ),
        );
      socket.destroy(err);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Requests in flight, so a shutdown closes the listener only once they are answered (src/http/shutdown.ts).
  trackInFlight(app.server);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Once the server is closing (src/shutdown.ts), requests still arriving on open connections are refused with
    // the wire error rather than Fastify's own 503 body.
    if (ctx.lifecycle.closing)
      return done(unavailable('the server is shutting down; retry the request (another instance will answer)'));
    done();
  });
  // `chain_ids[]=a&chain_ids[]=b` (axios, qs) means chain_ids=a&chain_ids=b; before the query is validated.
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    const folded = query && typeof query === 'object' ? foldBracketedKeys(query) : undefined;
    if (folded) request.query = folded;
    done();
  });
  // Draining: each response closes its connection, so keep-alive clients reconnect (to another instance) after
  // their answer instead of finding the connection reset. At send time, so that requests which arrived before the
  // drain began close their connections too.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (ctx.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  registerRedaction(app, Redactor.fromConfig(ctx.config));
  app.setValidatorCompiler(validatorCompiler);
  // Responses are plain JSON.stringify: exact, and it keeps every field the engine built (the response schemas
  // document the shapes and are checked in tests).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  registerJsonParsing(app);
  sweepCaches(ctx, (stop) => app.addHook('onClose', async () => stop()));
  await registerDocs(app);
  registerMetrics(app, { ctx, tx: opts.tx });
  // Before the access layer: preflight requests are answered here and never take a token of the anonymous limit.
  const origins = corsOrigins(ctx.config.corsOrigins);
  if (origins) {
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'HEAD', 'POST', 'DELETE'],
      allowedHeaders: ['content-type', 'authorization', 'x-request-id'],
      exposedHeaders: [
        'x-request-id',
        'retry-after',
        'x-junction-auth',
        'x-junction-market-age-seconds',
        'deprecation',
        'warning',
      ],
      maxAge: 600,
      // An OPTIONS request that is not a complete preflight gets the CORS headers too, not a plain-text 400.
      strictPreflight: false,
    });
  }
  if (opts.access) await app.register(accessPlugin, { access: opts.access });

  await app.register(healthRoutes, { ctx, access: opts.access, tx: opts.tx });
  await app.register(infoRoutes, { ctx });
  await app.register(venueRoutes, { ctx });
  await app.register(assetRoutes, { ctx });
  await app.register(routeRoutes, { ctx, tx: opts.tx });
  await app.register(alternativesRoutes, { ctx });
  if (opts.tx) {
    await app.register(balanceRoutes, { ctx, tx: opts.tx });
    await app.register(txRoutes, { tx: opts.tx });
  }
  await app.register(explorerPlugin);
  return app;
}

/**
 * A request's headers and then its whole body must arrive in time, or Node closes the connection: a client sending
 * a byte a second cannot hold a connection (and its memory) for ever, even after it was answered 429. Node checks
 * the deadlines every `connectionsCheckingInterval` (30 s by default, longer than the deadlines themselves): once a
 * second here, so a connection is closed at most a second after its deadline.
 */
function requestTimeouts(config: AppContext['config']) {
  const requestTimeout = Math.round(config.requestTimeoutSeconds * 1000);
  return {
    requestTimeout,
    http: {
      headersTimeout: Math.min(requestTimeout, Math.round(config.headersTimeoutSeconds * 1000)),
      requestTimeout,
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
  };
}

/** Request ids taken from callers: short, printable, no spaces (they go into logs and a response header). */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** CORS_ORIGINS: `*` for any origin, a comma-separated list, or empty for none (no CORS headers, no preflight). */
export function corsOrigins(setting: string | undefined): '*' | string[] | undefined {
  const list = (setting ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0) return undefined;
  return list.includes('*') ? '*' : list;
}

/**
 * Expired entries of the quote caches are dropped on a timer, so memory held by a burst of distinct requests is
 * returned within a TTL even if nobody asks for the same keys again.
 */
function sweepCaches(ctx: AppContext, onClose: (stop: () => void) => void): void {
  const every = Math.max(
    1_000,
    Math.min(ctx.config.routeResponseCacheMs || Infinity, ctx.config.routeCacheTtlMs || Infinity, 10_000),
  );
  const timer = setInterval(() => {
    ctx.responseCache.purgeStale();
    ctx.routeCache.purgeStale();
  }, every);
  timer.unref();
  onClose(() => clearInterval(timer));
}

/**
 * Bodies are JSON, sent as `application/json` (or a `+json` type): a non-empty body of any other type, or of none,
 * is HTTP's 415 with the wire error (code 3) naming the type — rather than being read as an empty request and
 * answered "missing required field" (curl -d sends form encoding: add -H 'content-type: application/json'). An
 * empty body is `{}` for POST and ignored for GET whatever its type (the SDK sends `content-type: application/json`
 * on GET requests without a body). Before parsing, the nesting depth is checked (deep nesting costs every later
 * recursive step, up to a stack overflow); keys named `__proto__` or `constructor.prototype` are refused, as
 * Fastify's own parser does.
 */
function registerJsonParsing(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parse = (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    const text = (body as string).trim();
    if (text === '') return done(null, req.method === 'GET' || req.method === 'HEAD' ? undefined : {});
    const type = req.headers['content-type'];
    if (!isJsonType(type))
      return done(
        new ApiError(
          GrpcCode.INVALID_ARGUMENT,
          `unsupported content-type ${type ? JSON.stringify(type.split(';')[0]!.trim()) : '(none)'}: send the body as JSON with content-type: application/json`,
          { reason: 'UNSUPPORTED_MEDIA_TYPE', status: 415 },
        ),
        undefined,
      );
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) {
      return done(
        new ApiError(GrpcCode.INVALID_ARGUMENT, `malformed JSON body: nested deeper than ${MAX_BODY_DEPTH} levels`, {
          reason: 'MALFORMED_JSON',
        }),
        undefined,
      );
    }
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (err) {
      done(malformedJson(err as Error), undefined);
    }
  };
  // An exact match is Fastify's fast lookup; the catch-all covers every other content type.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
  app.addContentTypeParser('*', { parseAs: 'string' }, parse);
}

/** `application/json` or a structured `+json` type (RFC 6839), any parameters. */
function isJsonType(header: string | undefined): boolean {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type);
}

/** A complete HTTP/1.1 400 response with the wire error body, for errors raised below Fastify (on the raw socket). */
function rawErrorResponse(message: string, head: boolean): string {
  const body = JSON.stringify({ code: GrpcCode.INVALID_ARGUMENT, message, details: [] } satisfies WireError);
  const headers =
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n`;
  return head ? headers : headers + body;
}
