/**
 * Requests to the services Junction depends on — chain nodes, the price API, pool indexers, Circle's attestation
 * service and the live bridge fee probes — counted and timed where each HTTP client is made, so that an operator can
 * see which dependency is slow or failing (`junction_upstream_*` on /metrics, src/http/metrics.ts).
 *
 * The clients report here and /metrics listens: this module knows nothing of Prometheus, and a client made outside
 * a server (a test, the keys command) costs one empty loop per request. Worker threads have their own listeners;
 * the SQS reading worker forwards its calls to the server's thread (venues/osmosis-poolmanager/sqs-worker.ts).
 */

/** What kind of dependency answered. */
type UpstreamKind = 'chain_node' | 'price_api' | 'pool_indexer' | 'attestation' | 'fee_probe' | 'bridge_api';

export interface UpstreamLabels {
  upstream: UpstreamKind;
  /**
   * Which one: the chain id for chain nodes and fee probes (their endpoints are configured per chain), the host for
   * the price API, pool indexers, the attestation service and bridge APIs (bridge_api: Axelar's GMP API). Never a path or a query (they would grow the label
   * set without bound, and may hold keys).
   */
  target: string;
}

/** ok: an answer the caller can use; http_error: a non-2xx status; timeout: no answer in time; network_error: the rest. */
export type UpstreamOutcome = 'ok' | 'http_error' | 'timeout' | 'network_error';

export interface UpstreamCall extends UpstreamLabels {
  outcome: UpstreamOutcome;
  /** From sending the request to the answer (or the failure). */
  seconds: number;
}

type Listener = (call: UpstreamCall) => void;
const listeners = new Set<Listener>();

/** Calls `listener` for every upstream request of this thread; returns the function that stops it. */
export function onUpstreamCall(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function recordUpstreamCall(call: UpstreamCall): void {
  for (const l of listeners) l(call);
}

/** The host of a URL without credentials (`https://user:key@api.example/v3?k=1` → `api.example`). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * How a failure counts: a timeout or abort anywhere in the cause chain is a timeout, an HTTP status of 400 or more a
 * status error, anything else a network error (refused, reset, DNS, an unreadable answer).
 */
export function outcomeOf(err: unknown): UpstreamOutcome {
  let status: number | undefined;
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const o = e as { name?: unknown; status?: unknown; cause?: unknown; message?: unknown };
    if (o.name === 'TimeoutError' || o.name === 'AbortError') return 'timeout';
    if (typeof o.message === 'string' && /timed out|timeout/i.test(o.message)) return 'timeout';
    if (status === undefined && typeof o.status === 'number' && o.status >= 400) status = o.status;
    e = o.cause;
  }
  return status !== undefined ? 'http_error' : 'network_error';
}

/**
 * Runs one request and reports it. `classify` may count a failure as an answer (an attestation service's 404 means
 * "not seen yet", not a failing service).
 */
export async function observeUpstream<T>(
  labels: UpstreamLabels,
  request: () => Promise<T>,
  classify: (err: unknown) => UpstreamOutcome = outcomeOf,
): Promise<T> {
  const start = performance.now();
  try {
    const out = await request();
    report(labels, 'ok', start);
    return out;
  } catch (err) {
    report(labels, classify(err), start);
    throw err;
  }
}

/**
 * A fetch that reports each request it makes: a non-2xx answer is an `http_error`, a thrown failure is classified by
 * `outcomeOf`. The time is to the answer's headers (the caller reads the body). For clients that take a fetch:
 * viem's HTTP transport (`fetchFn`), @solana/web3.js' Connection, the price API client.
 */
export function observedFetch(labels: UpstreamLabels, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const start = performance.now();
    let res: Response;
    try {
      res = await base(input, init);
    } catch (err) {
      report(labels, outcomeOf(err), start);
      throw err;
    }
    report(labels, res.ok ? 'ok' : 'http_error', start);
    return res;
  };
}

function report(labels: UpstreamLabels, outcome: UpstreamOutcome, start: number): void {
  if (listeners.size === 0) return;
  recordUpstreamCall({ ...labels, outcome, seconds: (performance.now() - start) / 1000 });
}
