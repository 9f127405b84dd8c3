/**
 * A synthetic Osmosis SQS endpoint in its own process (so that generating and serialising a 5,000-pool market never
 * pauses the process that measures request latencies): `node --import tsx bench/lib/synthetic-sqs.ts <pools> [seed]`
 * prints `{"url": …}` on stdout once listening, then answers
 *   GET  /pools              the market in SQS /pools shape (moving it one poll interval first, when enabled)
 *   GET  /pools/ticks/{id}   a concentrated pool's tick model
 *   POST /control/move?on=1  move the market before each /pools answer from now on (on=0: hold still)
 *   GET  /control/stats      { polls, tickRequests, version, pools }
 * The market is src/venues/test-helpers/synthetic-osmosis.ts over the registered osmosis-1 assets.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildRegistry } from '../../src/registry/build.js';
import { ATOM, OSMO, SyntheticOsmosis, USDC, osmosisTokens } from '../../src/venues/test-helpers/synthetic-osmosis.js';

const pools = Number(process.argv[2] ?? 5000);
const seed = Number(process.argv[3] ?? 7);
const market = new SyntheticOsmosis({ pools, tokens: osmosisTokens(buildRegistry()), hubs: [OSMO, USDC, ATOM], seed });
market.poolsBody(); // serialise once before the first request
let move = false;
let polls = 0;
let tickRequests = 0;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const json = (status: number, body: string) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  if (url.pathname === '/pools') {
    if (move && polls > 0) market.advance(0.1);
    polls++;
    return json(200, market.poolsBody());
  }
  const id = /^\/pools\/ticks\/(\d+)$/.exec(url.pathname)?.[1];
  if (id !== undefined) {
    tickRequests++;
    const body = market.ticksBody(id);
    return body ? json(200, body) : json(404, '{"message":"not a concentrated pool"}');
  }
  if (url.pathname === '/control/move') {
    move = url.searchParams.get('on') === '1';
    return json(200, '{}');
  }
  if (url.pathname === '/control/stats')
    return json(200, JSON.stringify({ polls, tickRequests, version: market.version, pools }));
  return json(404, '{"message":"not found"}');
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
