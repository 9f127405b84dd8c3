/**
 * Address validation per chain family: bech32 with the chain's prefix and a valid checksum (Cosmos), EIP-55
 * (EVM), 32-byte base58 public keys (Solana). Errors name the chain and say what is wrong.
 */
import { bech32 } from 'bech32';
import bs58 from 'bs58';
import { isAddress } from 'viem';
import { invalidArgument } from '../errors.js';
import type { Registry } from '../registry/registry.js';

function looksBech32(address: string): boolean {
  try {
    bech32.decode(address.toLowerCase(), 1023);
    return true;
  } catch {
    return false;
  }
}

export function addressProblem(registry: Registry, chainId: string, address: string): string | undefined {
  const chain = registry.chain(chainId);
  if (!chain) return `unknown chain ${chainId}`;
  if (address === '') return 'empty address';
  switch (chain.wire.chain_type) {
    case 'cosmos': {
      // An address list in the wrong order (the EVM address where a Cosmos chain is expected) is a common mistake:
      // say so rather than "mixes upper and lower case" or a bech32 checksum error.
      if (/^0x[0-9a-fA-F]{40}$/.test(address))
        return `an EVM address (0x…) where ${chainId} takes a bech32 address with prefix "${chain.wire.bech32_prefix}"`;
      if (address !== address.toLowerCase() && address !== address.toUpperCase())
        return 'bech32 address mixes upper and lower case';
      let decoded;
      try {
        decoded = bech32.decode(address, 1023);
      } catch (err) {
        return `not a valid bech32 address (${(err as Error).message})`;
      }
      if (decoded.prefix !== chain.wire.bech32_prefix) {
        return `prefix "${decoded.prefix}" is not ${chainId}'s prefix "${chain.wire.bech32_prefix}"`;
      }
      const bytes = bech32.fromWords(decoded.words).length;
      if (bytes !== 20 && bytes !== 32) return `address has ${bytes} bytes; accounts have 20 and contracts 32`;
      return undefined;
    }
    case 'evm':
      if (isAddress(address)) return undefined;
      return looksBech32(address)
        ? `a bech32 address where ${chainId} takes an EVM address (0x + 40 hex digits)`
        : 'not a valid EVM address (0x + 40 hex digits, EIP-55 checksum if mixed case)';
    case 'svm': {
      try {
        return bs58.decode(address).length === 32 ? undefined : 'not a 32-byte Solana public key';
      } catch {
        return 'not a base58 Solana public key';
      }
    }
  }
}

/**
 * The one form of a valid address that chains accept everywhere: bech32 in lower case (BIP-173 allows an all-upper
 * form, but wasmd's addr_validate refuses anything that does not round-trip to the canonical lower case, so a
 * contract would fail the transaction); EVM and Solana addresses as given.
 */
export function canonicalAddress(registry: Registry, chainId: string, address: string): string {
  return registry.chain(chainId)?.wire.chain_type === 'cosmos' ? address.toLowerCase() : address;
}

/** A valid address of `chainId` in its canonical form, or an invalid-argument error naming the field. */
export function requireAddress(
  registry: Registry,
  chainId: string,
  address: string | undefined,
  field: string,
): string {
  if (address === undefined) throw invalidArgument(`missing address for chain ${chainId} in ${field}`);
  const problem = addressProblem(registry, chainId, address);
  if (problem) throw invalidArgument(`invalid address for chain ${chainId} in ${field}: ${problem}`);
  return canonicalAddress(registry, chainId, address);
}

/**
 * /msgs `address_list`: one address per entry of the route's required_chain_addresses, or (as the SDK's executeRoute
 * may send) one per entry of chain_ids. Each is validated for its chain.
 */
export function addressesFromList(
  registry: Registry,
  list: readonly string[],
  required: readonly string[],
  chainIds: readonly string[],
): Map<string, string> {
  const order = list.length === required.length ? required : list.length === chainIds.length ? chainIds : undefined;
  if (!order) {
    throw invalidArgument(
      `invalid address_list: got ${list.length} addresses, the route needs ${required.length} (one per required chain: ${required.join(', ')})`,
    );
  }
  const out = new Map<string, string>();
  order.forEach((chainId, i) => {
    const address = requireAddress(registry, chainId, list[i], `address_list[${i}]`);
    const seen = out.get(chainId);
    if (seen !== undefined && seen !== address) {
      throw invalidArgument(`invalid address_list[${i}]: chain ${chainId} appears twice with different addresses`);
    }
    out.set(chainId, address);
  });
  return out;
}

/** /msgs_direct `chain_ids_to_addresses`: every chain the route needs must be present and valid. */
export function addressesFromMap(
  registry: Registry,
  map: Readonly<Record<string, string>>,
  required: readonly string[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const chainId of required) {
    out.set(chainId, requireAddress(registry, chainId, map[chainId], `chain_ids_to_addresses`));
  }
  return out;
}
