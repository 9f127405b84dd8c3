/**
 * The transfer on a warp route's source chain (execution mechanics §7):
 * - EVM router: `transferRemote(uint32 destination, bytes32 recipient, uint256 amount)` with the interchain gas as the
 *   value (plus the amount for a native-token router); a collateral router pulls an ERC-20 and needs an approval.
 * - CosmWasm router (Neutron): MsgExecuteContract `{"transfer_remote": {dest_domain, recipient, amount}}` with the
 *   amount and the interchain gas as funds; the router keeps the amount and passes the rest to the mailbox's hook.
 * - hyperlane-cosmos warp module (Celestia): `/hyperlane.warp.v1.MsgRemoteTransfer` naming the collateral token's id
 *   (bcp-innovations/hyperlane-cosmos proto/hyperlane/warp/v1/tx.proto). The module takes the amount from the sender
 *   and pays the interchain gas from the sender's account too, charging its gas paymaster's quote and failing the
 *   message when that is above `max_fee` (x/core/02_post_dispatch/keeper/hook_igp.go PayForGas): max_fee is a cap,
 *   nothing above the quote is taken. `gas_limit` "0" keeps the destination gas enrolled with the remote router.
 * The recipient is 32 bytes: an EVM address or a 20-byte Cosmos account left-padded with zeros (the CosmWasm router and
 * the warp module turn such a value back into a 20-byte account: hyperlane-cosmos x/warp/types/payload.go
 * GetCosmosAccount).
 */
import type { Static } from '@sinclair/typebox';
import { encodeFunctionData, type Hex } from 'viem';
import type { CosmosTx, EvmTx } from '../../wire/msgs.js';
import { executeContractJson, MSG_EXECUTE_CONTRACT_TYPE_URL } from '../../messages/cosmos/entry-point.js';
import type { StepFee } from '../types.js';
import type { HyperlaneLane } from './lanes.js';
import { WARP_ROUTER_ABI } from './abi.js';

export { WARP_ROUTER_ABI };

export function evmTransferRemoteTx(
  lane: HyperlaneLane,
  recipient: Hex,
  amount: bigint,
  gas: StepFee,
  signer: string,
): Static<typeof EvmTx> {
  const data = encodeFunctionData({
    abi: WARP_ROUTER_ABI,
    functionName: 'transferRemote',
    args: [lane.destinationDomain, recipient, amount],
  });
  return {
    chain_id: lane.fromChainId,
    to: lane.router,
    value: (gas.amount + (lane.standard === 'EvmHypNative' ? amount : 0n)).toString(),
    // The wire carries calldata without 0x; the SDK prepends it.
    data: data.slice(2),
    required_erc20_approvals:
      lane.standard === 'EvmHypCollateral'
        ? [{ token_contract: lane.denomIn, spender: lane.router, amount: amount.toString() }]
        : [],
    signer_address: signer,
  };
}

const MSG_REMOTE_TRANSFER_TYPE_URL = '/hyperlane.warp.v1.MsgRemoteTransfer';

/**
 * The message's JSON, fields in proto order with the proto's names. Token id and recipient are HexAddress custom types:
 * `0x` and 64 lowercase hex digits, as the module marshals them (util/hex_address.go); amount and gas_limit are
 * cosmos.Int strings; custom_hook_id (nullable) and custom_hook_metadata are left out: the token's default hook.
 */
export function cosmosNativeTransferRemoteTx(
  lane: HyperlaneLane,
  recipient: Hex,
  amount: bigint,
  gas: StepFee,
  signer: string,
): CosmosTx {
  const msg = {
    sender: signer,
    token_id: lane.router.toLowerCase(),
    destination_domain: lane.destinationDomain,
    recipient: recipient.toLowerCase(),
    amount: amount.toString(),
    gas_limit: '0',
    max_fee: { denom: gas.denom, amount: gas.amount.toString() },
  };
  return {
    chain_id: lane.fromChainId,
    path: [lane.fromChainId, lane.toChainId],
    signer_address: signer,
    msgs: [{ msg: JSON.stringify(msg), msg_type_url: MSG_REMOTE_TRANSFER_TYPE_URL }],
  };
}

export function cosmwasmTransferRemoteTx(
  lane: HyperlaneLane,
  recipient: Hex,
  amount: bigint,
  gas: StepFee,
  signer: string,
): CosmosTx {
  const funds =
    gas.denom === lane.denomIn
      ? [{ denom: lane.denomIn, amount: amount + gas.amount }]
      : [
          { denom: lane.denomIn, amount },
          { denom: gas.denom, amount: gas.amount },
        ].sort((a, b) => (a.denom < b.denom ? -1 : 1));
  // HexBinary fields of CosmWasm messages are hex strings without 0x.
  const msg = {
    transfer_remote: { dest_domain: lane.destinationDomain, recipient: recipient.slice(2), amount: amount.toString() },
  };
  return {
    chain_id: lane.fromChainId,
    path: [lane.fromChainId, lane.toChainId],
    signer_address: signer,
    msgs: [{ msg: executeContractJson(signer, lane.router, msg, funds), msg_type_url: MSG_EXECUTE_CONTRACT_TYPE_URL }],
  };
}
