/**
 * Every answer passes the configuration's Redactor (src/redact.ts) on its way out: configured secrets are removed
 * from any text answer (JSON, /metrics, /docs), and error bodies and /health — free text that may quote an upstream
 * failure — also lose the credentials, queries and key-like path segments of any URL they mention. One hook, so a
 * new endpoint or a new error path is covered without remembering to be.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { symbols as pinoSymbols } from 'pino';
import { REDACTED, SECRET_QUERY_NAME, type Redactor } from '../redact.js';

/** Answers whose text is free-form descriptions of the service's own state. */
const DESCRIPTIVE = new Set(['/health', '/metrics']);

export function registerRedaction(app: FastifyInstance, redactor: Redactor): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string') return done(null, payload);
    const descriptive = reply.statusCode >= 400 || DESCRIPTIVE.has(request.routeOptions.url ?? '');
    done(null, descriptive ? redactor.text(payload) : redactor.exact(payload));
  });
}

/** A Junction API key (src/auth/keys.ts), wherever it appears. */
const API_KEY_TEXT = /jct_[0-9a-f]{12}_[\w-]+/gi;

/**
 * A request URL as it may be logged: a careless caller puts the API key in the query (`?api_key=jct_…`,
 * `?authorization=…`) rather than the header, and Fastify logs every request's URL. Values of credential-like query
 * names and anything shaped like a key are replaced.
 */
export function urlForLog(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query =
    q < 0
      ? ''
      : '?' +
        url
          .slice(q + 1)
          .split('&')
          .map((pair) => {
            const eq = pair.indexOf('=');
            if (eq < 0) return pair;
            let name = pair.slice(0, eq);
            try {
              name = decodeURIComponent(name);
            } catch {
              // a malformed escape: the raw name is checked
            }
            return SECRET_QUERY_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
          })
          .join('&');
  return (path + query).replace(API_KEY_TEXT, REDACTED);
}

type RequestSerializer = (req: { url?: string } & Record<string, unknown>) => Record<string, unknown>;

/**
 * The logger Fastify gets: the same logger, with its request serializer (Fastify's fields unless the logger has its
 * own) followed by urlForLog on the logged URL.
 */
export function withRedactedRequestUrls(logger: FastifyBaseLogger): FastifyBaseLogger {
  const own = (logger as unknown as Record<symbol, Record<string, RequestSerializer> | undefined>)[
    pinoSymbols.serializersSym
  ]?.req;
  const base: RequestSerializer =
    own ??
    ((req) => ({
      method: req.method,
      url: req.url,
      host: req.host,
      remoteAddress: req.ip,
      remotePort: (req.socket as { remotePort?: number } | undefined)?.remotePort,
    }));
  return logger.child(
    {},
    {
      serializers: {
        req: (req: Parameters<RequestSerializer>[0]) => {
          const out = base(req);
          return typeof out.url === 'string' ? { ...out, url: urlForLog(out.url) } : out;
        },
      },
    },
  );
}
