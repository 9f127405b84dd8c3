/**
 * Transfers that end with the recipient's own transaction: an unrelayed CCTP burn to an EVM chain or Solana is
 * minted only when someone submits Circle's attestation there (receiveMessage); Noble's own relayers mint what
 * arrives on Noble, and every other lane Junction offers is relayed by its bridge.
 */
import type { Lane } from '../bridges/types.js';
import type { Registry } from '../registry/registry.js';

export function laneNeedsClaim(registry: Registry, lane: Lane): boolean {
  if (lane.bridge !== 'CCTP' || (lane as { relayed?: boolean }).relayed !== false) return false;
  const to = registry.chain(lane.toChainId)?.wire.chain_type;
  return to === 'evm' || to === 'svm';
}
