/**
 * The one place that keeps the operator's secrets out of answers. Node and service URLs often carry a provider key
 * (`https://eth.provider.example/v2/<KEY>`, `?api_key=…`) or a password (`https://user:pass@…`), and the errors of
 * the HTTP clients quote the URL they called. Everything a caller can read — error bodies, balance entries, /health,
 * /metrics — passes through a Redactor built from the configuration before it is sent (src/http/app.ts).
 *
 * Two layers:
 * - exact: every secret fragment of every configured URL (userinfo, key-like path segments, query values, the API
 *   key settings) is replaced wherever it appears; safe on any answer, because fragments are specific strings;
 * - generic: in free text (error messages, /health details), any URL loses its userinfo, query and key-like path
 *   segments, so a URL that was not configured (a registry endpoint, a redirect target) cannot leak either.
 */
import { parseChainUrls, SETTINGS, type Config } from './config.js';

export const REDACTED = '[redacted]';

/** Query parameter names whose value is a credential whatever its length. */
export const SECRET_QUERY_NAME = /key|token|secret|auth|pass|sig|cred/i;

/**
 * A path segment that looks like a key: long and random-looking (Alchemy 32 alphanumerics, Infura 32 hex, QuickNode
 * 40 hex...). Ordinary segments (`v2`, `rpc`, `cosmos`, `ethereum-mainnet`) are words and stay.
 */
export function looksLikeKey(segment: string): boolean {
  if (!/^[\w.~%+=-]+$/.test(segment)) return false;
  if (segment.length >= 24) return true;
  return segment.length >= 12 && /\d/.test(segment) && /[a-z]/i.test(segment);
}

/** Fragments shorter than this are only removed from URLs (generic layer): replacing them everywhere would mangle answers. */
const MIN_EXACT_FRAGMENT = 6;

/** The secret parts of one URL: userinfo, key-like path segments, query values. Empty when it holds none. */
export function secretFragments(url: string): string[] {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [];
  }
  const out: string[] = [];
  const add = (s: string) => {
    if (!s) return;
    out.push(s);
    try {
      const decoded = decodeURIComponent(s);
      if (decoded !== s) out.push(decoded);
    } catch {
      // not percent-encoded text: the raw form is enough
    }
  };
  add(u.username);
  add(u.password);
  for (const seg of u.pathname.split('/')) if (looksLikeKey(seg)) add(seg);
  for (const [name, value] of u.searchParams) {
    if (SECRET_QUERY_NAME.test(name) || value.length >= MIN_EXACT_FRAGMENT) add(value);
  }
  if (u.hash.length > 1) add(u.hash.slice(1));
  return out;
}

/** Every URL the configuration holds: the URL settings and the per-chain endpoint lists. */
function configuredUrls(config: Config): string[] {
  const urls: string[] = [];
  for (const [key, s] of Object.entries(SETTINGS)) {
    if (s.kind !== 'url?') continue;
    const v = config[key as keyof Config];
    if (typeof v === 'string' && v) urls.push(v);
  }
  for (const [setting, text] of [
    ['CHAIN_RPC_URLS', config.chainRpcUrls],
    ['CHAIN_REST_URLS', config.chainRestUrls],
    ['OPINIT_EXECUTOR_URLS', config.opinitExecutorUrls],
  ] as const) {
    for (const list of parseChainUrls(setting, text).values()) urls.push(...list);
  }
  return urls;
}

/** A URL in free text: scheme, then everything up to a space, quote, bracket or backslash (JSON escapes). */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`\\]+/gi;

/** One URL of free text without its userinfo, query, fragment and key-like path segments. */
export function scrubUrl(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)(?:[^@/?#]*@)?([^/?#]*)([^?#]*)/i.exec(url);
  if (!m) return url;
  const [, scheme, host, path] = m;
  const cleanPath = path!
    .split('/')
    .map((seg) => (looksLikeKey(seg) ? REDACTED : seg))
    .join('/');
  const hadQuery = /[?#]/.test(url.slice(m[0].length, m[0].length + 1));
  return `${scheme}${host}${cleanPath}${hadQuery ? '?' + REDACTED : ''}`;
}

export class Redactor {
  /** Longest first, so a fragment containing another is replaced whole. */
  private readonly fragments: string[];

  constructor(secrets: Iterable<string>) {
    const set = new Set<string>();
    for (const s of secrets) if (s.length >= MIN_EXACT_FRAGMENT) set.add(s);
    this.fragments = [...set].sort((a, b) => b.length - a.length);
  }

  static fromConfig(config: Config): Redactor {
    const secrets: string[] = [];
    for (const url of configuredUrls(config)) secrets.push(url, ...secretFragments(url));
    if (config.priceApiKey) secrets.push(config.priceApiKey);
    if (config.metricsToken) secrets.push(config.metricsToken);
    if (config.nobleForwardingSignerKey) secrets.push(config.nobleForwardingSignerKey);
    return new Redactor(secrets);
  }

  /** Every configured secret replaced; nothing else changes (safe on any answer, JSON included). */
  exact(text: string): string {
    let out = text;
    for (const f of this.fragments) if (out.includes(f)) out = out.split(f).join(REDACTED);
    return out;
  }

  /** For free text: the exact layer, then every URL without userinfo, query and key-like segments. */
  text(text: string): string {
    return this.exact(text).replace(URL_IN_TEXT, scrubUrl);
  }
}
