/**
 * One webhook POST, with the target checked on the connection itself: the host is resolved here, every address it
 * resolves to must be public (or the host on WEBHOOK_ALLOW_HOSTS), and the socket connects to the address that was
 * checked — so a name that pointed outside at registration and inside now (DNS rebinding) is refused at delivery,
 * with no second lookup between check and connect. Redirects are never followed (a 3xx is a failed attempt), and the
 * answer's body is never read: the deliveries list records only the status code, so an internal service's answer
 * can not be read through it.
 */
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { addressProblem, isAllowedHost, resolveAll, targetHost, type Resolve } from './webhook-target.js';

export interface SendOptions {
  timeoutMs: number;
  allowHosts: readonly string[];
  /** Name resolution (tests resolve their own names); the system resolver by default. */
  resolve?: Resolve;
}

export interface SendResult {
  /** The receiver's HTTP status; null when none came. */
  statusCode: number | null;
  /** Why the attempt failed; null when the receiver answered 2xx. */
  error: string | null;
}

/** A refusal of the target, told apart from network errors in the recorded error text. */
class TargetRefused extends Error {}

/** A `lookup` for http.request that resolves with `resolve` and refuses internal addresses unless allowed. */
function checkedLookup(resolve: Resolve, allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(new Error(`host ${hostname} does not resolve`), '', 0);
        const problem = allowed ? undefined : addressProblem(hostname.toLowerCase(), addresses);
        if (problem) return callback(new TargetRefused(`target refused: url ${problem}`), '', 0);
        const all = addresses.map((address) => ({ address, family: net.isIP(address) }));
        if (options.all) (callback as unknown as (e: null, a: typeof all) => void)(null, all);
        else callback(null, all[0]!.address, all[0]!.family);
      },
      (err: unknown) => callback(new Error(`host ${hostname} does not resolve: ${(err as Error).message}`), '', 0),
    );
  };
}

export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: SendOptions,
): Promise<SendResult> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return Promise.resolve({ statusCode: null, error: 'target refused: url is not a URL' });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    return Promise.resolve({ statusCode: null, error: 'target refused: url must be an http or https URL' });
  const host = targetHost(u);
  const allowed = isAllowedHost(host, opts.allowHosts);
  // An address literal is never looked up (Node connects to it directly): checked here instead.
  const literalProblem = net.isIP(host) && !allowed ? addressProblem(host, [host]) : undefined;
  if (literalProblem) return Promise.resolve({ statusCode: null, error: `target refused: url ${literalProblem}` });
  const client = u.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((done) => {
    const req = client.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: checkedLookup(opts.resolve ?? resolveAll, allowed),
        // A fresh connection per attempt: a pooled one could be to an address checked under an older answer.
        agent: false,
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        const statusCode = res.statusCode ?? null;
        // The status is all that is recorded; the body is dropped unread.
        res.destroy();
        const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
        done({ statusCode, error: ok ? null : `HTTP ${statusCode}` });
      },
    );
    req.on('error', (err: Error) => {
      const error =
        err instanceof TargetRefused
          ? err.message
          : err.name === 'TimeoutError' || err.name === 'AbortError'
            ? 'timed out'
            : err.message || 'request failed';
      done({ statusCode: null, error });
    });
    req.end(body);
  });
}
