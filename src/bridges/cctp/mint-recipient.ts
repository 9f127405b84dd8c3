/**
 * CCTP's `mintRecipient` is 32 bytes, whatever the destination's address type (execution mechanics §0.3, §5.4):
 * - EVM: 12 zero bytes, then the 20-byte address;
 * - Cosmos (Noble): the 20-byte account, left-padded to 32. Noble's CCTP module mints to the last 20 bytes of the
 *   mint recipient (circlefin/noble-cctp x/cctp/keeper/msg_server_receive_message.go, `MintRecipient[12:]`, commit
 *   a5c2d9d), so a 32-byte address (a contract's, an ICA's) would be minted to another account: it is refused;
 * - Solana: the recipient's USDC *token account* (its associated token account for the USDC mint), because Circle's
 *   Solana program mints to the token account named in the message, not to a wallet.
 */
import type { PublicKey } from '@solana/web3.js';
import { solanaWeb3 } from '../../messages/svm/web3.js';
import { bech32 } from 'bech32';
import { hexToBytes } from 'viem';
import { invalidArgument } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { cctpConfig } from './config.js';

export function leftPad32(bytes: Uint8Array): Uint8Array {
  if (bytes.length > 32) throw new RangeError(`an address of ${bytes.length} bytes does not fit in 32`);
  const out = new Uint8Array(32);
  out.set(bytes, 32 - bytes.length);
  return out;
}

/** The owner's associated token account for a mint (SPL Associated Token Account program derivation). */
export function associatedTokenAccount(owner: PublicKey, mint: PublicKey): PublicKey {
  const { token_program, associated_token_program } = cctpConfig().solana;
  const { PublicKey } = solanaWeb3();
  return PublicKey.findProgramAddressSync(
    [owner.toBuffer(), new PublicKey(token_program).toBuffer(), mint.toBuffer()],
    new PublicKey(associated_token_program),
  )[0];
}

/** The 32-byte mint recipient for `address` on `chainId` (an address already validated for that chain). */
export function mintRecipient(registry: Registry, chainId: string, address: string): Uint8Array {
  const type = registry.chain(chainId)?.wire.chain_type;
  switch (type) {
    case 'evm':
      return leftPad32(hexToBytes(address as `0x${string}`));
    case 'cosmos': {
      const bytes = Uint8Array.from(bech32.fromWords(bech32.decode(address, 1023).words));
      if (bytes.length !== 20)
        throw invalidArgument(
          `invalid address for ${chainId}: ${address} is a ${bytes.length}-byte address, and CCTP mints on ${chainId} to a 20-byte account only (the last 20 bytes of mint_recipient)`,
        );
      return leftPad32(bytes);
    }
    case 'svm': {
      const mint = cctpConfig().usdc.get(chainId);
      if (!mint) throw new Error(`no USDC mint configured for ${chainId}`);
      const { PublicKey } = solanaWeb3();
      return associatedTokenAccount(new PublicKey(address), new PublicKey(mint)).toBytes();
    }
    default:
      throw new Error(`unknown chain ${chainId}`);
  }
}
