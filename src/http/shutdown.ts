/**
 * Graceful shutdown. On SIGTERM (what orchestrators send) the instance first fails readiness and keeps serving for
 * DRAIN_SECONDS, each response closing its connection, so load balancers move traffic away and keep-alive clients
 * reconnect elsewhere after their answer instead of finding the connection reset. Then it lets requests in flight
 * finish for at most SHUTDOWN_TIMEOUT_SECONDS while the listener still accepts: a connection arriving late (a load
 * balancer slow to notice) gets a wire 503, code 14, "retry elsewhere", never a reset. Only once no request is in
 * flight does it stop listening and close the idle connections; then it stops the workers and the store, and exits
 * 0. At the timeout it closes what remains. SIGINT (Ctrl-C) does the same without the drain period. A second signal
 * exits at once.
 */
import { EventEmitter, once } from 'node:events';
import type { Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AccessService } from '../auth/index.js';
import type { AppContext } from '../context.js';
import type { TxService } from '../tx/service.js';

export interface ShutdownParts {
  app: FastifyInstance;
  ctx: AppContext;
  tx: TxService;
  access: AccessService;
  logger: FastifyBaseLogger;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Requests the server has received and not yet finished answering (or that ended by the client going away). */
export class InFlightRequests extends EventEmitter {
  count = 0;

  /** Resolves once no request is in flight. */
  async idle(): Promise<void> {
    while (this.count > 0) await once(this, 'idle');
  }
}

const inFlight = new WeakMap<Server, InFlightRequests>();

/** Counts the server's requests in flight (buildApp installs it, before the first request). */
export function trackInFlight(server: Server): InFlightRequests {
  let counter = inFlight.get(server);
  if (counter) return counter;
  const c = (counter = new InFlightRequests());
  inFlight.set(server, c);
  server.on('request', (_req, res) => {
    c.count++;
    res.once('close', () => {
      if (--c.count === 0) c.emit('idle');
    });
  });
  return c;
}

/**
 * Runs the shutdown sequence; resolves when everything is closed (the caller exits). `waitDrain` is how the drain
 * period passes: the wall clock in a deployment, a condition of the test's in tests (which must not depend on how
 * fast a busy machine serves the requests it sends while draining).
 */
export async function shutdown(
  { app, ctx, tx, access, logger }: ShutdownParts,
  drainMs: number,
  waitDrain: (ms: number) => Promise<void> = sleep,
): Promise<void> {
  const timeoutMs = ctx.config.shutdownTimeoutSeconds * 1000;
  ctx.lifecycle.draining = true;
  if (drainMs > 0) {
    logger.info(
      { drainSeconds: drainMs / 1000 },
      'draining: /health answers 503, every response closes its connection',
    );
    await waitDrain(drainMs);
  }
  ctx.lifecycle.closing = true;
  logger.info(
    { timeoutSeconds: timeoutMs / 1000 },
    'closing: waiting for requests in flight (new ones get 503) before the listener closes',
  );
  let timedOut = false;
  let force: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    force = setTimeout(() => {
      timedOut = true;
      logger.warn({}, 'shutdown timeout: closing the connections still open');
      resolve();
    }, timeoutMs);
  });
  // Ends open event streams too: they would otherwise hold the requests in flight until the timeout.
  const stopped = tx.stop();
  await Promise.race([trackInFlight(app.server).idle(), deadline]);
  const closed = app.close();
  if (timedOut) app.server.closeAllConnections();
  await stopped;
  await closed;
  clearTimeout(force);
  await ctx.liveMarket.stop();
  await ctx.liveFees.stop();
  await ctx.liveGas.stop();
  await ctx.cctpFees.stop();
  await access.close();
  logger.info({}, 'stopped');
}

export function installShutdown(parts: ShutdownParts): void {
  let started = false;
  const on = (signal: NodeJS.Signals) => {
    if (started) {
      parts.logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    started = true;
    parts.logger.info({ signal }, 'shutting down');
    const drainMs = signal === 'SIGTERM' ? parts.ctx.config.drainSeconds * 1000 : 0;
    shutdown(parts, drainMs).then(
      () => process.exit(0),
      (err: unknown) => {
        parts.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', on);
  process.on('SIGINT', on);
}
