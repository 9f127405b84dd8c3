/**
 * Webhook targets must be public http(s) addresses: a webhook is a request Junction makes on a caller's behalf, and
 * one aimed at loopback, the private network or a cloud metadata service (169.254.169.254) would let any key holder
 * reach inside the operator's network — and read the answers in the deliveries list. The host is checked after DNS
 * resolution (every address it resolves to) at registration, and again at every delivery on the very addresses the
 * connection then uses (webhooks-send.ts: DNS may point inside since registration); redirects are never followed.
 * Decimal and hex IPv4 forms (`http://2130706433/`, `http://0x7f.1/`) are normalised by the URL parser before the
 * check. WEBHOOK_ALLOW_HOSTS lists internal hosts an operator allows.
 */
import { lookup } from 'node:dns/promises';
import net from 'node:net';

/** Ranges that are not the public internet (IANA special-purpose registries, IPv4 and IPv6). */
const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 23],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 IPv6 address, if it is one. */
function embeddedIpv4(address: string): string | undefined {
  const m = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return isPublicAddress(v4);
  return !NOT_PUBLIC.check(address, 'ipv6');
}

export type Resolve = (host: string) => Promise<string[]>;
export const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The URL's host as the check compares it: lower case, IPv6 without brackets. */
export const targetHost = (u: URL) => u.hostname.replace(/^\[|\]$/g, '').toLowerCase();

export const isAllowedHost = (host: string, allowHosts: readonly string[]) =>
  allowHosts.some((h) => h.toLowerCase() === host);

/** Why a target resolving to `addresses` is refused; undefined when every address is public. */
export function addressProblem(host: string, addresses: readonly string[]): string | undefined {
  const inside = addresses.find((a) => !isPublicAddress(a));
  if (!inside) return undefined;
  // Not the address a name resolved to: the answer (and the deliveries list) would let a key holder read the
  // operator's internal DNS, one name at a time.
  return `must be a public address: ${host} ${inside === host ? 'is' : 'resolves to'} a loopback, private, link-local or reserved address (an operator may allow it with WEBHOOK_ALLOW_HOSTS)`;
}

export interface TargetCheck {
  /** Why the target is refused; undefined when it may be called. */
  problem: string | undefined;
  /** The host did not resolve now (registration accepts it: each delivery checks again). */
  unresolved?: boolean;
}

/** Checks a webhook URL: scheme, no credentials, and every address its host resolves to is public (or allowed). */
export async function checkWebhookTarget(
  url: string,
  allowHosts: readonly string[] = [],
  resolve: Resolve = resolveAll,
): Promise<TargetCheck> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { problem: 'is not a URL' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { problem: 'must be an http or https URL' };
  if (u.username || u.password) return { problem: 'must not carry credentials' };
  const host = targetHost(u);
  if (isAllowedHost(host, allowHosts)) return { problem: undefined };
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { problem: `host ${host} does not resolve`, unresolved: true };
    }
  }
  return { problem: addressProblem(host, addresses) };
}
