/**
 * Wiring only: config → store (access) → registry → app → listen, and a graceful shutdown on SIGINT/SIGTERM.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { openAccess, StoreError, type AccessService } from './auth/index.js';
import { ConfigError, loadConfig, settingsTable } from './config.js';
import { buildContext } from './context.js';
import { buildApp, REDACTED_PATHS } from './http/app.js';
import { TxService, txServiceOptions } from './tx/service.js';

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.error(`Usage: npm start -- [flags]\n\n${settingsTable()}`);
    return;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const logger = pino({ level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
  mkdirSync(config.dataDir, { recursive: true });

  // The database comes first: without it the service cannot check keys, so it must not start half-working.
  let access: AccessService;
  try {
    access = await openAccess(config, logger);
  } catch (err) {
    if (err instanceof StoreError) {
      console.error(`database error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const t0 = performance.now();
  const ctx = buildContext(config);
  logger.info({ chains: ctx.registry.chains.size, ms: Math.round(performance.now() - t0) }, 'registry built');

  // Transactions share the access store (embedded or PostgreSQL); the worker resumes whatever was in flight.
  let tx: TxService;
  try {
    tx = new TxService(txServiceOptions(config, ctx.registry, access.store, logger));
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const app = await buildApp(ctx, { logger, access, tx });
  await app.listen({ port: config.port, host: config.host });
  // The address to open: the listening line Fastify logs names the socket, this one the pages.
  const origin = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${(app.server.address() as AddressInfo).port}`;
  logger.info({ explorer: `${origin}/explorer/`, docs: `${origin}/docs` }, `ready: route explorer at ${origin}/explorer/`);
  ctx.liveMarket.start(logger);
  ctx.liveFees.start(logger);
  await tx.start();

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await ctx.liveMarket.stop();
    await ctx.liveFees.stop();
    await tx.stop();
    await app.close();
    await access.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
