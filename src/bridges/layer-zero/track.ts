/**
 * The LayerZero BridgeTracker: OFTSent on the source OFT of data/layer-zero.json, OFTReceived by GUID on the same
 * asset's OFT on the destination (the shared OFT tracking, ../oft/track.ts).
 */
import { oftTracker } from '../oft/track.js';
import { layerZeroConfig } from './config.js';

/** Executors deliver within minutes of the source's confirmations (DVNs wait for finality); two hours is stuck. */
export const LAYER_ZERO_DEADLINE_MS = 2 * 60 * 60 * 1000;

export const layerZeroTracker = oftTracker({
  kind: 'layer_zero',
  deadlineMs: LAYER_ZERO_DEADLINE_MS,
  get eid() {
    return layerZeroConfig().eid;
  },
  assets: () =>
    layerZeroConfig().ofts.map((o) => ({
      byChain: new Map([...o.deployments].map(([chain, d]) => [chain, { contract: d.oft, denom: d.token }])),
    })),
});
