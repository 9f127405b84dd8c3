/**
 * Wiring only: config → store (access) → registry → app → listen, one readable line once ready, and a graceful
 * shutdown on SIGTERM / SIGINT (src/shutdown.ts). Loaded by main.ts once it knows a server is wanted.
 */
import { mkdirSync } from 'node:fs';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.js';
import { openAccess, StoreError, type AccessService } from '../auth/index.js';
import { ConfigError, loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from './app.js';
import { createLogger } from '../logging.js';
import { readyLine } from './ready-line.js';
import { installShutdown } from './shutdown.js';
import { TxService, txServiceOptions } from '../tx/service.js';
import { warmUp } from './warm-up.js';

export async function serve(): Promise<void> {
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
  const logger = createLogger(config.logLevel, config.logFormat);
  mkdirSync(config.dataDir, { recursive: true });
  // The embedded store is one file in DATA_DIR: one instance per directory (src/data-dir-lock.ts). With PostgreSQL
  // instances share the database by design.
  if (!config.databaseUrl) {
    try {
      const release = lockDataDir(config.dataDir);
      process.once('exit', release);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(`startup error: ${err.message}`);
        process.exit(1);
      }
      throw err;
    }
  }

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
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      const why =
        code === 'EADDRINUSE'
          ? 'the port is in use (another Junction instance or another program); choose another with PORT'
          : code === 'EACCES'
            ? 'permission denied (ports below 1024 need privileges); choose another with PORT'
            : 'the address is not available on this machine; check HOST';
      console.error(`startup error: cannot listen on ${config.host}:${config.port}: ${why}`);
      process.exit(1);
    }
    throw err;
  }
  ctx.liveMarket.start(logger);
  ctx.liveFees.start(logger);
  ctx.liveGas.start(logger);
  ctx.cctpFees.start(logger);
  await tx.start();
  installShutdown({ app, ctx, tx, access, logger });
  const cpu = process.cpuUsage();
  // `code`: whether this runs from the one-file server bundle (the built default) or from separate modules (tsx, a
  // build without the bundle).
  const code = /\/bundle\/[^/]+$/.test(import.meta.url) ? 'bundle' : 'modules';
  logger.info(
    { startupMs: Math.round(process.uptime() * 1000), startupCpuMs: Math.round((cpu.user + cpu.system) / 1000), code },
    readyLine(app, ctx, access),
  );
  void warmUp(ctx).then((ms) => logger.debug({ ms: Math.round(ms) }, 'warm-up done'));
}
