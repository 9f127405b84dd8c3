/**
 * OPinit: Initia's optimistic bridge between its L1 and each rollup. The user signs the deposit on L1 or the
 * withdrawal on the rollup; the other side is completed by the bridge executor (deposits) or after the finalization
 * period (withdrawals), so an OPinit hop ends the user's transaction. Nothing is charged beyond gas.
 */
import { perRegistry } from '../../registry/per-registry.js';
import type { LaneBridge } from '../types.js';
import { opinitLanes, type OpinitLane } from './lanes.js';
import { opinitTx } from './messages.js';
import { OPINIT_ECHOED_FIELDS, opinitLaneOfRecord, opinitRecord } from './operation.js';

const lanes = perRegistry(opinitLanes);

export const opinitBridge: LaneBridge<OpinitLane> = {
  kind: 'lanes',
  id: 'OPINIT',
  name: 'OPinit',
  operationKind: 'op_init_transfer',
  logoUri: 'https://raw.githubusercontent.com/cosmos/chain-registry/master/initia/images/INIT.png',
  lanes,
  // The bridge moves the amount one to one.
  quote: (lane, amount) => ({ amountIn: amount, amountOut: amount, fees: [], seconds: lane.seconds }),
  operation: (_registry, step) => opinitRecord(step),
  laneOfRecord: (registry, record, at, expected) => opinitLaneOfRecord(lanes(registry), record, at, expected),
  echoedFields: OPINIT_ECHOED_FIELDS,
  buildTx: ({ step, amount, sender, recipient, operationIndices }) => ({
    cosmos_tx: opinitTx(step.lane.direction, step.lane.fromChainId, [step.lane.fromChainId, step.lane.toChainId], {
      sender,
      to: recipient,
      denom: step.lane.denomIn,
      amount,
      bridgeId: step.lane.bridgeId,
    }),
    operations_indices: operationIndices,
  }),
  carriesNext: () => false,
};
