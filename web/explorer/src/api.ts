/**
 * Calls to Junction's own API (same origin). The API key the user types is kept in sessionStorage (this tab only,
 * gone when it closes) and sent as the raw `authorization` header, as the SDK sends it.
 */

const KEY_STORAGE = 'junction.explorer.apiKey';

export function apiKey(): string {
  try {
    return sessionStorage.getItem(KEY_STORAGE) ?? '';
  } catch {
    return '';
  }
}

export function setApiKey(key: string): void {
  try {
    if (key) sessionStorage.setItem(KEY_STORAGE, key);
    else sessionStorage.removeItem(KEY_STORAGE);
  } catch {
    // Storage refused (private mode): the key then lives only as long as the field.
  }
}

export interface ErrorDetail {
  reason?: string;
  metadata?: Record<string, string>;
}

/** A non-2xx answer: the server's {code, message, details} as it sent them. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
    readonly details: ErrorDetail[],
  ) {
    super(message);
  }
}

export function headers(json: boolean): Record<string, string> {
  const key = apiKey();
  return { ...(key ? { authorization: key } : {}), ...(json ? { 'content-type': 'application/json' } : {}) };
}

export async function api<T>(path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: headers(body !== undefined),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiCallError(0, undefined, `the server could not be reached (${(err as Error).message})`, []);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const e = (parsed ?? {}) as { code?: number; message?: string; details?: ErrorDetail[] };
    throw new ApiCallError(
      res.status,
      e.code,
      e.message ?? `HTTP ${res.status}`,
      Array.isArray(e.details) ? e.details : [],
    );
  }
  return parsed as T;
}
