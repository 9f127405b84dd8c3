/**
 * Worker-thread entry of SQS reading (sqs-reader.ts): one SqsReader, kept between polls, driven by messages from
 * sqs-worker-client.ts. Answers a read with its items in batches (each message small, so that receiving one never
 * holds the server's thread for long), then `done` with what was skipped and what is waiting, or `error`.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { SqsReader, type SqsReaderOptions } from './sqs-reader.js';
import type { ToWorker, FromWorker } from './sqs-worker-protocol.js';
import { ITEMS_PER_MESSAGE, READER_NICE } from './sqs-worker-protocol.js';

// Below the request-serving thread in the scheduler's eyes: on a small machine, a poll's reading then takes the CPU
// the server's thread leaves, rather than time from requests. (On Linux, setpriority on pid 0 sets only the calling
// thread's nice value; where that is refused, the worker simply runs at the process' priority.)
try {
  setPriority(0, READER_NICE);
} catch {
  // not permitted here: keep the process' priority
}

const port = parentPort!;
const reader = new SqsReader(workerData as SqsReaderOptions);
const reads = new Map<number, AbortController>();
const send = (m: FromWorker) => port.postMessage(m);

port.on('message', (m: ToWorker) => {
  if (m.type === 'abort') return void reads.get(m.seq)?.abort();
  if (m.type === 'forget') return reader.forget();
  const abort = new AbortController();
  reads.set(m.seq, abort);
  reader
    .read(abort.signal)
    .then((read) => {
      for (let i = 0; i < read.items.length; i += ITEMS_PER_MESSAGE) send({ type: 'items', seq: m.seq, items: read.items.slice(i, i + ITEMS_PER_MESSAGE) });
      send({ type: 'done', seq: m.seq, skipped: read.skipped, waiting: read.waiting });
    })
    .catch((err: unknown) => {
      const e = err as { name?: string; message?: string; url?: string; status?: number };
      send({ type: 'error', seq: m.seq, error: { name: e?.name ?? 'Error', message: e?.message ?? String(err), url: e?.url, status: e?.status } });
    })
    .finally(() => reads.delete(m.seq));
});
