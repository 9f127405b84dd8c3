/**
 * A benchmark case. `npm run bench` runs every case in cases/index.ts against one server (HTTP cases) or in the
 * bench process (in-process cases) and prints one JSON document. Adding a case = adding a file and listing it.
 */

/** Load on a running Junction server over loopback, with autocannon. */
export interface HttpCase {
  kind: 'http';
  name: string;
  description: string;
  method: 'GET' | 'POST';
  /** Path and query string, e.g. `/v2/fungible/assets?include_evm_assets=true`. */
  path: string;
  /** JSON request body (POST). */
  body?: unknown;
  /** Several bodies sent in rotation (e.g. random route pairs); built when the case runs. */
  bodies?: () => unknown[];
  /** Extra request headers (content-type: application/json is always sent, as the SDK does). */
  headers?: Record<string, string>;
  /** Status every response must have (the run fails otherwise); 200 by default. */
  expectStatus?: number;
  /** Concurrent connections; the run's default when absent. */
  connections?: number;
  /** Requests made once before the load (e.g. tracking the transaction whose status the load reads). */
  prepare?: (baseUrl: string) => Promise<void>;
}

/** A function timed inside the bench process (route computation, registry build...). */
export interface InProcessCase {
  kind: 'in-process';
  name: string;
  description: string;
  /** Timed runs after one untimed warm-up run. */
  iterations: number;
  /** Untimed preparation (e.g. building the registry the timed work reads); returns the function to time. */
  setup: () => Promise<() => unknown> | (() => unknown);
}

export type BenchCase = HttpCase | InProcessCase;

/** A pass/fail figure reported at the end. */
export interface Target {
  name: string;
  limit: number;
  unit: string;
  /** The figure must be at least the limit (throughput); at most by default (latency, memory). */
  atLeast?: boolean;
  /** Reads the figure from the report; undefined when the run did not measure it. */
  value: (report: Report) => number | undefined;
}

export interface LatencyStats {
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  max: number;
}

export interface HttpResult {
  name: string;
  kind: 'http';
  description: string;
  request: string;
  connections: number;
  duration_s: number;
  requests_total: number;
  requests_per_s: number;
  latency_ms: LatencyStats;
  /** Size of one response body on the wire, and its content-encoding. */
  response_bytes: number;
  response_encoding: string;
  /** Server process CPU time (user + system) over the run divided by the requests served: contention-independent. */
  server_cpu_ms_per_request: number | null;
  errors: number;
  non_2xx: number;
}

export interface InProcessResult {
  name: string;
  kind: 'in-process';
  description: string;
  iterations: number;
  ms: LatencyStats;
  ops_per_s: number;
}

export interface Report {
  date: string;
  machine: {
    cpus: number;
    cpu_model: string;
    memory_mb: number;
    node: string;
    platform: string;
    load_avg_at_start: number[];
  };
  settings: { duration_s: number; connections: number; load_workers: number; cold_start_runs: number };
  /** Wall time from spawn to the first 200 from /health; cpu_median: server CPU used by then (contention-independent). */
  cold_start_ms?: { runs: number[]; median: number; min: number; max: number; cpu_median: number | null };
  rss_mb?: { idle: number; after_load: number; peak: number };
  cases: (HttpResult | InProcessResult)[];
  /** Swap quotes over HTTP without and during live ingest of a full pool set (bench/ingest-pause.ts). */
  ingest_pause?: Record<string, unknown>;
  /** The tracking worker's CPU with many transactions in flight (bench/tx-worker.ts). */
  tx_worker?: Record<string, unknown>;
  /** The 5,000-pool live market over SQS (bench/scale-market.ts). */
  scale_market?: Record<string, unknown>;
  attack?: unknown;
  targets?: { name: string; limit: string; value: string; pass: boolean }[];
}
