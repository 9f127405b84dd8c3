/** Messages between the server's thread (sqs-worker-client.ts) and the SQS reading worker (sqs-worker.ts). */
import type { ReadItem } from './sqs-reader.js';

/** Items per message: a batch deserialises in well under a millisecond on the receiving thread. */
export const ITEMS_PER_MESSAGE = 100;

/** The reading thread's nice value (0 = the process' default, 19 = the lowest priority). */
export const READER_NICE = 10;

export type ToWorker = { type: 'read'; seq: number } | { type: 'abort'; seq: number } | { type: 'forget' };

export type FromWorker =
  | { type: 'items'; seq: number; items: ReadItem[] }
  | { type: 'done'; seq: number; skipped: string[]; waiting: string[] }
  | { type: 'error'; seq: number; error: { name: string; message: string; url?: string; status?: number } };
