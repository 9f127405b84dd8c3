/**
 * The process logger. Logs are JSON (one object a line, for log
 * collectors) unless stdout is a terminal, where pino-pretty prints them as readable lines; LOG_FORMAT forces either.
 */
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';

/** Request fields that carry credentials: never written to a log. */
export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie'];

export function createLogger(
  level: string,
  format: string = 'auto',
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  const readable = format === 'pretty' || (format === 'auto' && stream.isTTY === true);
  if (!readable) return pino(options, stream);
  // Loaded only for a terminal; synchronous, in this thread: no worker to start and no line lost at exit.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pino(
    options,
    pretty({
      destination: stream,
      sync: true,
      colorize: stream.isTTY === true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
    }),
  );
}
