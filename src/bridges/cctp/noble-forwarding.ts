/**
 * Noble's forwarding accounts (noble-assets/forwarding, module `forwarding`): an account whose address is derived from
 * (channel, recipient, fallback) sends whatever it receives on to `recipient` over `channel` with an ICS-20 transfer
 * (no memo) at the end of the block. Minting CCTP USDC to such an address makes "burn on an EVM chain or Solana, then
 * IBC from Noble" one signature.
 *
 * - Address (types/account.go GenerateAddress): the Cosmos SDK's derived address (ADR-028, types/address Derive)
 *   of the module name over the UTF-8 concatenation channel + recipient + fallback, i.e.
 *   sha256(sha256("forwarding") ‖ channel ‖ recipient ‖ fallback), last 20 bytes, bech32 with prefix `noble`.
 * - The account forwards once it is registered (`/noble.forwarding.v1.MsgRegisterAccount` {signer, recipient, channel,
 *   fallback}; anyone may send it, also signerlessly, before or after the funds arrive: funds already there are
 *   forwarded in the same block). `fallback` (a Noble address) receives the funds if the forward fails.
 */
import { createHash } from 'node:crypto';
import { bech32 } from 'bech32';

const MODULE_NAME = 'forwarding';
export const MSG_REGISTER_ACCOUNT_TYPE_URL = '/noble.forwarding.v1.MsgRegisterAccount';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** The forwarding account's 20 address bytes. */
export function forwardingAccountBytes(channel: string, recipient: string, fallback = ''): Uint8Array {
  const key = Buffer.from(channel + recipient + fallback, 'utf8');
  return Uint8Array.from(sha256(Buffer.concat([sha256(Buffer.from(MODULE_NAME, 'utf8')), key])).subarray(12));
}

/** The forwarding account's bech32 address on Noble. */
export function forwardingAddress(channel: string, recipient: string, fallback = ''): string {
  return bech32.encode('noble', bech32.toWords(forwardingAccountBytes(channel, recipient, fallback)));
}

/** The registration message (proto field names, as the wire carries Cosmos messages) that turns the account on. */
export function registerAccountMsg(f: { signer: string; channel: string; recipient: string; fallback: string }): {
  msg: string;
  msg_type_url: string;
} {
  return {
    msg: JSON.stringify({ signer: f.signer, recipient: f.recipient, channel: f.channel, fallback: f.fallback }),
    msg_type_url: MSG_REGISTER_ACCOUNT_TYPE_URL,
  };
}
