/**
 * A node that answers 150 MB (streamed, no content-length, or declared up front) is refused as the answer arrives:
 * the read stops at UPSTREAM_MAX_ANSWER_BYTES, the node is told to stop (the server sees its stream cut short) and
 * the process does not grow by the answer's size.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EvmClient } from './tx/evm-client.js';
import { EndpointPool, requestJson } from './tx/upstream.js';
import { DEFAULT_MAX_ANSWER_BYTES } from './upstream-answer.js';
import { describeFailure } from './upstream-failure.js';

const HUGE = 150 * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 'a');
let sent = 0;

/** `/declared` says content-length: 150 MB; anything else streams 150 MB chunked, while the client reads. */
const node = http.createServer((req, res) => {
  req.resume();
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(req.url === '/declared' ? { 'content-length': String(HUGE) } : {}),
  });
  let left = HUGE;
  const pump = () => {
    while (left > 0) {
      left -= CHUNK.length;
      sent += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('close', () => (left = 0));
  pump();
});

let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
});
afterAll(() => node.close());

it('a 150 MB node answer is refused at the cap, without holding it in memory', async () => {
  global.gc?.();
  const before = process.memoryUsage().rss;
  sent = 0;
  const pool = new EndpointPool([url], { timeoutMs: 30_000, attempts: 1 });
  const err = await pool.run((base, signal) => requestJson(base, signal)).catch((e: unknown) => e);
  expect(describeFailure('node for chain osmosis-1', err)).toBe(
    `node for chain osmosis-1 sent an answer larger than ${DEFAULT_MAX_ANSWER_BYTES} bytes`,
  );
  const evmErr = await new EvmClient('1', [url], 30_000).nativeBalance(`0x${'11'.repeat(20)}`).catch((e: unknown) => e);
  expect(describeFailure('node for chain 1', evmErr)).toMatch(/sent an answer larger than \d+ bytes/);
  // The reads stopped near the cap (socket buffers aside), far from 150 MB each.
  expect(sent).toBeLessThan(2 * (DEFAULT_MAX_ANSWER_BYTES * 2 + 32 * 1024 * 1024));
  const grown = (process.memoryUsage().rss - before) / 1024 / 1024;
  expect(grown).toBeLessThan(200);
});

it('a declared content-length above the cap is refused before reading', async () => {
  sent = 0;
  const err = await requestJson(`${url}/declared`, AbortSignal.timeout(30_000), { maxBytes: 1024 }).catch(
    (e: unknown) => e,
  );
  expect(describeFailure('node for chain 1', err)).toBe('node for chain 1 sent an answer larger than 1024 bytes');
});
