/** A TxService over a test store and local chain endpoints, with the test's clock and a worker driven by hand. */
import { silentLog } from '../../auth/log.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/db.js';
import { ChainEndpointTable } from '../endpoints.js';
import { TxService } from '../service.js';
import type { WebhookSettings } from '../webhooks.js';
import { STEP_FAILED, type TxLog, type WorkerSettings } from '../worker.js';

const FAST_WORKER: WorkerSettings = {
  pollIntervalMs: 1,
  pollMaxIntervalMs: 1,
  notFoundAbandonMs: 300_000,
  stallAbandonMs: 1_800_000,
  concurrency: 32,
  leaseMs: 60_000,
  idleTickMs: 20,
};

export function testTxService(o: {
  store: Store;
  registry: Registry;
  rpc?: string;
  rest?: string;
  now?: () => number;
  worker?: Partial<WorkerSettings>;
  webhooks?: WebhookSettings;
  attestationUrl?: string;
  axelarGmpUrl?: string;
  opinitExecutorUrls?: ReadonlyMap<string, string>;
  nobleForwardingSignerKey?: string;
  runWorker?: boolean;
  trackWaitMs?: number;
  streamLimits?: { total: number; perCaller: number };
  log?: TxLog;
}): TxService {
  const failures = { count: 0 };
  const service = new TxService({
    store: o.store,
    registry: o.registry,
    log: countingFailedSteps(o.log ?? silentLog, failures),
    endpoints: ChainEndpointTable.fromSettings(o.registry, o.rpc, o.rest),
    worker: { ...FAST_WORKER, ...o.worker },
    runWorker: o.runWorker ?? false,
    // Generous: the chains here are local servers, and a step that times out on a loaded machine only delays a test.
    timeoutMs: 10_000,
    attestationUrl: o.attestationUrl,
    axelarGmpUrl: o.axelarGmpUrl,
    ...(o.opinitExecutorUrls ? { opinitExecutorUrls: o.opinitExecutorUrls } : {}),
    nobleForwardingSignerKey: o.nobleForwardingSignerKey,
    ...(o.webhooks ? { webhooks: o.webhooks } : {}),
    ...(o.now ? { now: o.now } : {}),
    ...(o.trackWaitMs !== undefined ? { trackWaitMs: o.trackWaitMs } : {}),
    ...(o.streamLimits ? { streamLimits: o.streamLimits } : {}),
  });
  failedSteps.set(service, failures);
  return service;
}

/** Per service made here, how many tracking steps failed (the worker logs each and leaves it for the next look). */
const failedSteps = new WeakMap<TxService, { count: number }>();

function countingFailedSteps(log: TxLog, failures: { count: number }): TxLog {
  return {
    info: (obj, msg) => log.info(obj, msg),
    warn: (obj, msg) => log.warn(obj, msg),
    error: (obj, msg) => log.error(obj, msg),
    debug: (obj, msg) => {
      if (msg === STEP_FAILED) failures.count++;
      log.debug?.(obj, msg);
    },
  };
}

/** How many times a tick is repeated for steps that failed: far more than a loaded machine's odd timeout needs. */
const MAX_RETRIES = 20;

/**
 * One look at every due transaction, as the running service would eventually have taken it: one worker tick, then
 * more while a tick had a step fail. A step fails when a chain call fails (on a loaded machine, a local server's
 * answer can come past the client's timeout); the service looks again on its next tick, but a test that ticked once
 * per expected stage would find the stage unreached. A step that keeps failing (a node the test took down) is tried
 * a bounded number of times and then left, as one failed look, to the test's assertions.
 *
 * `again` makes the failed rows due again before a retry: a test clock moved on a millisecond (the test worker's poll
 * interval). Without it, for services on the real clock, a few real milliseconds pass.
 */
export async function tickSteps(tx: TxService, again?: () => void): Promise<void> {
  const failures = failedSteps.get(tx);
  if (!failures) throw new Error('tickSteps needs a service made by testTxService');
  for (let retry = 0; ; retry++) {
    const before = failures.count;
    await tx.worker.tick();
    if (failures.count === before || retry >= MAX_RETRIES) return;
    if (again) again();
    else await new Promise((r) => setTimeout(r, 2));
  }
}
