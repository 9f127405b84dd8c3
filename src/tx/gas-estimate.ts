/**
 * Gas of a transaction to sign, asked of the chain's node: EVM by `eth_estimateGas` from the signer (each ERC-20
 * approval the transaction lists first, then the call itself), Cosmos by simulating the unsigned transaction
 * (REST `cosmos/tx/v1beta1/simulate`; the signer's public key and sequence come from its account, so an account that
 * never signed cannot be simulated). Each part fails on its own, with a reason a caller may read: the caller
 * (route-txs/gas-estimates.ts) falls back to the gas table for it and says so.
 */
import { Any } from 'cosmjs-types/google/protobuf/any';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing';
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { BinaryWriter } from 'cosmjs-types/binary';
import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import type { CosmosTx } from '../wire/msgs.js';
import type { CosmosClient } from './cosmos-client.js';
import type { EvmClient } from './evm-client.js';
import { SimulationError, type SolanaClient } from './solana-client.js';
import { describeFailure, nodeFor } from '../upstream-failure.js';

/** `gas`: what the part is expected to use (and pay for); `limit`: the gas limit it needs, when the node says. */
export type PartResult = { ok: true; gas: bigint; limit?: bigint } | { ok: false; reason: string };

interface EvmTxFields {
  to: string;
  value: string;
  data: string;
  signer_address: string;
  required_erc20_approvals: readonly { token_contract: string; spender: string; amount: string }[];
}

/** A node's refusal in a few words: the revert or error text it gave, else the failure's kind (never a URL). */
function reasonOf(chainId: string, err: unknown): string {
  const body = (err as { body?: unknown }).body;
  if (typeof body === 'string') {
    try {
      const message = (JSON.parse(body) as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message.slice(0, 200);
    } catch {
      // not JSON: the failure's kind below
    }
  }
  const short = (err as { shortMessage?: unknown }).shortMessage;
  if (typeof short === 'string' && short) return short.split('\n')[0]!.slice(0, 200);
  return describeFailure(nodeFor(chainId), err);
}

async function part(chainId: string, run: () => Promise<bigint>): Promise<PartResult> {
  try {
    return { ok: true, gas: await run() };
  } catch (err) {
    return { ok: false, reason: reasonOf(chainId, err) };
  }
}

/**
 * One call's gas on an EVM node. eth_estimateGas answers the gas limit the call needs; what it uses (and pays) is less
 * when it earns refunds (a storage slot cleared, or set and restored within the call, as a CCTP burn does with the
 * minter's balance: about a fifth less). eth_createAccessList, asked beside it, answers the gas used after refunds;
 * a node without it leaves the limit as the figure.
 */
async function evmCallGas(
  client: EvmClient,
  call: { account: Hex; to: Hex; data: Hex; value?: bigint },
): Promise<PartResult> {
  const [limit, used] = await Promise.allSettled([
    client.client.estimateGas(call),
    client.client.createAccessList(call),
  ]);
  if (limit.status === 'rejected') return { ok: false, reason: reasonOf(client.chainId, limit.reason) };
  const gasUsed = used.status === 'fulfilled' ? used.value.gasUsed : undefined;
  return { ok: true, gas: gasUsed !== undefined && gasUsed > 0n ? gasUsed : limit.value, limit: limit.value };
}

/**
 * The gas of each approval and of the call. The node runs the call against today's state, so a call that spends an
 * allowance the approval has not granted yet reverts: its part then fails, and the caller uses the table.
 */
export async function evmNodeGas(
  client: EvmClient,
  tx: EvmTxFields,
): Promise<{ approvals: PartResult[]; call: PartResult }> {
  const account = tx.signer_address as Hex;
  const [approvals, call] = await Promise.all([
    Promise.all(
      tx.required_erc20_approvals.map((a) =>
        evmCallGas(client, {
          account,
          to: a.token_contract as Hex,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [a.spender as Hex, BigInt(a.amount)],
          }),
        }),
      ),
    ),
    evmCallGas(client, {
      account,
      to: tx.to as Hex,
      data: `0x${tx.data.replace(/^0x/, '')}`,
      value: BigInt(tx.value || '0'),
    }),
  ]);
  return { approvals, call };
}

interface WireCoin {
  denom: string;
  amount: string;
}

/** The fields of the wire messages simulated (JSON, proto field names), whichever the message is. */
interface WireMsgJson {
  source_port?: string;
  source_channel?: string;
  token?: WireCoin;
  sender?: string;
  receiver?: string;
  timeout_height?: { revision_number?: string; revision_height?: string };
  timeout_timestamp?: string | number;
  memo?: string;
  contract?: string;
  msg?: unknown;
  funds?: WireCoin[];
  from_address?: string;
  to_address?: string;
  amount?: WireCoin[] | string;
  from?: string;
  destination_domain?: number;
  mint_recipient?: string;
  burn_token?: string;
  destination_caller?: string;
  token_id?: string;
  recipient?: string;
  gas_limit?: string;
  max_fee?: WireCoin;
}

const DEPOSIT_FOR_BURN = '/circle.cctp.v1.MsgDepositForBurn';
const DEPOSIT_FOR_BURN_WITH_CALLER = '/circle.cctp.v1.MsgDepositForBurnWithCaller';

/**
 * Noble's CCTP burn, which cosmjs-types does not ship (circlefin/noble-cctp proto/circle/cctp/v1/tx.proto): from = 1,
 * amount = 2 (a math.Int, as its decimal string), destination_domain = 3, mint_recipient = 4, burn_token = 5, and
 * destination_caller = 6 in the WithCaller form. Byte fields are base64 on the wire.
 */
function depositForBurnBytes(m: WireMsgJson, withCaller: boolean): Uint8Array {
  const w = BinaryWriter.create();
  w.uint32(10).string(m.from ?? '');
  w.uint32(18).string(String(m.amount ?? '0'));
  if (m.destination_domain) w.uint32(24).uint32(m.destination_domain);
  w.uint32(34).bytes(Buffer.from(m.mint_recipient ?? '', 'base64'));
  w.uint32(42).string(m.burn_token ?? '');
  if (withCaller) w.uint32(50).bytes(Buffer.from(m.destination_caller ?? '', 'base64'));
  return w.finish();
}

const REMOTE_TRANSFER = '/hyperlane.warp.v1.MsgRemoteTransfer';

/**
 * The warp transfer of hyperlane-cosmos (Celestia), which cosmjs-types does not ship (bcp-innovations/hyperlane-cosmos
 * proto/hyperlane/warp/v1/tx.proto): sender = 1, token_id = 2, destination_domain = 3, recipient = 4, amount = 5,
 * gas_limit = 7, max_fee = 8 (a Coin: denom = 1, amount = 2); HexAddress and math.Int fields are strings. Fields 6 and
 * 9 (custom hook) are left out, as the wire leaves them out.
 */
function remoteTransferBytes(m: WireMsgJson): Uint8Array {
  const w = BinaryWriter.create();
  w.uint32(10).string(m.sender ?? '');
  w.uint32(18).string(m.token_id ?? '');
  if (m.destination_domain) w.uint32(24).uint32(m.destination_domain);
  w.uint32(34).string(m.recipient ?? '');
  w.uint32(42).string(String(m.amount ?? '0'));
  w.uint32(58).string(m.gas_limit ?? '0');
  if (m.max_fee) w.uint32(66).fork().uint32(10).string(m.max_fee.denom).uint32(18).string(m.max_fee.amount).ldelim();
  return w.finish();
}

/** A message of the wire form (JSON, proto field names) as protobuf Any, for the types a route's Cosmos tx carries. */
function encodeMessage(typeUrl: string, json: string): Any {
  const m = JSON.parse(json) as WireMsgJson;
  switch (typeUrl) {
    case MsgTransfer.typeUrl:
      return Any.fromPartial({
        typeUrl,
        value: MsgTransfer.encode(
          MsgTransfer.fromPartial({
            sourcePort: m.source_port,
            sourceChannel: m.source_channel,
            token: m.token,
            sender: m.sender,
            receiver: m.receiver,
            timeoutHeight: m.timeout_height?.revision_height
              ? {
                  revisionNumber: BigInt(m.timeout_height.revision_number ?? 0),
                  revisionHeight: BigInt(m.timeout_height.revision_height),
                }
              : undefined,
            timeoutTimestamp: BigInt(m.timeout_timestamp ?? 0),
            memo: m.memo ?? '',
          }),
        ).finish(),
      });
    case MsgExecuteContract.typeUrl:
      return Any.fromPartial({
        typeUrl,
        value: MsgExecuteContract.encode(
          MsgExecuteContract.fromPartial({
            sender: m.sender,
            contract: m.contract,
            msg: new TextEncoder().encode(typeof m.msg === 'string' ? m.msg : JSON.stringify(m.msg)),
            funds: m.funds ?? [],
          }),
        ).finish(),
      });
    case MsgSend.typeUrl:
      return Any.fromPartial({
        typeUrl,
        value: MsgSend.encode(
          MsgSend.fromPartial({
            fromAddress: m.from_address,
            toAddress: m.to_address,
            amount: Array.isArray(m.amount) ? m.amount : [],
          }),
        ).finish(),
      });
    case DEPOSIT_FOR_BURN:
    case DEPOSIT_FOR_BURN_WITH_CALLER:
      return Any.fromPartial({ typeUrl, value: depositForBurnBytes(m, typeUrl === DEPOSIT_FOR_BURN_WITH_CALLER) });
    case REMOTE_TRANSFER:
      return Any.fromPartial({ typeUrl, value: remoteTransferBytes(m) });
    default:
      throw new UnsupportedMessage(typeUrl);
  }
}

class UnsupportedMessage extends Error {
  constructor(typeUrl: string) {
    super(`simulation does not encode ${typeUrl} messages`);
  }
}

interface AccountFields {
  pub_key?: { '@type'?: string; key?: string } | null;
  sequence?: string;
}

interface WrappedAccount extends AccountFields {
  base_account?: AccountFields;
  base_vesting_account?: { base_account?: AccountFields };
}

/** The base account of the REST answer, whatever wraps it (vesting accounts, module-specific account types). */
function baseAccount(account: unknown): AccountFields | undefined {
  const a = account as WrappedAccount | undefined;
  return a?.base_account ?? a?.base_vesting_account?.base_account ?? a;
}

/** The unsigned transaction of a wire cosmos_tx, as bytes the simulation takes: one empty signature. */
export function unsignedCosmosTx(tx: CosmosTx, pubKey: { typeUrl: string; key: Uint8Array }, sequence: bigint) {
  const body = TxBody.fromPartial({ messages: tx.msgs.map((m) => encodeMessage(m.msg_type_url, m.msg)) });
  const authInfo = AuthInfo.fromPartial({
    signerInfos: [
      {
        publicKey: Any.fromPartial({ typeUrl: pubKey.typeUrl, value: PubKey.encode({ key: pubKey.key }).finish() }),
        modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } },
        sequence,
      },
    ],
    fee: { amount: [], gasLimit: 0n },
  });
  return TxRaw.encode(
    TxRaw.fromPartial({
      bodyBytes: TxBody.encode(body).finish(),
      authInfoBytes: AuthInfo.encode(authInfo).finish(),
      signatures: [new Uint8Array()],
    }),
  ).finish();
}

/** Simulated gas of the whole Cosmos transaction. */
export async function cosmosNodeGas(client: CosmosClient, tx: CosmosTx): Promise<PartResult> {
  let account: AccountFields | undefined;
  try {
    account = baseAccount(await client.account(tx.signer_address));
  } catch (err) {
    const status = (err as { status?: unknown }).status;
    return {
      ok: false,
      reason:
        status === 404
          ? 'the signer has no account on the chain yet'
          : `account query failed: ${reasonOf(client.chainId, err)}`,
    };
  }
  const key = account?.pub_key;
  if (!key?.key || !key['@type'])
    return { ok: false, reason: 'the signer has no public key on the chain yet (it never signed there)' };
  let bytes: Uint8Array;
  try {
    bytes = unsignedCosmosTx(
      tx,
      { typeUrl: key['@type'], key: Buffer.from(key.key, 'base64') },
      BigInt(account?.sequence ?? 0),
    );
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  }
  return part(client.chainId, () => client.simulate(bytes));
}

/** Compute units of a Solana transaction (base64, as svm_tx carries it), simulated by the node. */
export async function solanaNodeUnits(client: SolanaClient, txBase64: string): Promise<PartResult> {
  try {
    return { ok: true, gas: await client.simulateUnits(Buffer.from(txBase64, 'base64')) };
  } catch (err) {
    return { ok: false, reason: err instanceof SimulationError ? err.message : reasonOf(client.chainId, err) };
  }
}
