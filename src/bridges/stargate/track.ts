/**
 * The Stargate BridgeTracker: a Stargate V2 pool is an OFT, so a transfer is the source pool's OFTSent and the same
 * asset's destination pool's OFTReceived by GUID (the shared OFT tracking, ../oft/track.ts).
 */
import { nativeDenomOf } from '../oft/native.js';
import { oftTracker } from '../oft/track.js';
import { stargateConfig } from './config.js';

/** Taxi messages arrive within minutes of the source's confirmations; two hours without delivery is stuck. */
export const STARGATE_DEADLINE_MS = 2 * 60 * 60 * 1000;

export const stargateTracker = oftTracker({
  kind: 'stargate',
  deadlineMs: STARGATE_DEADLINE_MS,
  get eid() {
    return stargateConfig().eid;
  },
  assets: () =>
    [...stargateConfig().pools.values()].map((byChain) => ({
      // A native pool on a chain whose gas token the data files do not name is left out (lanes.ts does the same).
      byChain: new Map(
        [...byChain].flatMap(([chain, p]) => {
          const denom = p.token === 'native' ? nativeDenomOf(chain) : p.token;
          return denom ? [[chain, { contract: p.pool, denom }] as const] : [];
        }),
      ),
    })),
});
