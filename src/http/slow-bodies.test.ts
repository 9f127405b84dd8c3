/**
 * Slow senders cannot hold the server: 1,000 connections that send their headers and then a byte of body now and
 * then, and connections that never finish their headers, are all closed by REQUEST_TIMEOUT_SECONDS /
 * HEADERS_TIMEOUT_SECONDS (plus Node's one-second check), while /health keeps answering.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from './app.js';

const REQUEST_TIMEOUT_S = 3;
const HEADERS_TIMEOUT_S = 2;
const SLOW_BODIES = 1_000;
const SLOW_HEADERS = 100;

let app: FastifyInstance;
let port = 0;
beforeAll(async () => {
  const ctx = buildContext(
    loadConfig([], {
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_S),
      HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S),
    }),
  );
  app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
});

interface Slow {
  socket: net.Socket;
  closedAt?: number;
}

function slowSender(head: string, trickle: string): Slow {
  const socket = net.connect(port, '127.0.0.1');
  const s: Slow = { socket };
  socket.on('error', () => {});
  socket.on('data', () => {}); // a 408 may come before the close
  socket.on('close', () => (s.closedAt = performance.now()));
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(trickle);
  }, 500);
  socket.on('close', () => clearInterval(timer));
  return s;
}

const until = async (condition: () => boolean, what: string) => {
  for (let i = 0; !condition(); i++) {
    if (i > 600) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

it('closes slow-body and slow-header connections within their timeouts; /health keeps answering', async () => {
  const slow: Slow[] = [];
  for (let i = 0; i < SLOW_BODIES; i++)
    slow.push(
      slowSender(
        'POST /v2/fungible/route HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
        ' ',
      ),
    );
  for (let i = 0; i < SLOW_HEADERS; i++) slowSender('GET /health HTTP/1.1\r\nHost: x\r\n', 'X-Pad: 1\r\n');
  await until(() => slow.every((s) => s.socket.readyState === 'open' || s.closedAt !== undefined), 'connections');
  // While all of them are open, the service answers.
  const health = await fetch(`http://127.0.0.1:${port}/health`, { headers: { connection: 'close' } });
  expect(health.status).toBe(200);
  // The senders never stop trickling, so every close is the server's deadline: without the timeouts this waits
  // until \`until\` gives up (600 checks) and fails. How soon they close is not asserted: on a loaded machine the
  // deadline's one-second check runs late (16 s was seen at a load of 25); bench/attack.ts measures it instead.
  await until(() => slow.every((s) => s.closedAt !== undefined), 'the slow connections to be closed');
  const after = await fetch(`http://127.0.0.1:${port}/health`, { headers: { connection: 'close' } });
  expect(after.status).toBe(200);
});
