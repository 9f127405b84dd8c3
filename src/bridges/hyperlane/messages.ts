/**
 * The transfer on a warp route's source chain (execution mechanics §7):
 * - EVM router: `transferRemote(uint32 destination, bytes32 recipient, uint256 amount)` with the interchain gas as the
 *   value (plus the amount for a native-token router); a collateral router pulls an ERC-20 and needs an approval.
 * - CosmWasm router (Neutron): MsgExecuteContract `{"transfer_remote": {dest_domain, recipient, amount}}` with the
 *   amount and the interchain gas as funds; the router keeps the amount and passes the rest to the mailbox's hook.
 * The recipient is 32 bytes: an EVM address or a 20-byte Cosmos account left-padded with zeros (the CosmWasm router
 * turns such a value back into a 20-byte bech32 account).
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
