/** The bridge trackers the worker uses, by leg kind: each bridge folder contributes its own (track.ts). */
import { axelarTracker } from '../bridges/axelar/track.js';
import { cctpTracker } from '../bridges/cctp/track.js';
import { goFastTracker } from '../bridges/go-fast/track.js';
import { hyperlaneTracker } from '../bridges/hyperlane/track.js';
import { ibcTracker } from '../bridges/ibc/track.js';
import { layerZeroTracker } from '../bridges/layer-zero/track.js';
import { stargateTracker } from '../bridges/stargate/track.js';
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
]);
