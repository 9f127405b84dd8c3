/**
 * LayerZero OFT (layer_zero_transfer): an Omnichain Fungible Token sent between EVM chains with IOFT `send` in one
 * transaction on the source chain; LayerZero's verifiers and executor deliver it (the OFT mints or unlocks it on the
 * destination), so the hop ends the user's transaction.
 */
import { decodeFunctionResult, encodeFunctionData, pad, type Hex } from 'viem';
import type { Registry } from '../../registry/registry.js';
import { perRegistry } from '../../registry/per-registry.js';
import { ethCall, type LiveFeeProbe } from '../live-fees.js';
import { oftSendTx } from '../oft/evm.js';
import { IOFT_ABI, minAmountAfterSlippage, oftRecipient, taxiSendParam } from '../oft/oft.js';
import { isRefusal, type BridgeTxInput, type LaneBridge } from '../types.js';
import { layerZeroConfig } from './config.js';
import { layerZeroLanes, type LayerZeroLane } from './lanes.js';
import { LAYER_ZERO_ECHOED_FIELDS, layerZeroLaneOfRecord, layerZeroRecord } from './operation.js';
import { layerZeroMessagingFee, layerZeroQuote } from './quote.js';

const lanes = perRegistry(layerZeroLanes);

/** When the caller gives no slippage tolerance (messages/build.ts always passes one). */
const DEFAULT_SLIPPAGE_PPM = 10_000n;

function buildTx({
  registry,
  step,
  amount,
  sender,
  recipient,
  operationIndices,
  slippagePpm,
}: BridgeTxInput<LayerZeroLane>) {
  const { lane } = step;
  const q = layerZeroQuote(lane, amount, 'in');
  if (isRefusal(q)) throw new Error(`LayerZero lane refused its committed amount: ${q.refused}`);
  return {
    evm_tx: oftSendTx({
      chainId: lane.fromChainId,
      contract: lane.oft,
      token: lane.denomIn,
      approvalRequired: lane.approvalRequired,
      nativeToken: false,
      dstEid: lane.dstEid,
      to: oftRecipient(registry, lane.toChainId, recipient),
      amount,
      minAmountLD: minAmountAfterSlippage(q.amountOut / lane.rate, slippagePpm ?? DEFAULT_SLIPPAGE_PPM, lane.rate),
      nativeFee: layerZeroMessagingFee(lane).amount,
      signer: sender,
    }),
    operations_indices: operationIndices,
  };
}

/** quoteSend for one whole token (the messaging fee does not depend on the amount) to a placeholder recipient. */
function feeProbes(registry: Registry): LiveFeeProbe[] {
  return lanes(registry).map((lane) => ({
    lane,
    chainId: lane.fromChainId,
    quote: async (client) => {
      const amount = lane.rate * 10n ** 6n;
      const param = taxiSendParam(lane.dstEid, pad('0x01' as Hex), amount, 0n);
      const fee = await ethCall(
        client,
        lane.oft,
        encodeFunctionData({ abi: IOFT_ABI, functionName: 'quoteSend', args: [param, false] }),
      );
      return { nativeFee: decodeFunctionResult({ abi: IOFT_ABI, functionName: 'quoteSend', data: fee }).nativeFee };
    },
  }));
}

export const layerZeroBridge: LaneBridge<LayerZeroLane> = {
  kind: 'lanes',
  id: 'LAYER_ZERO',
  name: 'LayerZero',
  operationKind: 'layer_zero_transfer',
  logoUri: layerZeroConfig().logoUri,
  lanes,
  quote: layerZeroQuote,
  operation: (registry, step) => layerZeroRecord(registry, step),
  laneOfRecord: (registry, record, at, expected) => layerZeroLaneOfRecord(lanes(registry), record, at, expected),
  echoedFields: LAYER_ZERO_ECHOED_FIELDS,
  buildTx,
  // The executor delivers on the destination in a transaction of its own: the funds wait there.
  carriesNext: () => false,
  feeProbes,
};
