/**
 * LayerZero OFT (layer_zero_transfer): an Omnichain Fungible Token sent between EVM chains with IOFT `send` in one
 * transaction on the source chain; LayerZero's verifiers and executor deliver it (the OFT mints or unlocks it on the
 * destination), so the hop ends the user's transaction.
 */
import type { Registry } from '../../registry/registry.js';
import { perRegistry } from '../../registry/per-registry.js';
import type { LiveFeeProbe } from '../live-fees.js';
import { oftLaneTx, probeSendParam, quoteSendFee } from '../oft/evm.js';
import { minAmountAfterSlippage } from '../oft/oft.js';
import { isRefusal, type BridgeTxInput, type LaneBridge } from '../types.js';
import { layerZeroConfig } from './config.js';
import { layerZeroLanes, type LayerZeroLane } from './lanes.js';
import { LAYER_ZERO_ECHOED_FIELDS, layerZeroLaneOfRecord, layerZeroRecord } from './operation.js';
import { layerZeroMessagingFee, layerZeroQuote } from './quote.js';

const lanes = perRegistry(layerZeroLanes);

function buildTx(input: BridgeTxInput<LayerZeroLane>) {
  const { lane } = input.step;
  const q = layerZeroQuote(lane, input.amount, 'in');
  if (isRefusal(q)) throw new Error(`LayerZero lane refused its committed amount: ${q.refused}`);
  return oftLaneTx(input, {
    contract: lane.oft,
    approvalRequired: lane.approvalRequired,
    nativeToken: false,
    expectedOutSd: q.amountOut / lane.rate,
    nativeFee: layerZeroMessagingFee(lane).amount,
  });
}

/** quoteSend of the probe send: the messaging fee. */
function feeProbes(registry: Registry): LiveFeeProbe[] {
  return lanes(registry).map((lane) => ({
    lane,
    chainId: lane.fromChainId,
    quote: async (client) => ({ nativeFee: await quoteSendFee(client, lane.oft, probeSendParam(lane)) }),
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
  // The send's minAmountLD (oft/evm.ts); the OFT has the same decimals on both ends.
  minOutput: (lane, amountOut, slippagePpm) => minAmountAfterSlippage(amountOut / lane.rate, slippagePpm, lane.rate),
  // The executor delivers on the destination in a transaction of its own: the funds wait there.
  carriesNext: () => false,
  feeProbes,
};
