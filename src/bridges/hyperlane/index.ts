/**
 * Hyperlane (hyperlane_transfer): warp routes between a Cosmos chain and EVM chains (TIA between Celestia's own warp
 * module and Ethereum, Base and Arbitrum; TIA.n between Neutron and Arbitrum, retired). The source router locks or burns the tokens and dispatches a message through its mailbox, paying the
 * interchain gas; Hyperlane's relayer delivers it, and the destination router releases or mints. The delivery is a
 * transaction of its own, so the hop ends the user's transaction.
 */
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import type { Registry } from '../../registry/registry.js';
import { perRegistry } from '../../registry/per-registry.js';
import { ethCall, type LiveFeeProbe } from '../live-fees.js';
import { oftRecipient } from '../oft/oft.js';
import type { BridgeTxInput, LaneBridge } from '../types.js';
import { hyperlaneConfig } from './config.js';
import { hyperlaneLanes, type HyperlaneLane } from './lanes.js';
import {
  cosmosNativeTransferRemoteTx,
  cosmwasmTransferRemoteTx,
  evmTransferRemoteTx,
  WARP_ROUTER_ABI,
} from './messages.js';
import { HYPERLANE_ECHOED_FIELDS, hyperlaneLaneOfRecord, hyperlaneRecord } from './operation.js';
import { hyperlaneQuote, interchainGas } from './quote.js';

const lanes = perRegistry(hyperlaneLanes);

function buildTx({ registry, step, amount, sender, recipient, operationIndices }: BridgeTxInput<HyperlaneLane>) {
  const { lane } = step;
  const to = oftRecipient(registry, lane.toChainId, recipient);
  const gas = interchainGas(lane);
  if (lane.standard === 'CwHypCollateral')
    return { cosmos_tx: cosmwasmTransferRemoteTx(lane, to, amount, gas, sender), operations_indices: operationIndices };
  if (lane.standard === 'CosmosNativeHypCollateral')
    return {
      cosmos_tx: cosmosNativeTransferRemoteTx(lane, to, amount, gas, sender),
      operations_indices: operationIndices,
    };
  return { evm_tx: evmTransferRemoteTx(lane, to, amount, gas, sender), operations_indices: operationIndices };
}

/**
 * quoteGasPayment(destination) on each EVM router. CosmWasm routers' gas is the route's fee constant; a warp module's
 * is a cap the module never charges above its quote (no Cosmos probe yet: the table's cap).
 */
function feeProbes(registry: Registry): LiveFeeProbe[] {
  return lanes(registry)
    .filter((l) => l.standard.startsWith('Evm'))
    .map((lane) => ({
      lane,
      chainId: lane.fromChainId,
      quote: async (client) => {
        const out = await ethCall(
          client,
          lane.router,
          encodeFunctionData({ abi: WARP_ROUTER_ABI, functionName: 'quoteGasPayment', args: [lane.destinationDomain] }),
        );
        return {
          nativeFee: decodeFunctionResult({ abi: WARP_ROUTER_ABI, functionName: 'quoteGasPayment', data: out as Hex }),
        };
      },
    }));
}

export const hyperlaneBridge: LaneBridge<HyperlaneLane> = {
  kind: 'lanes',
  id: 'HYPERLANE',
  name: 'Hyperlane',
  operationKind: 'hyperlane_transfer',
  logoUri: hyperlaneConfig().logoUri,
  lanes,
  quote: (lane, amount) => hyperlaneQuote(lane, amount),
  operation: (registry, step) => hyperlaneRecord(registry, step),
  laneOfRecord: (registry, record, at, expected) => hyperlaneLaneOfRecord(lanes(registry), record, at, expected),
  echoedFields: HYPERLANE_ECHOED_FIELDS,
  buildTx,
  // The relayer delivers on the destination in a transaction of its own: the funds wait there.
  carriesNext: () => false,
  feeProbes,
};
