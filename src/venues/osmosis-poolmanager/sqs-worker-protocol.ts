/** Messages between the server's thread (sqs-worker-client.ts) and the SQS reading worker (sqs-worker.ts). */
import type { ReadItem } from './sqs-reader.js';
import type { UpstreamCall } from '../../upstream-calls.js';

/**
 * Items per message: a batch (CL records carry their tick models) deserialises in about a millisecond on the
 * receiving thread. The worker sends the next batch only once the last is acknowledged: a port delivers every
 * message already queued in one turn of the receiving loop, so batches sent all at once would arrive as one long
 * pause.
 */
export const ITEMS_PER_MESSAGE = 50;

/** The reading thread's nice value (0 = the process' default, 19 = the lowest priority). */
export const READER_NICE = 10;

export type ToWorker = { type: 'read'; seq: number } | { type: 'ack'; seq: number } | { type: 'forget' };

export type FromWorker =
  | { type: 'items'; seq: number; items: ReadItem[] }
  | { type: 'done'; seq: number; skipped: string[]; waiting: string[]; calls: UpstreamCall[] }
  | {
      type: 'error';
      seq: number;
      error: { name: string; message: string; url?: string; status?: number };
      calls: UpstreamCall[];
    };
