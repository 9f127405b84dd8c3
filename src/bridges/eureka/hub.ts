/**
 * The Cosmos Hub side of an IBC Eureka transfer (execution-mechanics §1.4, §10.2):
 * - unrelayed: an ICS-20 `MsgTransfer` whose source_channel is the IBC v2 client `08-wasm-1369`, which makes the
 *   transfer module send an IBC v2 packet: `encoding` "application/x-solidity-abi" (the Ethereum side decodes ABI),
 *   `timeout_timestamp` in absolute **seconds** (the packet timeout of timeout.ts: past the relay, within the day the
 *   channel v2 core accepts), `timeout_height` zero, receiver the 0x address;
 * - relayed (smart_relay): the Hub entry point's `action` with an `ibc_transfer` over the same client whose
 *   `ibc_info.eureka_fee` bank-sends the relay fee (its own timeout in nanoseconds) before the entry point sends the
 *   packet; the coin attached is amount + fee.
 */
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import type { CosmosTx } from '../../wire/msgs.js';
import { executeContractJson, MSG_EXECUTE_CONTRACT_TYPE_URL } from '../../messages/cosmos/entry-point.js';
import { MSG_TRANSFER_TYPE_URL } from '../../messages/cosmos/msg-transfer.js';
import { stringifyWithBigInts } from '../../messages/json.js';

const SOLIDITY_ABI_ENCODING = 'application/x-solidity-abi';

export interface HubEurekaFields {
  chainId: string;
  sender: string;
  denom: string;
  /** What reaches Ethereum. */
  amount: bigint;
  receiver: string;
  sourceClient: string;
  nowSeconds: bigint;
  /** Seconds from now to the packet's timeout (timeout.ts). */
  timeoutSeconds: bigint;
  relay: { fee: bigint; recipient: string; entryPoint: string } | undefined;
  path: string[];
}

/** The unrelayed MsgTransfer, through the chain's protobuf model (cosmjs-types), rendered as the wire JSON. */
function eurekaMsgTransfer(f: HubEurekaFields): MsgTransfer {
  return MsgTransfer.fromPartial({
    sourcePort: 'transfer',
    sourceChannel: f.sourceClient,
    token: { denom: f.denom, amount: f.amount.toString() },
    sender: f.sender,
    receiver: f.receiver,
    timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n },
    timeoutTimestamp: f.nowSeconds + f.timeoutSeconds,
    memo: '',
    encoding: SOLIDITY_ABI_ENCODING,
  });
}

function msgTransferV2Json(m: MsgTransfer): string {
  return stringifyWithBigInts({
    source_port: m.sourcePort,
    source_channel: m.sourceChannel,
    token: { denom: m.token.denom, amount: m.token.amount },
    sender: m.sender,
    receiver: m.receiver,
    timeout_height: {},
    timeout_timestamp: m.timeoutTimestamp,
    memo: m.memo,
    encoding: m.encoding,
  });
}

/** The relay fee, its recipient, and the packet's deadline (seconds) of a relayed transfer the entry point sends. */
export interface HubEurekaRelay {
  sourceClient: string;
  denom: string;
  /** The 0x address on Ethereum. */
  receiver: string;
  /** Where the coins go should the entry point's transfer fail: the user's address on the Hub. */
  recoverAddress: string;
  fee: bigint;
  feeRecipient: string;
  deadlineSeconds: bigint;
}

/**
 * The entry point's `action` that sends a relayed Eureka transfer with the coins it holds: `eureka_fee` bank-sends the
 * relay fee out of them (its own timeout in nanoseconds), the rest rides the IBC v2 packet. Called by the user (with
 * amount + fee attached) or, on arrival of an ICS-20 packet, by the Hub's callbacks adapter with what arrived.
 */
export function hubEurekaAction(r: HubEurekaRelay): Record<string, unknown> {
  return {
    action: {
      action: {
        ibc_transfer: {
          ibc_info: {
            source_channel: r.sourceClient,
            receiver: r.receiver,
            memo: '',
            recover_address: r.recoverAddress,
            encoding: SOLIDITY_ABI_ENCODING,
            eureka_fee: {
              coin: { denom: r.denom, amount: r.fee.toString() },
              receiver: r.feeRecipient,
              timeout_timestamp: r.deadlineSeconds * 1_000_000_000n,
            },
          },
        },
      },
      exact_out: false,
      // Seconds: the entry point passes it to the transfer, which rides IBC v2.
      timeout_timestamp: r.deadlineSeconds,
    },
  };
}

export function hubEurekaTx(f: HubEurekaFields): CosmosTx {
  if (!f.relay) {
    const msg = { msg: msgTransferV2Json(eurekaMsgTransfer(f)), msg_type_url: MSG_TRANSFER_TYPE_URL };
    return { chain_id: f.chainId, path: f.path, signer_address: f.sender, msgs: [msg] };
  }
  const action = hubEurekaAction({
    sourceClient: f.sourceClient,
    denom: f.denom,
    receiver: f.receiver,
    recoverAddress: f.sender,
    fee: f.relay.fee,
    feeRecipient: f.relay.recipient,
    deadlineSeconds: f.nowSeconds + f.timeoutSeconds,
  });
  const msg = {
    msg: executeContractJson(f.sender, f.relay.entryPoint, action, [
      { denom: f.denom, amount: f.amount + f.relay.fee },
    ]),
    msg_type_url: MSG_EXECUTE_CONTRACT_TYPE_URL,
  };
  return { chain_id: f.chainId, path: f.path, signer_address: f.sender, msgs: [msg] };
}
