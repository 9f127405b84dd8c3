/** The bridge trackers the worker uses, by leg kind: each bridge folder contributes its own (track.ts). */
import { axelarTracker } from '../bridges/axelar/track.js';
import { cctpTracker } from '../bridges/cctp/track.js';
import { eurekaTracker } from '../bridges/eureka/track.js';
import { goFastTracker } from '../bridges/go-fast/track.js';
import { hyperlaneTracker } from '../bridges/hyperlane/track.js';
import { ibcTracker } from '../bridges/ibc/track.js';
import { layerZeroTracker } from '../bridges/layer-zero/track.js';
import { opinitTracker } from '../bridges/opinit/track.js';
import { stargateTracker } from '../bridges/stargate/track.js';
import type { BridgeType } from '../wire/common.js';
import type { Leg } from './record.js';
import type { BridgeTracker } from './tracker.js';

export const TRACKERS: ReadonlyMap<Leg['kind'], BridgeTracker> = new Map<Leg['kind'], BridgeTracker>([
  ['ibc', ibcTracker],
  ['cctp', cctpTracker],
  ['axelar', axelarTracker],
  ['hyperlane', hyperlaneTracker],
  ['stargate', stargateTracker],
  ['layer_zero', layerZeroTracker],
  ['go_fast', goFastTracker],
  ['eureka', eurekaTracker],
  ['opinit', opinitTracker],
]);

/**
 * The leg kind each bridge's transfers are followed as. Every bridge of the set needs a tracker for its kind: the
 * shared bridge contract suite (src/bridges/test-helpers/contract-suite.ts) fails for a bridge whose kind is missing
 * from TRACKERS, since its transfers would be reported complete at the source.
 */
export const LEG_KIND_OF_BRIDGE: Readonly<Record<BridgeType, Leg['kind']>> = {
  IBC: 'ibc',
  CCTP: 'cctp',
  CCTP_V2: 'cctp',
  AXELAR: 'axelar',
  HYPERLANE: 'hyperlane',
  STARGATE: 'stargate',
  LAYER_ZERO: 'layer_zero',
  GO_FAST: 'go_fast',
  EUREKA: 'eureka',
  OPINIT: 'opinit',
};
