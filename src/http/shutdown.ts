/**
 * Graceful shutdown. On SIGTERM (what orchestrators send) the instance first fails readiness and keeps serving for
 * DRAIN_SECONDS, each response closing its connection, so load balancers move traffic away and keep-alive clients
 * reconnect elsewhere after their answer instead of finding the connection reset. Then it stops accepting
 * connections, closes idle ones, lets requests in flight finish for at most SHUTDOWN_TIMEOUT_SECONDS (requests still
 * arriving on open connections get a wire 503, code 14), closes what remains, stops the workers and the store, and
 * exits 0. SIGINT (Ctrl-C) does the same without the drain period. A second signal exits at once.
 */
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
  logger.info({ timeoutSeconds: timeoutMs / 1000 }, 'closing: no new connections; waiting for requests in flight');
  const force = setTimeout(() => {
    logger.warn({}, 'shutdown timeout: closing the connections still open');
    app.server.closeAllConnections();
  }, timeoutMs);
  const closed = app.close();
  // Ends open event streams too: they would otherwise hold the server open until the timeout.
  await tx.stop();
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
