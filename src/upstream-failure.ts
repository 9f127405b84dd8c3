/**
 * Upstream failures as callers may read them: by what failed and how ("node for chain 1 answered HTTP 429"), never by
 * URL. The HTTP clients' own messages quote the URL they called — with the provider key in its path or query, or a
 * password — and sometimes the answer's body; none of that is for callers (src/redact.ts is the second line).
 */
import { AnswerTooLargeError } from './upstream-answer.js';

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  code?: unknown;
  details?: unknown;
  cause?: unknown;
}

/** The errors of a cause chain, outermost first (bounded: a cycle cannot loop). */
function chain(err: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  for (let e: unknown = err; e && typeof e === 'object' && out.length < 8; e = (e as ErrorLike).cause)
    out.push(e as ErrorLike);
  return out;
}

type FailureKind =
  | { kind: 'status'; status: number }
  | { kind: 'timeout' }
  | { kind: 'too_large'; maxBytes: number }
  | { kind: 'not_json' }
  | { kind: 'rpc_error'; code: number | undefined; reason: string }
  | { kind: 'unreachable' };

/** What went wrong, from the error objects and, for clients that flatten errors to text (web3.js), their messages. */
function failureKind(err: unknown): FailureKind {
  const errors = chain(err);
  const text = errors.map((e) => (typeof e.message === 'string' ? e.message : '')).join(' | ');
  for (const e of errors) if (e instanceof AnswerTooLargeError) return { kind: 'too_large', maxBytes: e.maxBytes };
  const tooLarge = /answer larger than (\d+) bytes/.exec(text);
  if (tooLarge) return { kind: 'too_large', maxBytes: Number(tooLarge[1]) };
  for (const e of errors)
    if (typeof e.status === 'number' && e.status >= 400) return { kind: 'status', status: e.status };
  // web3.js: "429 Too Many Requests: …", wrapped as "failed to get balance of account …: Error: 429 …"; ours: "HTTP 503".
  const status = /(?:\bHTTP |Error: |^|\| )([45]\d\d) ?[A-Z]?/.exec(text);
  if (status) return { kind: 'status', status: Number(status[1]) };
  if (errors.some((e) => e.name === 'TimeoutError' || e.name === 'AbortError') || /timed out|timeout/i.test(text))
    return { kind: 'timeout' };
  if (/not JSON|Unexpected token|JSON\.parse|is not valid JSON|Unexpected end of JSON/i.test(text))
    return { kind: 'not_json' };
  // A JSON-RPC error object: the node understood and refused; its reason is the node's own words.
  for (const e of errors) {
    if (e.name === 'RpcRequestError' || e.name === 'SolanaJSONRPCError') {
      const reason = typeof e.details === 'string' && e.details ? e.details : String(e.message ?? '');
      return { kind: 'rpc_error', code: typeof e.code === 'number' ? e.code : undefined, reason: firstLine(reason) };
    }
  }
  return { kind: 'unreachable' };
}

const firstLine = (s: string) => s.split('\n')[0]!.slice(0, 200);

/** "node for chain 1 answered HTTP 429" and the like; `who` names the dependency ("node for chain 1"). */
export function describeFailure(who: string, err: unknown): string {
  const k = failureKind(err);
  switch (k.kind) {
    case 'status':
      return `${who} answered HTTP ${k.status}`;
    case 'timeout':
      return `${who} did not answer in time`;
    case 'too_large':
      return `${who} sent an answer larger than ${k.maxBytes} bytes`;
    case 'not_json':
      return `${who} sent an answer that is not JSON`;
    case 'rpc_error':
      return `${who} answered an error${k.code === undefined ? '' : ` (${k.code})`}: ${k.reason}`;
    case 'unreachable':
      return `${who} could not be reached`;
  }
}

export const nodeFor = (chainId: string) => `node for chain ${chainId}`;
