/** Shared fixtures for tests: the real mainnet registry (built once per test file) and user addresses. */
import { bech32 } from 'bech32';
import { buildRegistry } from '../registry/build.js';
import type { Registry } from '../registry/registry.js';

let cached: Registry | undefined;
export function testRegistry(): Registry {
  return (cached ??= buildRegistry());
}

/**
 * One user's 20-byte account, the one seen in a real Skip response (execution-mechanics §14.2):
 * noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf = osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4 = ...
 */
export const USER_BYTES = Uint8Array.from(
  bech32.fromWords(bech32.decode('noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf').words),
);

/** The user's address on a Cosmos chain (same key, that chain's prefix). */
export function userAddress(registry: Registry, chainId: string): string {
  const prefix = registry.chain(chainId)!.wire.bech32_prefix;
  return bech32.encode(prefix, bech32.toWords(USER_BYTES));
}

export const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
export const USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
export const USDC_ON_NEUTRON = 'ibc/B559A80D62249C8AA07A380E2A2BEA6E5CA9A6F079C912C3A9E9B494105E4F81';
export const USDC_ON_DYDX = 'ibc/8E27BA2D5493AF5636760E354E46004562C46AB7EC0CC4C1CA14E9E20E2545B5';
/** Noble USDC on Nolus (pirin-1) that came through Osmosis: transfer/channel-0/transfer/channel-750/uusdc. */
export const USDC_ON_NOLUS_VIA_OSMOSIS = 'ibc/F5FABF52B54E65064B57BF6DBD8E5FAD22CEE9F4B8A57ADBB20CCD0173AA72A4';
/** Noble USDC on Quicksilver that came through dYdX (no packet forwarding): transfer/channel-164/transfer/channel-0/uusdc. */
export const USDC_ON_QUICKSILVER_VIA_DYDX = 'ibc/5666A86DCC869C75F69A7938AD6DCFECAC4A09C73522599E7A85B10143E5FBD2';
