/**
 * Go Fast: Skip's intent-based fast transfer of USDC from an EVM chain to a Cosmos chain. The user's one transaction
 * submits an order on the source gateway; a solver pays out on the destination within seconds and settles with the
 * gateway later over Hyperlane (or the order times out and refunds the sender). Offered only when the request sets
 * go_fast: true. The order's `data` lets the destination gateway call Skip's entry point with the funds, so a swap or
 * an IBC transfer after arrival rides in the same signature ("USDC on Base → OSMO on Osmosis" is one transaction).
 */
import { invalidArgument } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { perRegistry } from '../../registry/per-registry.js';
import { isRefusal, type BridgeTxInput, type EvmSwapRunners, type LaneBridge, type NextStep } from '../types.js';
import { isSkipGoSwapRouter, swapRunners } from '../skip-go-swap-router.js';
import { goFastConfig } from './config.js';
import { goFastOrderTx, goFastSwapAndOrderTx } from './evm.js';
import { goFastLanes, type GoFastLane } from './lanes.js';
import { GO_FAST_ECHOED_FIELDS, goFastLaneOfRecord, goFastRecord } from './operation.js';
import { goFastFee, goFastQuote } from './quote.js';

const lanes = perRegistry(goFastLanes);

function buildTx({
  step,
  amount,
  sender,
  recipient,
  operationIndices,
  nowMs,
  opensAfterSeconds,
  timeoutSeconds,
  continuation,
  swapBefore,
}: BridgeTxInput<GoFastLane>) {
  const { lane } = step;
  const q = goFastQuote(lane, amount, 'in');
  if (isRefusal(q))
    throw invalidArgument(`the Go Fast order from ${lane.fromChainId} cannot carry ${amount}: ${q.refused}`);
  const order = {
    chainId: lane.fromChainId,
    gateway: lane.gateway,
    usdc: lane.denomIn,
    sender,
    recipient,
    amountIn: amount,
    // The fee schedule applied to the committed amount: what a solver expects to keep.
    amountOut: q.amountOut,
    destinationDomain: lane.destinationDomain,
    // From when the order can be sent: a later transaction's window opens once its funds arrive.
    timeoutSeconds: BigInt(Math.floor(nowMs / 1000) + opensAfterSeconds + timeoutSeconds),
    continuation,
  };
  if (swapBefore) {
    const handler = goFastConfig().handler.get(lane.fromChainId);
    if (!handler || !swapsBefore(undefined, lane, swapRunners(swapBefore)))
      throw new Error(`no swap-then-order entry point on ${lane.fromChainId} for this swap`);
    const fee = goFastFee(lane, amount);
    return {
      evm_tx: goFastSwapAndOrderTx(
        {
          ...order,
          handler,
          executionFee: fee.sourceChainFee + fee.destinationChainFee,
          feeBps: fee.bpsFee,
        },
        { ...swapBefore, calldata: swapBefore.skipGoCalldata! },
      ),
      operations_indices: operationIndices,
    };
  }
  return { evm_tx: goFastOrderTx(order), operations_indices: operationIndices };
}

/**
 * Skip's GoFastHandler swaps before it submits the order (swapAndSubmitOrder): a swap on the source chain rides in the
 * order's transaction where the chain's handler calls Skip's SkipGoSwapRouter, which takes one path of pools.
 */
function swapsBefore(_registry: unknown, lane: GoFastLane, swap: EvmSwapRunners): boolean {
  const cfg = goFastConfig();
  return (
    cfg.handler.has(lane.fromChainId) &&
    isSkipGoSwapRouter(lane.fromChainId, cfg.handlerSwapRouter.get(lane.fromChainId)) &&
    swap.skipGo
  );
}

/** The destination gateway executes the entry point with the funds: a swap or an onward IBC transfer can follow. */
function carriesNext(registry: Registry, step: { lane: GoFastLane }, next?: NextStep): boolean {
  if (!next || next.kind === 'bridge' || next.chainId !== step.lane.toChainId) return false;
  return registry.chain(step.lane.toChainId)?.entryPoint !== undefined;
}

export const goFastBridge: LaneBridge<GoFastLane> = {
  kind: 'lanes',
  id: 'GO_FAST',
  name: 'Go Fast',
  operationKind: 'go_fast_transfer',
  // No logo of its own in the chain registry: the USDC it moves.
  logoUri: 'https://raw.githubusercontent.com/cosmos/chain-registry/master/noble/images/USDCoin.svg',
  lanes,
  quote: goFastQuote,
  operation: goFastRecord,
  laneOfRecord: (registry, record, at, expected) => goFastLaneOfRecord(lanes(registry), record, at, expected),
  echoedFields: GO_FAST_ECHOED_FIELDS,
  buildTx,
  carriesNext,
  swapsBefore,
  recoversContinuation: true,
  eligible: (_lane, options) =>
    options.goFast
      ? undefined
      : { why: 'Go Fast lanes are offered only when the request sets go_fast to true', twinOpen: false },
};
