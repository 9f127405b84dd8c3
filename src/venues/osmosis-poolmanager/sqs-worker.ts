/**
 * Worker-thread entry of SQS reading (sqs-reader.ts): one SqsReader, kept between polls, driven by messages from
 * sqs-worker-client.ts. Answers a read with its items in batches, one at a time (each message small, so that receiving
 * one never holds the server's thread for long), then `done` with what was skipped and what is waiting, or `error`.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { SqsReader, type SqsRead, type SqsReaderOptions } from './sqs-reader.js';
import type { ToWorker, FromWorker } from './sqs-worker-protocol.js';
import { ITEMS_PER_MESSAGE, READER_NICE } from './sqs-worker-protocol.js';
import { onUpstreamCall, type UpstreamCall } from '../../upstream-calls.js';

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
const send = (m: FromWorker) => port.postMessage(m);
// A read is never aborted from inside: when the poller stops, the server's thread ends this worker.
const never = new AbortController().signal;

/**
 * This thread's requests to SQS, handed to the server's thread with the read's last message (its /metrics listens
 * there): one small array per poll rather than a message per tick request.
 */
const calls: UpstreamCall[] = [];
onUpstreamCall((c) => calls.push(c));

/** Resolvers waiting for the server's thread to acknowledge a batch, by read. */
const acks = new Map<number, () => void>();

/** Sends a read's items a batch at a time, each after the previous one was acknowledged, then `done`. */
async function answer(seq: number, read: SqsRead): Promise<void> {
  for (let i = 0; i < read.items.length; i += ITEMS_PER_MESSAGE) {
    const acked = new Promise<void>((resolve) => acks.set(seq, resolve));
    send({ type: 'items', seq, items: read.items.slice(i, i + ITEMS_PER_MESSAGE) });
    await acked;
  }
  send({ type: 'done', seq, skipped: read.skipped, waiting: read.waiting, calls: calls.splice(0) });
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'ack') return void acks.get(m.seq)?.();
  if (m.type === 'forget') return reader.forget();
  reader
    .read(never)
    .then((read) => answer(m.seq, read))
    .catch((err: unknown) => {
      const e = err as { name?: string; message?: string; url?: string; status?: number };
      send({
        type: 'error',
        seq: m.seq,
        error: { name: e?.name ?? 'Error', message: e?.message ?? String(err), url: e?.url, status: e?.status },
        calls: calls.splice(0),
      });
    })
    .finally(() => acks.delete(m.seq));
});
