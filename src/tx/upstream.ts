/**
 * Requests to chain nodes and services off the request path: every attempt has its own deadline, a failing endpoint
 * is set aside for a cool-down (the next one is tried at once), and a request retries with backoff across the
 * endpoints before giving up. One chain's slow node therefore never holds up another chain, and one bad endpoint of
 * a chain never holds up its good ones.
 */
import pRetry, { AbortError } from 'p-retry';
import { hostOf, observeUpstream, type UpstreamLabels } from '../upstream-calls.js';
import { fetchWithUrlCredentials } from '../url-credentials.js';
import { AnswerTooLargeError, DEFAULT_MAX_ANSWER_BYTES, readCapped } from '../upstream-answer.js';

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    message: string,
    /** HTTP status when the endpoint answered; undefined for network failures and timeouts. */
    readonly status?: number,
    /** The endpoint answered with a definite refusal (4xx other than 408/429): retrying elsewhere will not help. */
    readonly definite = false,
  ) {
    super(message);
  }
}

export interface PoolOptions {
  timeoutMs: number;
  /** Attempts in all, across endpoints. */
  attempts?: number;
  /** First backoff between rounds; doubled each round. */
  backoffMs?: number;
  /** How long a failed endpoint is skipped while others remain. */
  coolDownMs?: number;
  /** Largest answer read (src/upstream-answer.ts); requestJson callers pass `pool.maxAnswerBytes`. */
  maxAnswerBytes?: number;
  /** Each attempt is counted and timed under these labels (upstream-calls.ts, shown on /metrics). */
  upstream?: UpstreamLabels;
}

export class EndpointPool {
  private readonly downUntil = new Map<string, number>();
  readonly urls: readonly string[];
  constructor(
    urls: readonly string[],
    private readonly opts: PoolOptions,
  ) {
    this.urls = [...new Set(urls)];
  }

  get maxAnswerBytes(): number {
    return this.opts.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  }

  get configured(): boolean {
    return this.urls.length > 0;
  }

  /** Endpoints in the order to try: healthy ones first (in configured order), then the ones cooling down. */
  private order(now: number): string[] {
    const healthy = this.urls.filter((u) => (this.downUntil.get(u) ?? 0) <= now);
    return healthy.length > 0 ? [...healthy, ...this.urls.filter((u) => !healthy.includes(u))] : [...this.urls];
  }

  /**
   * Runs `call` against one endpoint after another until one succeeds; definite refusals are not retried. A round
   * tries every endpoint once, best first, without waiting; p-retry spaces the rounds (backoff, doubled each round).
   */
  async run<T>(call: (baseUrl: string, signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.urls.length === 0) throw new UpstreamError('no endpoint configured for this chain');
    let attemptsLeft = this.opts.attempts ?? Math.max(2, this.urls.length);
    const round = async (): Promise<T> => {
      let last: unknown;
      for (const url of this.order(Date.now()).slice(0, attemptsLeft)) {
        attemptsLeft--;
        try {
          const signal = AbortSignal.timeout(this.opts.timeoutMs);
          const { upstream } = this.opts;
          return await (upstream ? observeUpstream(upstream, () => call(url, signal)) : call(url, signal));
        } catch (err) {
          last = err;
          if (err instanceof UpstreamError && err.definite) throw new AbortError(err);
          this.downUntil.set(url, Date.now() + (this.opts.coolDownMs ?? 30_000));
        }
      }
      throw last instanceof UpstreamError ? last : new UpstreamError(describe(last));
    };
    return pRetry(round, {
      retries: Math.ceil(attemptsLeft / this.urls.length) - 1,
      minTimeout: this.opts.backoffMs ?? 200,
      factor: 2,
      randomize: false,
      shouldRetry: () => attemptsLeft > 0,
    });
  }
}

/** GET or POST JSON with the pool's signal; non-2xx statuses become UpstreamErrors. */
export async function requestJson(
  url: string,
  signal: AbortSignal,
  init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; maxBytes?: number } = {},
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchWithUrlCredentials()(url, {
      method: init.method ?? 'GET',
      signal,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch (err) {
    throw new UpstreamError(`${hostOf(url)}: ${describe(err)}`);
  }
  let text: string;
  try {
    text = await readCapped(res, init.maxBytes ?? DEFAULT_MAX_ANSWER_BYTES);
  } catch (err) {
    if (err instanceof AnswerTooLargeError)
      throw new UpstreamError(`${hostOf(url)}: ${err.message}`, res.status, false);
    text = '';
  }
  if (!res.ok) {
    const definite = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
    throw Object.assign(new UpstreamError(`${hostOf(url)}: HTTP ${res.status}`, res.status, definite), { body: text });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError(`${hostOf(url)}: answer is not JSON`, res.status);
  }
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.name === 'TimeoutError' ? 'timed out' : err.message || err.name;
  return String(err);
}
