/**
 * Axelar: axl-wrapped assets between Cosmos chains and EVM chains, and between EVM chains. From a Cosmos chain the
 * user's transaction is an ICS-20 transfer to Axelar's GMP account with a GMP memo; from an EVM chain it is a call to
 * the gateway. Axelar's validators confirm the source, then its relayers deliver on the destination in a transaction
 * of their own, so an Axelar hop ends the user's transaction — except a GMP call with token from an EVM chain to a
 * Cosmos chain with IBC hooks (lanes.ts): it pays Axelar's gas service for the execution and names Skip's entry point
 * as the destination contract, so the swap or transfer after the hop runs on arrival, in the same signature.
 */
import type { Address } from 'viem';
import { MSG_TRANSFER_TYPE_URL, buildMsgTransfer, msgTransferJson } from '../../messages/cosmos/msg-transfer.js';
import { stringifyWithBigInts } from '../../messages/json.js';
import type { Registry } from '../../registry/registry.js';
import { invalidArgument } from '../../errors.js';
import type { BridgeStep, BridgeTxInput, LaneBridge, NextStep } from '../types.js';
import { axelarConfig } from './config.js';
import { gmpTransferTx, sendTokenTx } from './evm.js';
import { axelarLanes, type AxelarLane } from './lanes.js';
import { sendTokenMemo, unwrapMemo } from './memo.js';
import { axelarLaneOfRecord, axelarRecord } from './operation.js';
import { axelarQuote } from './quote.js';

const lanesByRegistry = new WeakMap<Registry, readonly AxelarLane[]>();

function lanes(registry: Registry): readonly AxelarLane[] {
  let l = lanesByRegistry.get(registry);
  if (!l) lanesByRegistry.set(registry, (l = axelarLanes(registry)));
  return l;
}

function buildTx({
  step,
  amount,
  sender,
  recipient,
  operationIndices,
  timeoutTimestampNs,
  continuation,
}: BridgeTxInput<AxelarLane>) {
  const { lane } = step;
  const cfg = axelarConfig();
  const path = [lane.fromChainId, lane.toChainId];
  if (lane.gmp) {
    if (!continuation) {
      throw invalidArgument(
        `the Axelar GMP transfer from ${lane.fromChainId} to ${lane.toChainId} carries the next step of the route, and no step follows it there`,
      );
    }
    return {
      evm_tx: gmpTransferTx({
        chainId: lane.fromChainId,
        handler: lane.gmp.handler,
        token: lane.denomIn,
        symbol: lane.sourceSymbol!,
        amount,
        gasPayment: lane.gmp.gasPayment,
        destinationChain: lane.toChainName,
        call: continuation,
        signer: sender,
      }),
      operations_indices: operationIndices,
    };
  }
  if (lane.toAxelar) {
    const memo = lane.shouldUnwrap
      ? unwrapMemo(lane.toChainName, cfg.handler.get(lane.toChainId)!, recipient as Address, lane.fee, cfg.gasReceiver)
      : sendTokenMemo(lane.toChainName, recipient);
    if (timeoutTimestampNs === undefined)
      throw new Error('an Axelar transfer from a Cosmos chain needs the IBC timeout');
    const msg = buildMsgTransfer({
      sourcePort: lane.toAxelar.port,
      sourceChannel: lane.toAxelar.channel,
      denom: lane.denomIn,
      amount,
      sender,
      receiver: cfg.gmpAccount,
      timeoutTimestampNs,
      memo: stringifyWithBigInts(memo),
    });
    return {
      cosmos_tx: {
        chain_id: lane.fromChainId,
        path,
        signer_address: sender,
        msgs: [{ msg: msgTransferJson(msg), msg_type_url: MSG_TRANSFER_TYPE_URL }],
      },
      operations_indices: operationIndices,
    };
  }
  return {
    evm_tx: sendTokenTx({
      chainId: lane.fromChainId,
      gateway: cfg.gateway.get(lane.fromChainId)!,
      token: lane.denomIn,
      symbol: lane.sourceSymbol!,
      amount,
      destinationChain: lane.toChainName,
      destinationAddress: recipient,
      signer: sender,
    }),
    operations_indices: operationIndices,
  };
}

export const axelarBridge: LaneBridge<AxelarLane> = {
  kind: 'lanes',
  id: 'AXELAR',
  name: 'Axelar',
  operationKind: 'axelar_transfer',
  logoUri: 'https://raw.githubusercontent.com/cosmos/chain-registry/master/axelar/images/axl.svg',
  lanes,
  quote: axelarQuote,
  operation: (registry, step) => axelarRecord(registry, step),
  laneOfRecord: (registry, record, at, expected) => axelarLaneOfRecord(lanes(registry), record, at, expected),
  buildTx,
  carriesNext,
  onlyWithNext: (lane) => lane.gmp !== undefined,
};

/**
 * Axelar's relayers deliver on the destination in their own transaction: the funds wait there, unless the lane is a
 * GMP call whose destination contract, Skip's entry point, runs the next step on that chain.
 */
function carriesNext(_registry: unknown, step: BridgeStep<AxelarLane>, next?: NextStep): boolean {
  return (
    step.lane.gmp !== undefined && next !== undefined && next.kind !== 'bridge' && next.chainId === step.lane.toChainId
  );
}
