/**
 * Expected duration of a step, summed along a route for `estimated_route_duration_seconds` and used to rank
 * candidates that deliver the same amount. Figures: data/bridge-durations.json.
 */
import { IBC_HOP_SECONDS } from '../bridges/ibc/operation.js';
import type { Step } from './types.js';

export function stepSeconds(step: Step): number {
  switch (step.kind) {
    case 'transfer':
      return IBC_HOP_SECONDS;
    case 'bridge':
      return step.seconds;
    case 'swap':
      // A swap runs inside the transaction (or packet) that brings the funds: it adds no relaying time.
      return 0;
  }
}
