/**
 * One tracking worker as a process of its own, for the durability tests (they kill it with SIGKILL): the same
 * configuration (environment), store, registry and TxService as the service, without the HTTP app. Prints
 * "worker ready" once it runs.
 */
import { openStore } from '../../store/db.js';
import { loadConfig } from '../../config.js';
import { buildRegistry } from '../../registry/build.js';
import { TxService, txServiceOptions } from '../service.js';

const config = loadConfig([], process.env);
const store = await openStore({
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  onPoolError: () => undefined,
});
const log = { info() {}, warn() {}, error() {} };
const tx = new TxService(txServiceOptions(config, buildRegistry(), store, log));
await tx.start();
// The worker's timers do not hold the process open (in the service the HTTP server does): this one must.
setInterval(() => undefined, 60_000);
process.stdout.write('worker ready\n');
process.once(
  'SIGTERM',
  () =>
    void tx
      .stop()
      .then(() => store.close())
      .then(() => process.exit(0)),
);
