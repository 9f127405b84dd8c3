/**
 * A local HTTP server answering CoinGecko's `simple/price` shape, for tests of the live client. Each request is
 * recorded; the reply is decided by a handler the test swaps in (prices, errors, garbage, silence).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface SeenRequest {
  path: string;
  ids: string[];
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export type Handler = (req: SeenRequest, res: ServerResponse) => void;

export interface PriceServer {
  baseUrl: string;
  seen: SeenRequest[];
  handle(h: Handler): void;
  close(): Promise<void>;
}

/** Answers with the given USD prices for the ids asked (ids not listed are absent, as CoinGecko does). */
export function answerPrices(prices: Record<string, number | string>, lastUpdatedAt?: number): Handler {
  return (req, res) => {
    const body: Record<string, { usd: number | string; last_updated_at?: number }> = {};
    for (const id of req.ids) {
      const usd = prices[id];
      if (usd !== undefined) body[id] = lastUpdatedAt === undefined ? { usd } : { usd, last_updated_at: lastUpdatedAt };
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}

export async function startPriceServer(): Promise<PriceServer> {
  let handler: Handler = (_req, res) => res.writeHead(404).end();
  const seen: SeenRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const r: SeenRequest = {
      path: url.pathname,
      ids: (url.searchParams.get('ids') ?? '').split(',').filter(Boolean),
      query: url.searchParams,
      headers: req.headers,
    };
    seen.push(r);
    open.add(res);
    res.on('close', () => open.delete(res));
    if (url.pathname !== '/api/v3/simple/price') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    handler(r, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    seen,
    handle: (h) => (handler = h),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
