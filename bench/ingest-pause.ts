/**
 * Does ingesting a full pool set pause request serving? Swap quotes over HTTP are measured on the built server twice:
 * on the shipped snapshot alone, and while live ingest re-reads a large pool set (the shipped Osmosis pools repeated
 * under fresh ids: about two thousand pools, the size of Osmosis' live set) from a local SQS-shaped endpoint every
 * two seconds. Target: p99 during ingest ≤ 2 × p99 without it.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routeSwapHttpUncached } from './cases/routes.js';
import { runHttpCase } from './lib/http-load.js';
import { startServer } from './lib/server.js';
import { round } from './lib/stats.js';

const COPIES = 16;

function largePoolSet(): string {
  const file = JSON.parse(readFileSync(new URL('../data/pools/osmosis-1.json', import.meta.url), 'utf8')) as {
    pools: Record<string, unknown>[];
  };
  const out: unknown[] = [];
  for (let k = 0; k < COPIES; k++) {
    for (const p of file.pools) {
      const copy = structuredClone(p) as { chain_model?: { id?: string; pool_id?: string } };
      if (k > 0 && copy.chain_model) {
        if (copy.chain_model.id) copy.chain_model.id = String(100_000 * k + Number(copy.chain_model.id));
        if (copy.chain_model.pool_id) copy.chain_model.pool_id = String(100_000 * k + Number(copy.chain_model.pool_id));
      }
      out.push(copy);
    }
  }
  return JSON.stringify(out);
}

async function serveSqs(body: string) {
  let polls = 0;
  const server = createServer((req, res) => {
    if (req.url === '/pools') {
      polls++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } else res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":5,"message":"not found"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
    polls: () => polls,
  };
}

export async function benchIngestPause(opts: {
  durationS: number;
  connections: number;
  workers: number;
}): Promise<Record<string, unknown>> {
  const pools = largePoolSet();
  const sqs = await serveSqs(pools);
  const run = async (args: string[]) => {
    const server = await startServer(args);
    try {
      const before = sqs.polls();
      const r = await runHttpCase(routeSwapHttpUncached, server, { ...opts, warmupS: 2 });
      return { result: r, polls: sqs.polls() - before };
    } finally {
      await server.stop();
    }
  };
  try {
    const quiet = await run([]);
    const busy = await run(['--osmosis-sqs-url', sqs.url, '--venue-poll-interval-ms', '2000']);
    return {
      pools_per_ingest: (JSON.parse(pools) as unknown[]).length,
      ingest_body_bytes: pools.length,
      ingests_during_run: busy.polls,
      without_ingest: {
        req_per_s: quiet.result.requests_per_s,
        latency_ms: quiet.result.latency_ms,
        non_2xx: quiet.result.non_2xx,
      },
      during_ingest: {
        req_per_s: busy.result.requests_per_s,
        latency_ms: busy.result.latency_ms,
        non_2xx: busy.result.non_2xx,
      },
      p99_ratio: round(busy.result.latency_ms.p99 / Math.max(0.001, quiet.result.latency_ms.p99)),
    };
  } finally {
    sqs.close();
  }
}
