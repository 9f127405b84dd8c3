/**
 * CCTP's mintRecipient is 32 bytes whatever the destination (execution mechanics §5.4): an EVM address or a Cosmos
 * account's 20 bytes left-padded with zeros, a Solana token account as is. Read back in the destination's own
 * address form, so the user can check that the burn pays who they meant.
 */
import { bech32 } from 'bech32';
import bs58 from 'bs58';

export function readMintRecipient(
  hex32: string,
  dest: { chain_type: string; bech32_prefix: string } | undefined,
): string | null {
  const hex = hex32.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex) || !dest) return null;
  const bytes = Uint8Array.from(hex.match(/../g)!.map((b) => parseInt(b, 16)));
  const padded20 = bytes.subarray(0, 12).every((b) => b === 0);
  if (dest.chain_type === 'evm') return padded20 ? `EVM address 0x${hex.slice(24)}` : null;
  if (dest.chain_type === 'svm') return `Solana token account ${bs58.encode(bytes)}`;
  if (dest.chain_type === 'cosmos' && dest.bech32_prefix)
    return `account ${bech32.encode(dest.bech32_prefix, bech32.toWords(padded20 ? bytes.subarray(12) : bytes), 1023)}`;
  return null;
}
