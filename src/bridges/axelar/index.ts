/**
 * Axelar: axl-wrapped assets between Cosmos chains and EVM chains, and between EVM chains, always as a general message
 * with token (GMP), the kind current Axelar processes. From a Cosmos chain the user's transaction is an ICS-20 transfer
 * to Axelar's GMP account with a type 2 memo that calls Skip's AxelarHandler on the destination; from an EVM chain it
 * is a call to Skip's AxelarHandler there, which pays Axelar's gas service and calls the gateway's
 * callContractWithToken. Axelar's validators confirm the source, then its relayers execute on the destination in a
 * transaction of their own, so an Axelar hop ends the user's transaction, except from an EVM chain to a Cosmos chain
 * with IBC hooks (lanes.ts): there the call names Skip's entry point as the destination contract, so the swap or
 * transfer after the hop runs on arrival, in the same signature.
 */
import { getAddress, type Address } from 'viem';
import { uniswapChain } from '../../venues/uniswap/chains.js';
import { MSG_TRANSFER_TYPE_URL, buildMsgTransfer, msgTransferJson } from '../../messages/cosmos/msg-transfer.js';
import { stringifyWithBigInts } from '../../messages/json.js';
import { perRegistry } from '../../registry/per-registry.js';
import { invalidArgument } from '../../errors.js';
import type {
  BridgeStep,
  BridgeTxInput,
  EvmSwapAfter,
  EvmSwapCall,
  EvmSwapRunners,
  LaneBridge,
  NextStep,
} from '../types.js';
import { isSkipGoSwapRouter } from '../skip-go-swap-router.js';
import { axelarConfig } from './config.js';
import { cosmWasmPayload, gmpTransferTx, nativeDeliveryPayload, swapAndGmpTransferTx } from './evm.js';
import { axelarLanes, type AxelarLane } from './lanes.js';
import {
  HANDLER_SEND_NATIVE,
  HANDLER_SEND_TOKEN,
  handlerCallMemo,
  handlerPayload,
  handlerSwapPayload,
} from './memo.js';
import { AXELAR_ECHOED_FIELDS, axelarLaneOfRecord, axelarRecord } from './operation.js';
import { axelarQuote } from './quote.js';

const lanes = perRegistry(axelarLanes);

function buildTx({
  step,
  amount,
  sender,
  recipient,
  operationIndices,
  timeoutTimestampNs,
  continuation,
  swapBefore,
  swapAfter,
}: BridgeTxInput<AxelarLane>) {
  const { lane } = step;
  if (swapAfter && (!lane.destinationHandler || lane.shouldUnwrap))
    throw new Error('only an Axelar lane delivering to Skip’s AxelarHandler as it is can swap on arrival');
  if (continuation && !lane.runsEntryPoint) {
    throw invalidArgument(
      `the Axelar transfer from ${lane.fromChainId} to ${lane.toChainId} cannot run a further step on arrival there`,
    );
  }
  if (lane.gmp) {
    // What Axelar calls on the destination, and with what (evm.ts).
    const target = lane.destinationHandler
      ? {
          contractAddress: lane.destinationHandler,
          payload: swapAfter
            ? handlerSwapPayload(recipient as Address, swapAfter)
            : handlerPayload(lane.shouldUnwrap ? HANDLER_SEND_NATIVE : HANDLER_SEND_TOKEN, recipient as Address),
        }
      : continuation
        ? { contractAddress: continuation.contract, payload: cosmWasmPayload(continuation) }
        : { contractAddress: recipient, payload: nativeDeliveryPayload() };
    const fields = {
      chainId: lane.fromChainId,
      handler: lane.gmp.handler,
      token: lane.denomIn,
      symbol: lane.sourceSymbol!,
      amount,
      gasPayment: lane.gmp.gasPayment,
      destinationChain: lane.toChainName,
      ...target,
      signer: sender,
    };
    return {
      evm_tx: swapBefore
        ? swapAndGmpTransferTx(fields, handlerSwap(lane.fromChainId, swapBefore))
        : gmpTransferTx(fields),
      operations_indices: operationIndices,
    };
  }
  if (swapBefore) throw new Error('only an Axelar transfer from an EVM chain swaps first');
  if (timeoutTimestampNs === undefined) throw new Error('an Axelar transfer from a Cosmos chain needs the IBC timeout');
  const send = ics20Send({ lane, recipient, ...(swapAfter ? { swapAfter } : {}) });
  const msg = buildMsgTransfer({
    sourcePort: 'transfer',
    sourceChannel: send.channel,
    denom: lane.denomIn,
    amount,
    sender,
    receiver: send.receiver,
    timeoutTimestampNs,
    memo: send.memo,
  });
  return {
    cosmos_tx: {
      chain_id: lane.fromChainId,
      path: [lane.fromChainId, lane.toChainId],
      signer_address: sender,
      msgs: [{ msg: msgTransferJson(msg), msg_type_url: MSG_TRANSFER_TYPE_URL }],
    },
    operations_indices: operationIndices,
  };
}

/**
 * From a Cosmos chain: the ICS-20 transfer to Axelar's GMP account whose memo calls Skip's AxelarHandler on the
 * destination (memo.ts), the fee taken from the transferred amount. Sent by the user, or by the entry point's post-swap
 * action after a swap on the same chain (Skip's own answers do: dYdX → Noble → Osmosis, swap, Axelar to Ethereum in
 * one transaction, test/fixtures/skip-go-api/msgs_direct-dydx-to-ethereum-swap-axelar.json).
 */
function ics20Send({ lane, recipient, swapAfter }: { lane: AxelarLane; recipient: string; swapAfter?: EvmSwapAfter }) {
  if (!lane.toAxelar || !lane.destinationHandler) throw new Error('an Axelar lane starts on an EVM or a Cosmos chain');
  if (lane.toAxelar.port !== 'transfer') throw new Error(`Axelar is reached over port ${lane.toAxelar.port}`);
  const cfg = axelarConfig();
  const memo = handlerCallMemo(
    lane.toChainName,
    lane.destinationHandler,
    recipient as Address,
    lane.shouldUnwrap,
    lane.fee,
    cfg.gasReceiver,
    swapAfter,
  );
  return { channel: lane.toAxelar.channel, receiver: cfg.gmpAccount, memo: stringifyWithBigInts(memo) };
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
  echoedFields: AXELAR_ECHOED_FIELDS,
  buildTx,
  carriesNext,
  recoversContinuation: true,
  swapsBefore,
  ics20: { applies: (lane) => !lane.gmp && lane.toAxelar !== undefined, send: ics20Send },
};

/**
 * From an EVM chain the transfer goes through Skip's AxelarHandler, whose swapAndGmpTransferERC20Token swaps first
 * through its swap router: a swap on that chain rides in the same transaction where that router can run it (SwapRouter02:
 * Uniswap's own pools; SkipGoSwapRouter: one path of pools its adapters take).
 */
function swapsBefore(_registry: unknown, lane: AxelarLane, swap: EvmSwapRunners): boolean {
  if (lane.gmp === undefined) return false;
  return (
    (swap.swapRouter02 && handlerSwapsThroughSwapRouter02(lane.fromChainId)) ||
    (swap.skipGo && handlerSwapsThroughSkipGo(lane.fromChainId))
  );
}

/** The swap's calldata for the router the chain's handler calls. */
function handlerSwap(chainId: string, swap: EvmSwapCall): EvmSwapCall {
  if (handlerSwapsThroughSwapRouter02(chainId)) {
    if (swap.calldataRefused) throw invalidArgument(swap.calldataRefused);
    return swap;
  }
  if (handlerSwapsThroughSkipGo(chainId) && swap.skipGoCalldata) return { ...swap, calldata: swap.skipGoCalldata };
  throw new Error(`Skip's AxelarHandler on ${chainId} cannot run this swap`);
}

/** Whether the chain's handler calls Skip's SkipGoSwapRouter, which takes a swap of one path (skipGoCalldata). */
function handlerSwapsThroughSkipGo(chainId: string): boolean {
  return isSkipGoSwapRouter(chainId, axelarConfig().handlerSwapRouter.get(chainId));
}

/**
 * Axelar's relayers deliver on the destination in their own transaction: the funds wait there, unless the lane ends
 * on a Cosmos chain that runs Skip's entry point on arrival, which then runs the swap or transfer after the hop, or
 * at Skip's AxelarHandler on an EVM chain, whose Swap command runs an EVM swap along one path (not split) with what
 * arrives (memo.ts handlerSwapPayload).
 */
function carriesNext(_registry: unknown, step: BridgeStep<AxelarLane>, next?: NextStep): boolean {
  const { lane } = step;
  if (next === undefined || next.kind === 'bridge' || next.chainId !== lane.toChainId) return false;
  if (lane.runsEntryPoint) return true;
  return (
    next.kind === 'swap' &&
    next.evmSinglePath === true &&
    lane.destinationHandler !== undefined &&
    !lane.shouldUnwrap &&
    handlerSwapsThroughSwapRouter02(lane.toChainId)
  );
}

/**
 * Whether Skip's AxelarHandler on the chain swaps through Uniswap's SwapRouter02, the router Junction's EVM swap
 * calldata is for. Not so on any chain today: the deployed handlers call Skip's SkipGoSwapRouter (contracts.json
 * `skip_handler_swap_router`), whose interface is another (swapExactIn over adapter hops); there a swap rides in no
 * Axelar transaction and stays a transaction of its own to SwapRouter02.
 */
function handlerSwapsThroughSwapRouter02(chainId: string): boolean {
  const router = axelarConfig().handlerSwapRouter.get(chainId);
  const swapRouter02 = uniswapChain(chainId)?.swapRouter02;
  return router !== undefined && swapRouter02 !== undefined && getAddress(router) === swapRouter02;
}
