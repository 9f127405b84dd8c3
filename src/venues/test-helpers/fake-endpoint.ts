/**
 * A local HTTP server (node:http on port 0) answering ingest requests from a route table, with switchable failure
 * modes, so ingest tests run against real sockets and real response bodies without the network.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Mode = 'ok' | 'http-500' | 'garbage' | 'empty' | 'truncated';
/** Returns a JSON value to serialize, a pre-serialized JSON string, or undefined for 404. */
export type Route = (path: string, query: URLSearchParams) => unknown;

export interface FakeEndpoint {
  url: string;
  mode: Mode;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeEndpoint(route: Route): Promise<FakeEndpoint> {
  const state = { mode: 'ok' as Mode, requests: [] as string[] };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    state.requests.push(u.pathname + u.search);
    const send = (status: number, body: string, type = 'application/json'): void => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (state.mode === 'http-500') return send(500, '{"code":13,"message":"internal error"}');
    if (state.mode === 'garbage') return send(200, '<html><body>502 Bad Gateway</body></html>', 'text/html');
    let body: unknown;
    try {
      body = route(u.pathname, u.searchParams);
    } catch (err) {
      return send(500, JSON.stringify({ code: 2, message: (err as Error).message }));
    }
    if (body === undefined) return send(404, '{"code":5,"message":"not found"}');
    if (state.mode === 'empty') return send(200, Array.isArray(body) ? '[]' : '{"pools":[]}');
    const text = typeof body === 'string' ? body : JSON.stringify(body); // a string is a pre-serialized body
    if (state.mode === 'truncated') return send(200, text.slice(0, Math.floor(text.length / 2)));
    return send(200, text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(m: Mode) {
      state.mode = m;
    },
    requests: state.requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A clock tests can move. */
export function fakeClock(start = Date.parse('2026-01-01T00:00:00Z')): {
  now: () => number;
  date: () => Date;
  advance: (ms: number) => void;
} {
  let t = start;
  return { now: () => t, date: () => new Date(t), advance: (ms) => (t += ms) };
}
