/**
 * Every answer passes the configuration's Redactor (src/redact.ts) on its way out: configured secrets are removed
 * from any text answer (JSON, /metrics, /docs), and error bodies and /health — free text that may quote an upstream
 * failure — also lose the credentials, queries and key-like path segments of any URL they mention. One hook, so a
 * new endpoint or a new error path is covered without remembering to be.
 */
import type { FastifyInstance } from 'fastify';
import type { Redactor } from '../redact.js';

/** Answers whose text is free-form descriptions of the service's own state. */
const DESCRIPTIVE = new Set(['/health', '/metrics']);

export function registerRedaction(app: FastifyInstance, redactor: Redactor): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string') return done(null, payload);
    const descriptive = reply.statusCode >= 400 || DESCRIPTIVE.has(request.routeOptions.url ?? '');
    done(null, descriptive ? redactor.text(payload) : redactor.exact(payload));
  });
}
