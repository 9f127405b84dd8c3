/** Runs one HTTP case against a server with autocannon (programmatic API). */
import { request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import type { HttpCase, HttpResult } from '../types.js';
import { cpuMsOf } from './server.js';
import { round } from './stats.js';

export async function runHttpCase(
  c: HttpCase,
  server: { url: string; pid: number },
  opts: { durationS: number; connections: number; warmupS: number; workers: number },
): Promise<HttpResult> {
  const baseUrl = server.url;
  const connections = c.connections ?? opts.connections;
  const bodies = c.bodies?.().map((b) => JSON.stringify(b));
  const first = bodies?.[0] ?? (c.body === undefined ? undefined : JSON.stringify(c.body));
  const request = {
    url: `${baseUrl}${c.path}`,
    method: c.method,
    headers: { 'content-type': 'application/json', ...c.headers },
    ...(first === undefined ? {} : { body: first }),
    // Rotating bodies: every connection walks the list of requests in order (plain objects, so worker threads can take them).
    ...(bodies && bodies.length > 1 ? { requests: bodies.map((body) => ({ method: c.method, body })) } : {}),
  };
  await c.prepare?.(baseUrl);
  // One request first: the case must answer what it expects, or its figures mean nothing.
  const probe = await rawRequest(request.url, c.method, request.headers, request.body);
  const probeBody = probe.body;
  const expected = c.expectStatus ?? 200;
  if (probe.status !== expected)
    throw new Error(
      `${c.name}: expected HTTP ${expected}, got ${probe.status}: ${Buffer.from(probeBody).toString().slice(0, 200)}`,
    );
  // Worker threads keep the load generator from being the bottleneck: parsing a large response costs the client
  // several times what it costs the server to write it.
  const workers = opts.workers > 1 ? { workers: opts.workers } : {};
  if (opts.warmupS > 0) await autocannon({ ...request, ...workers, connections, duration: opts.warmupS });
  const cpuBefore = cpuMsOf(server.pid);
  const r = await autocannon({ ...request, ...workers, connections, duration: opts.durationS });
  const cpuAfter = cpuMsOf(server.pid);
  const l = r.latency;
  return {
    name: c.name,
    kind: 'http',
    description: c.description,
    request: `${c.method} ${c.path}`,
    connections,
    duration_s: r.duration,
    requests_total: r.requests.total,
    requests_per_s: round(r.requests.average, 1),
    latency_ms: { p50: l.p50, p90: l.p90, p99: l.p99, mean: round(l.average), max: l.max },
    response_bytes: probeBody.byteLength,
    response_encoding: probe.encoding,
    server_cpu_ms_per_request:
      cpuBefore !== undefined && cpuAfter !== undefined
        ? round((cpuAfter - cpuBefore) / Math.max(1, r.requests.total), 3)
        : null,
    errors: r.errors + r.timeouts,
    // Responses with another status than expected count as failures.
    non_2xx:
      expected === 200
        ? r.non2xx
        : r.requests.total -
          ((r.statusCodeStats as Record<string, { count?: number } | undefined> | undefined)?.[String(expected)]
            ?.count ?? 0),
  };
}

/** One request with exactly these headers; the body as it came over the wire (fetch would decompress it). */
function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
