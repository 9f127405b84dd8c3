/**
 * The access layer of the HTTP app, registered once before the endpoints (it attaches its hooks to each route as
 * the route is declared):
 *
 * - every request to an endpoint gets `request.access`: a valid key's id and name, or anonymous with the reason (no
 *   key, unknown key, revoked key); a present but invalid key is answered with `x-junction-auth: invalid-key` /
 *   `revoked-key` and served as anonymous;
 * - anonymous requests take a token from the shared limiter; refused ones get code 8 (HTTP 429) and `Retry-After`.
 *   Keyed requests are not limited and are counted for the key's statistics. /health, /docs, /openapi.json, the
 *   explorer page's static files (and unknown paths) are neither limited nor counted;
 * - the deprecated `client_id` parameter (query or body) is removed before validation and answered with deprecation
 *   headers;
 * - `GET /junction/usage`: a keyed caller's own statistics for a month (this needs the database: code 14 while it
 *   is unreachable).
 *
 * Privileged endpoints add `preHandler: requireApiKey` (401 / code 16 naming the reason); endpoints that quote a
 * route call `recordRoute(request, figures)`.
 */
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { resourceExhausted, unauthenticated, unavailable, type ApiError } from '../errors.js';
import { errorResponses } from '../wire/responses.js';
import { readUsage } from '../store/usage.js';
import { addUsd } from '../store/usd.js';
import type { AccessService } from './access.js';
import { bucketSettings, type Bucket, type Decision } from './limiter.js';
import type { Access, AnonymousReason, KeyAccess } from './directory.js';
import { monthOf, type RouteFigures } from './usage.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access plugin on every request it does not exempt; undefined when the plugin is not registered. */
    access: Access | undefined;
    /** The access service, for recordRoute. */
    accessService: AccessService | undefined;
    /** What the anonymous limit decided about this request, when it was asked (for /metrics). */
    limitDecision: 'allowed' | 'refused' | undefined;
  }
}

interface AccessPluginOptions {
  access: AccessService;
  /** Route URLs (as declared) that are neither limited nor counted; default: health and documentation. */
  isExempt?: (routeUrl: string) => boolean;
}

const AUTH_HEADER = 'x-junction-auth';

const defaultExempt = (url: string) =>
  url === '/health' ||
  url.startsWith('/health/') ||
  url === '/metrics' ||
  url === '/openapi.json' ||
  url === '/docs' ||
  url.startsWith('/docs/') ||
  url === '/explorer' ||
  url.startsWith('/explorer/');

const GUARD_MESSAGES: Record<AnonymousReason, string> = {
  missing: 'this feature needs an API key: send it in the authorization header',
  unknown: 'unknown API key: the key in the authorization header is not valid',
  revoked: 'revoked API key: the key in the authorization header has been revoked; ask the operator for a new one',
};

function authHeaderValue(reason: AnonymousReason): string | undefined {
  return reason === 'unknown' ? 'invalid-key' : reason === 'revoked' ? 'revoked-key' : undefined;
}

/** The caller's key, or 401 / code 16 naming why there is none. */
export function requireKey(request: FastifyRequest): KeyAccess {
  const access = request.access;
  if (access?.tier === 'key') return access;
  const reason = access?.reason ?? 'missing';
  const err: ApiError = unauthenticated(GUARD_MESSAGES[reason]);
  const header = authHeaderValue(reason);
  if (header) err.headers[AUTH_HEADER] = header;
  throw err;
}

/** Route option for privileged endpoints: `{ preHandler: requireApiKey }`. */
export async function requireApiKey(request: FastifyRequest): Promise<void> {
  requireKey(request);
}

/**
 * Counts a quoted route for the caller's key; nothing for anonymous callers or without the plugin. Figures that are
 * not decimal strings are our bug, not the caller's: logged, and the quote is still answered.
 */
export function recordRoute(request: FastifyRequest, figures: RouteFigures): void {
  const access = request.access;
  if (access?.tier !== 'key') return;
  try {
    request.accessService?.usage.recordRoute(access.keyId, figures);
  } catch (err) {
    request.log.error({ err: (err as Error).message }, 'route not counted in usage statistics');
  }
}

/** Status reads of transfers in flight: the SDK polls them once a second per transfer (limiter.ts, `tracking`). */
const TRACKING_ROUTES = new Set(['/v2/tx/status', '/v2/tx/track']);
const bucketOf = (request: FastifyRequest): Bucket =>
  TRACKING_ROUTES.has(request.routeOptions.url ?? '') ? 'tracking' : 'general';

/**
 * Charges an anonymous request `cost` more units of its bucket once its body shows what it will cost (a balance
 * query fans out per chain): a refusal is the same 429 as at the door. Nothing for keyed callers or without the
 * plugin.
 */
export async function chargeAnonymous(request: FastifyRequest, cost: number): Promise<void> {
  const access = request.accessService;
  if (!access || request.access?.tier !== 'anonymous' || access.limiter.mode === 'off' || cost <= 0) return;
  const d = await access.limiter.take(bucketOf(request), cost);
  if (!d.allowed) {
    request.limitDecision = 'refused';
    throw rateLimited(d.retryAfterMs, access, bucketOf(request));
  }
}

function rateLimited(retryAfterMs: number, access: AccessService, bucket: Bucket): ApiError {
  const { ratePerSecond, burst } = bucketSettings(access.settings.anonymous, bucket);
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return resourceExhausted(
    `rate limit exceeded: ${bucket === 'tracking' && access.settings.anonymous.tracking ? 'status reads' : 'requests'} without a valid API key share a limit of ${ratePerSecond} per second ` +
      `(burst ${burst}); retry in ${seconds} s or send an API key in the authorization header`,
    seconds,
  );
}

const DEPRECATION_WARNING =
  '299 - "client_id is deprecated and ignored; identify with an API key in the authorization header"';

/** Removes `client_id` from a parsed query or body (schemas may forbid unknown fields); answers whether it was there. */
function dropClientId(part: unknown): boolean {
  if (part === null || typeof part !== 'object' || Array.isArray(part) || !Object.hasOwn(part, 'client_id'))
    return false;
  delete (part as Record<string, unknown>).client_id;
  return true;
}

function markDeprecated(reply: FastifyReply): void {
  reply.header('deprecation', 'true').header('warning', DEPRECATION_WARNING);
}

/** Bodies exist only once parsed, so routes that take one get this before validation. */
const dropClientIdFromBody: preValidationHookHandler = (request, reply, done) => {
  if (dropClientId(request.body)) markDeprecated(reply);
  done();
};

const UsageQuery = Type.Object({
  month: Type.Optional(
    Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'UTC month YYYY-MM; default the current one' }),
  ),
});

const UsageResponse = Type.Object(
  {
    key_id: Type.String(),
    key_name: Type.String(),
    month: Type.String(),
    requests: Type.Integer(),
    routes: Type.Integer({ description: 'routes quoted' }),
    usd_volume: Type.String({ description: 'USD value of the quoted routes, exact decimal' }),
    affiliate_fee_usd: Type.String({ description: 'USD affiliate fee revenue of the quoted routes, exact decimal' }),
  },
  { title: 'KeyUsage' },
);

async function usageRoutes(app: FastifyInstance, { access }: { access: AccessService }): Promise<void> {
  app.get<{ Querystring: Static<typeof UsageQuery> }>(
    '/junction/usage',
    {
      preHandler: requireApiKey,
      schema: {
        summary: "The calling key's usage statistics for a month (Junction extension; needs an API key)",
        description: `Figures reach the database every ${access.settings.statsFlushMs / 1000} s, so the last seconds of other instances may be missing.`,
        tags: ['service'],
        querystring: UsageQuery,
        response: { 200: UsageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const key = requireKey(request);
      const month = request.query.month ?? monthOf(new Date());
      let stored;
      try {
        stored = (await readUsage(access.store, { month, keyId: key.keyId }))[0];
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'usage query failed');
        throw unavailable('usage statistics are unavailable: the database cannot be reached; try again later');
      }
      const pending = access.usage.unflushed(key.keyId, month);
      return {
        key_id: key.keyId,
        key_name: key.keyName,
        month,
        requests: (stored?.requests ?? 0) + pending.requests,
        routes: (stored?.routes ?? 0) + pending.routes,
        usd_volume: addUsd(stored?.usdVolume ?? '0', pending.usdVolume),
        affiliate_fee_usd: addUsd(stored?.affiliateFeeUsd ?? '0', pending.affiliateFeeUsd),
      };
    },
  );
}

function asArray<T>(value: T | readonly T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

const plugin: FastifyPluginAsync<AccessPluginOptions> = async (app, { access, isExempt = defaultExempt }) => {
  app.decorateRequest('access', undefined);
  app.decorateRequest('accessService', undefined);
  app.decorateRequest('limitDecision', undefined);

  const identifyAndLimit: onRequestHookHandler = (request, reply, done) => {
    // The query is parsed before any hook runs.
    if (dropClientId(request.query)) markDeprecated(reply);
    request.accessService = access;
    const who = access.keys.resolve(request.headers.authorization);
    request.access = who;
    if (who.tier === 'key') {
      access.usage.recordRequest(who.keyId);
      return done();
    }
    const header = authHeaderValue(who.reason);
    if (header) reply.header(AUTH_HEADER, header);
    if (access.limiter.mode === 'off') return done();
    const decided = (d: Decision) => {
      request.limitDecision = d.allowed ? 'allowed' : 'refused';
      done(d.allowed ? undefined : rateLimited(d.retryAfterMs, access, bucketOf(request)));
    };
    const decision = access.limiter.take(bucketOf(request));
    if (decision instanceof Promise) decision.then(decided, done);
    else decided(decision);
  };
  // Hooks go onto each route as it is declared, so whether a route is exempt is decided once, not per request, and
  // routes that take no body carry no body hook. Hence this plugin must be registered before the endpoints. Unknown
  // paths (404) are neither limited nor identified: answering them costs less than limiting them.
  app.addHook('onRoute', (route) => {
    if (isExempt(route.url) || asArray(route.method).every((m) => m === 'OPTIONS')) return;
    const onRequest = asArray(route.onRequest);
    if (onRequest.includes(identifyAndLimit)) return; // a route declared from another's options (HEAD from GET)
    route.onRequest = [identifyAndLimit, ...onRequest];
    const methods = asArray(route.method);
    if (methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')) {
      route.preValidation = [dropClientIdFromBody, ...asArray(route.preValidation)];
    }
  });
  await app.register(usageRoutes, { access });
};

// Hooks and decorations must reach every endpoint registered after this plugin, not only its own children: this
// is Fastify's documented switch for that (what the fastify-plugin helper sets).
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
(plugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = 'junction-access';

export const accessPlugin = plugin;
