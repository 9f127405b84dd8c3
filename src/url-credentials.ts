/**
 * Node endpoints configured with a user and password in the URL (`https://user:pass@node.example/`), a common form
 * for private nodes. fetch refuses such URLs outright ("Request cannot be constructed from a URL that includes
 * credentials"), so the node could never be reached; here the credentials move to an Authorization header (HTTP
 * Basic, RFC 7617), which is what they mean.
 */

/** `url` without its userinfo, and the Basic authorization it stood for (undefined when it had none). */
export function splitCredentials(url: string): { url: string; authorization: string | undefined } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url, authorization: undefined };
  }
  if (!u.username && !u.password) return { url, authorization: undefined };
  const pair = `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`;
  u.username = '';
  u.password = '';
  return { url: u.toString(), authorization: `Basic ${Buffer.from(pair, 'utf8').toString('base64')}` };
}

/** fetch that accepts URLs with credentials (string or URL input; a Request is passed on as it is). */
export function fetchWithUrlCredentials(base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    if (typeof input !== 'string' && !(input instanceof URL)) return base(input, init);
    const { url, authorization } = splitCredentials(String(input));
    if (!authorization) return base(input, init);
    const headers = new Headers(init?.headers);
    if (!headers.has('authorization')) headers.set('authorization', authorization);
    return base(url, { ...init, headers });
  };
}
