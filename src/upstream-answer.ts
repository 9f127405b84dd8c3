/**
 * Node answers read with a cap. A node (or anything answering at its address) can send an answer of any size; read
 * whole, a 150 MB answer costs gigabytes of memory and seconds of a frozen event loop. Answers are read as a stream
 * and refused the moment they pass the cap (UPSTREAM_MAX_ANSWER_BYTES); a declared content-length above it is refused
 * before reading anything.
 */

import { fetchWithUrlCredentials } from './url-credentials.js';

/** UPSTREAM_MAX_ANSWER_BYTES' default: far above any balance or transaction answer, far below a memory problem. */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`answer larger than ${maxBytes} bytes`);
  }
}

/** The body of `res` as text, or AnswerTooLargeError (the rest of the stream is cancelled, not read). */
export async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new AnswerTooLargeError(maxBytes);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new AnswerTooLargeError(maxBytes);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/**
 * A fetch whose answers are read (capped) before they are handed on, for clients that read bodies themselves (viem's
 * HTTP transport, @solana/web3.js): they get a Response over the capped text, or the fetch fails with
 * AnswerTooLargeError. URLs with a user and password work (src/url-credentials.ts).
 */
export function cappedFetch(maxBytes: number, base: typeof fetch = fetchWithUrlCredentials()): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    const text = await readCapped(res, maxBytes);
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(text, { status: res.status, statusText: res.statusText, headers });
  };
}
