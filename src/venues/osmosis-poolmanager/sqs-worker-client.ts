/**
 * SQS reading in a worker thread (sqs-worker.ts), behind the same SqsSource interface as an in-thread SqsReader.
 * Why: at mainnet scale a poll downloads and parses tens of megabytes of pool JSON and hundreds of tick models; in a
 * worker, that work and its garbage stay off the thread that answers requests, which only receives the changed
 * records, a hundred at a time.
 *
 * The worker starts on the first read, does not keep the process alive, and is ended when a read is aborted (the
 * poller stops) or fails to answer; the next read starts a fresh one (which then answers every item afresh).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { distPath } from '../../paths.js';
import { IngestError } from '../ingest/http.js';
import type { ReadItem, SqsRead, SqsReaderOptions, SqsSource } from './sqs-reader.js';
import type { FromWorker, ToWorker } from './sqs-worker-protocol.js';
import { recordUpstreamCall } from '../../upstream-calls.js';

interface Pending {
  items: ReadItem[];
  resolve: (read: SqsRead) => void;
  reject: (err: unknown) => void;
}

/**
 * The worker's script: beside this module in the compiled tree; in the compiled tree when this module runs from the
 * server bundle; the TypeScript source (loaded through tsx) when running from src/ (tests, benchmarks).
 */
function startWorker(workerData: SqsReaderOptions): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // A worker does not inherit the parent's TypeScript loader: it registers tsx's, then imports the source.
    const tsxRoot = path.dirname(createRequire(here).resolve('tsx/package.json'));
    const tsx = pathToFileURL(path.join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href; // its `tsx/esm/api` import entry
    const entry = new URL('./sqs-worker.ts', here).href;
    return new Worker(
      `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); })`,
      { eval: true, workerData },
    );
  }
  const sibling = fileURLToPath(new URL('./sqs-worker.js', here));
  return new Worker(existsSync(sibling) ? sibling : distPath('venues', 'osmosis-poolmanager', 'sqs-worker.js'), {
    workerData,
  });
}

export function workerSqsSource(opts: SqsReaderOptions): SqsSource {
  // Only the reader's own options cross to the worker (the caller's may hold functions and class instances).
  const { baseUrl, minTickLiquidityUsd, concurrency, tickBudgetMs, timeoutMs } = opts;
  const readerOptions: SqsReaderOptions = { baseUrl, minTickLiquidityUsd, concurrency, tickBudgetMs, timeoutMs };
  let worker: Worker | undefined;
  let seq = 0;
  const pending = new Map<number, Pending>();

  const end = (reason: unknown): void => {
    const w = worker;
    worker = undefined;
    for (const p of pending.values()) p.reject(reason);
    pending.clear();
    void w?.terminate();
  };

  const start = (): Worker => {
    const w = startWorker(readerOptions);
    w.unref();
    w.on('message', (m: FromWorker) => {
      // The worker's requests to SQS, counted here where /metrics listens (an aborted read's too).
      if (m.type !== 'items') for (const c of m.calls) recordUpstreamCall(c);
      const p = pending.get(m.seq);
      if (!p) return; // an aborted read answering late
      if (m.type === 'items') {
        for (const item of m.items) p.items.push(item);
        // The next batch once the loop has had a turn (requests waiting get theirs between batches).
        setImmediate(() => pending.has(m.seq) && post({ type: 'ack', seq: m.seq }));
      } else if (m.type === 'done') {
        pending.delete(m.seq);
        p.resolve({ items: p.items, skipped: m.skipped, waiting: m.waiting });
      } else {
        pending.delete(m.seq);
        const e = m.error;
        p.reject(
          e.name === 'IngestError'
            ? new IngestError(e.message, e.url ?? opts.baseUrl, e.status)
            : Object.assign(new Error(e.message), { name: e.name }),
        );
      }
    });
    w.on('error', (err) =>
      end(new IngestError(`SQS reader worker failed: ${err.message}`, opts.baseUrl, undefined, { cause: err })),
    );
    w.on('exit', (code) => {
      if (worker === w) end(new IngestError(`SQS reader worker exited (${code})`, opts.baseUrl));
    });
    return w;
  };

  const post = (m: ToWorker) => worker?.postMessage(m);

  return {
    read(signal) {
      signal.throwIfAborted();
      worker ??= start();
      const id = ++seq;
      return new Promise<SqsRead>((resolve, reject) => {
        const onAbort = () => {
          pending.delete(id);
          reject(signal.reason);
          end(signal.reason); // the poller is stopping: nothing more to read
        };
        pending.set(id, {
          items: [],
          resolve: (read) => {
            signal.removeEventListener('abort', onAbort);
            resolve(read);
          },
          reject: (err) => {
            signal.removeEventListener('abort', onAbort);
            reject(err);
          },
        });
        signal.addEventListener('abort', onAbort, { once: true });
        post({ type: 'read', seq: id });
      });
    },
    forget() {
      post({ type: 'forget' });
    },
  };
}
