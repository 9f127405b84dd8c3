/** The bridges this instance routes over. Adding a bridge = adding its folder and listing it here. */
import type { BridgeType } from '../wire/common.js';
import { axelarBridge } from './axelar/index.js';
import { cctpBridge } from './cctp/index.js';
import { cctpV2Bridge } from './cctp-v2/index.js';
import { hyperlaneBridge } from './hyperlane/index.js';
import { eurekaBridge } from './eureka/index.js';
import { goFastBridge } from './go-fast/index.js';
import { ibcBridge, type IbcBridge } from './ibc/bridge.js';
import { opinitBridge } from './opinit/index.js';
import { layerZeroBridge } from './layer-zero/index.js';
import { stargateBridge } from './stargate/index.js';
import type { BridgeInfo, Lane, LaneBridge } from './types.js';

/** Lane bridges, in the order their lanes are searched (deterministic). */
export const LANE_BRIDGES: readonly LaneBridge[] = [
  cctpV2Bridge as unknown as LaneBridge,
  cctpBridge as unknown as LaneBridge,
  axelarBridge as unknown as LaneBridge,
  opinitBridge as unknown as LaneBridge,
  hyperlaneBridge as unknown as LaneBridge,
  stargateBridge as unknown as LaneBridge,
  layerZeroBridge as unknown as LaneBridge,
  goFastBridge as unknown as LaneBridge,
  eurekaBridge as unknown as LaneBridge,
];

export const ALL_BRIDGES: readonly (IbcBridge | LaneBridge)[] = [ibcBridge, ...LANE_BRIDGES];

/** What /v2/info/bridges lists: exactly the bridges that route. */
export const BRIDGES: readonly BridgeInfo[] = ALL_BRIDGES.map(({ id, name, logoUri }) => ({ id, name, logoUri }));

const byId = new Map<BridgeType, LaneBridge>(LANE_BRIDGES.map((b) => [b.id, b]));
const byKind = new Map<string, LaneBridge>(LANE_BRIDGES.map((b) => [b.operationKind, b]));

export function laneBridge(id: BridgeType): LaneBridge {
  const b = byId.get(id);
  if (!b) throw new Error(`no lane bridge ${id}`);
  return b;
}

export function laneBridgeOf(lane: Lane): LaneBridge {
  return laneBridge(lane.bridge);
}

/** The lane bridge whose wire operation kind is `kind`, if this instance runs it. */
export function laneBridgeOfKind(kind: string): LaneBridge | undefined {
  return byKind.get(kind);
}
