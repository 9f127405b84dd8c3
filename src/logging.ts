/**
 * The process logger and the line that says the service is ready. Logs are JSON (one object a line, for log
 * collectors) unless stdout is a terminal, where pino-pretty prints them as readable lines; LOG_FORMAT forces either.
 */
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { AccessService } from './auth/index.js';
import { REDACTED_PATHS } from './http/app.js';
import type { AppContext } from './http/context.js';

export function createLogger(level: string, format: string = 'auto', stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  const readable = format === 'pretty' || (format === 'auto' && stream.isTTY === true);
  if (!readable) return pino(options, stream);
  // Loaded only for a terminal; synchronous, in this thread: no worker to start and no line lost at exit.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pino(options, pretty({ destination: stream, sync: true, colorize: stream.isTTY === true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
}

function ageText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s old`;
  if (s < 7200) return `${Math.round(s / 60)} min old`;
  if (s < 172_800) return `${Math.round(s / 3600)} h old`;
  return `${Math.round(s / 86_400)} days old`;
}

/** "Junction ready at http://…  docs http://…/docs  store …  venues …": what an operator needs to know at a glance. */
export function readyLine(app: FastifyInstance, ctx: AppContext, access: AccessService, now = Date.now()): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.config.port;
  const host = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' ? '127.0.0.1' : ctx.config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const store = access.store.kind === 'postgres' ? `PostgreSQL ${access.store.location}` : `embedded SQLite ${access.store.location}`;
  const venues = ctx.venues
    .map((v) => {
      const s = ctx.liveMarket.store.get(v.name);
      return s ? `${v.name} ${s.source.startsWith('offline:') ? 'offline snapshot' : 'live'} ${ageText(now - s.takenAt.getTime())}` : `${v.name} no data`;
    })
    .join(', ');
  return `Junction ready at ${url}  docs ${url}/docs  explorer ${url}/explorer/  store: ${store}  venues: ${venues}`;
}
