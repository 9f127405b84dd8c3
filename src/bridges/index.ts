/**
 * The bridges this instance routes over: the one place the set is assembled. Adding a bridge = adding its folder and
 * listing it here. Only context.ts (and tests) import this module; the engine receives the set (set.ts).
 */
import { axelarBridge } from './axelar/index.js';
import { cctpBridge } from './cctp/index.js';
import { cctpV2Bridge } from './cctp-v2/index.js';
import { hyperlaneBridge } from './hyperlane/index.js';
import { eurekaBridge } from './eureka/index.js';
import { goFastBridge } from './go-fast/index.js';
import { ibcBridge } from './ibc/bridge.js';
import { opinitBridge } from './opinit/index.js';
import { layerZeroBridge } from './layer-zero/index.js';
import { stargateBridge } from './stargate/index.js';
import { BridgeSet } from './set.js';

/** IBC, then the lane bridges in the order their lanes are searched (deterministic). */
export const BRIDGE_SET = new BridgeSet(ibcBridge, [
  cctpV2Bridge,
  cctpBridge,
  axelarBridge,
  opinitBridge,
  hyperlaneBridge,
  stargateBridge,
  layerZeroBridge,
  goFastBridge,
  eurekaBridge,
]);
