/**
 * Registering a Noble forwarding account: the `/noble.forwarding.v1.MsgRegisterAccount` transaction, encoded and
 * signed here (the type is not in cosmjs-types). Its fields (noble-assets/forwarding proto/noble/forwarding/v1/tx.proto):
 * `signer` = 1, `recipient` = 2, `channel` = 3, `fallback` = 4, all strings. Anyone may register any account (the
 * module checks only the channel, the recipient's length and the fallback's form), so the signer is any funded key:
 * the operator's NOBLE_FORWARDING_SIGNER_KEY. The transaction is a Cosmos SDK direct-mode transaction (TxRaw of
 * TxBody, AuthInfo with one secp256k1 signer, the signature over SHA-256 of the SignDoc, 64 bytes r‖s, low s).
 */
import { createHash } from 'node:crypto';
import { bech32 } from 'bech32';
import { BinaryWriter } from 'cosmjs-types/binary';
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing';
import { AuthInfo, SignDoc, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { ripemd160, type Hex } from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import type { ForwardingFields } from './forwarding-book.js';
import { MSG_REGISTER_ACCOUNT_TYPE_URL } from './noble-forwarding.js';

export const FORWARDING_ACCOUNT_TYPE_URL = '/noble.forwarding.v1.ForwardingAccount';
const NOBLE_CHAIN_ID = 'noble-1';
/** Gas of a registration (a new account and a counter: far below this) and its fee at Noble's uusdc gas price. */
const REGISTER_GAS_LIMIT = 200_000n;
const REGISTER_FEE_UUSDC = 20_000n;

interface MsgRegisterAccount {
  signer: string;
  recipient: string;
  channel: string;
  fallback: string;
}

function encodeMsgRegisterAccount(m: MsgRegisterAccount): Uint8Array {
  const w = BinaryWriter.create();
  if (m.signer) w.uint32(10).string(m.signer);
  if (m.recipient) w.uint32(18).string(m.recipient);
  if (m.channel) w.uint32(26).string(m.channel);
  if (m.fallback) w.uint32(34).string(m.fallback);
  return w.finish();
}

/** A secp256k1 key for Noble: its compressed public key and `noble1…` address. */
export interface NobleSigner {
  privateKey: Hex;
  publicKey: Uint8Array;
  address: string;
}

export function nobleSigner(privateKeyHex: string): NobleSigner {
  const privateKey = (privateKeyHex.startsWith('0x') ? privateKeyHex : `0x${privateKeyHex}`) as Hex;
  if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey)) throw new Error('not a 32-byte hex secp256k1 private key');
  const uncompressed = Buffer.from(privateKeyToAccount(privateKey).publicKey.slice(2), 'hex');
  const publicKey = new Uint8Array(33);
  publicKey[0] = (uncompressed[64]! & 1) === 0 ? 2 : 3;
  publicKey.set(uncompressed.subarray(1, 33), 1);
  const sha = createHash('sha256').update(publicKey).digest();
  const address = bech32.encode('noble', bech32.toWords(Buffer.from(ripemd160(sha, 'bytes'))));
  return { privateKey, publicKey, address };
}

/** The signed registration transaction (TxRaw bytes) for the signer's account number and sequence. */
export async function registrationTx(
  signer: NobleSigner,
  fields: ForwardingFields,
  account: { accountNumber: bigint; sequence: bigint },
): Promise<Uint8Array> {
  const msg = {
    signer: signer.address,
    recipient: fields.recipient,
    channel: fields.channel,
    fallback: fields.fallback,
  };
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({
      messages: [{ typeUrl: MSG_REGISTER_ACCOUNT_TYPE_URL, value: encodeMsgRegisterAccount(msg) }],
      memo: 'Junction: forwarding account registration',
    }),
  ).finish();
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: [
        {
          publicKey: {
            typeUrl: '/cosmos.crypto.secp256k1.PubKey',
            value: PubKey.encode({ key: signer.publicKey }).finish(),
          },
          modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } },
          sequence: account.sequence,
        },
      ],
      fee: { amount: [{ denom: 'uusdc', amount: REGISTER_FEE_UUSDC.toString() }], gasLimit: REGISTER_GAS_LIMIT },
    }),
  ).finish();
  const signDoc = SignDoc.encode({
    bodyBytes,
    authInfoBytes,
    chainId: NOBLE_CHAIN_ID,
    accountNumber: account.accountNumber,
  }).finish();
  const digest = `0x${createHash('sha256').update(signDoc).digest('hex')}` as Hex;
  const { r, s } = await sign({ hash: digest, privateKey: signer.privateKey });
  const signature = Buffer.concat([
    Buffer.from(r.slice(2).padStart(64, '0'), 'hex'),
    Buffer.from(s.slice(2).padStart(64, '0'), 'hex'),
  ]);
  return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] }).finish();
}

/** The auth module's account query (ABCI path and request bytes), and its answer read back. */
export const ACCOUNT_QUERY_PATH = '/cosmos.auth.v1beta1.Query/Account';
export const accountQueryData = (address: string) => QueryAccountRequest.encode({ address }).finish();

interface AccountState {
  typeUrl: string;
  accountNumber: bigint;
  sequence: bigint;
}

/** The account in a QueryAccountResponse: its type, and number and sequence when it is a BaseAccount. */
export function readAccount(value: Uint8Array): AccountState | null {
  const any = QueryAccountResponse.decode(value).account;
  if (!any) return null;
  if (any.typeUrl !== '/cosmos.auth.v1beta1.BaseAccount')
    return { typeUrl: any.typeUrl, accountNumber: 0n, sequence: 0n };
  const base = BaseAccount.decode(any.value);
  return { typeUrl: any.typeUrl, accountNumber: base.accountNumber, sequence: base.sequence };
}
