/**
 * Local stand-ins for the chain nodes an attack aims Junction at (bench/attack.ts): a Solana JSON-RPC node that counts
 * the calls it gets (balance fan-out) and a node whose every answer is a huge JSON body, streamed so the bench itself
 * never holds it. Both answer in the real wire shapes: JSON-RPC 2.0 results with a context, a JSON object.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalNode {
  url: string;
  /** Requests received so far (a JSON-RPC batch counts once per call in it). */
  calls: () => number;
  close: () => Promise<void>;
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

const closer = (server: http.Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A Solana node with an empty wallet: getBalance 0, no token accounts; every other method null. */
export async function countingSolanaNode(): Promise<LocalNode> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
      const one = (call: { id: number; method: string }) => {
        calls++;
        const context = { apiVersion: '2.0.15', slot: 310_000_123 };
        const result =
          call.method === 'getBalance'
            ? { context, value: 0 }
            : call.method === 'getTokenAccountsByOwner'
              ? { context, value: [] }
              : null;
        return { jsonrpc: '2.0', id: call.id, result };
      };
      const answer = Array.isArray(parsed) ? parsed.map(one) : one(parsed);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  return { url: await listen(server), calls: () => calls, close: closer(server) };
}

/** A node whose every answer is a `megabytes` MB JSON object, written a megabyte at a time as the client reads. */
export async function hugeAnswerNode(megabytes: number): Promise<LocalNode> {
  let calls = 0;
  const chunk = Buffer.from(`"${'x'.repeat(1024 * 1024 - 4)}",`);
  const server = http.createServer((req, res) => {
    calls++;
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"pad":[');
    let sent = 0;
    const more = () => {
      while (sent < megabytes) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end('"end"]}');
    };
    res.on('error', () => undefined);
    more();
  });
  return { url: await listen(server), calls: () => calls, close: closer(server) };
}
