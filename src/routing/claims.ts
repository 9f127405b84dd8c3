/**
 * Transfers that end with the recipient's own transaction: an unrelayed CCTP burn (V1 without Skip's relayer, V2
 * without Circle's Forwarding Service) to an EVM chain or Solana is minted only when someone submits Circle's
 * attestation there (receiveMessage); Noble's own relayers mint what arrives on Noble, and every other lane Junction
 * offers is relayed by its bridge.
 */
import type { Lane } from '../bridges/types.js';
import type { Registry } from '../registry/registry.js';

export function laneNeedsClaim(registry: Registry, lane: Lane): boolean {
  const unrelayed =
    (lane.bridge === 'CCTP' && (lane as { relayed?: boolean }).relayed === false) ||
    // CCTP V2 without Circle's Forwarding Service: the recipient mints.
    (lane.bridge === 'CCTP_V2' && (lane as { forwarded?: boolean }).forwarded === false);
  if (!unrelayed) return false;
  const to = registry.chain(lane.toChainId)?.wire.chain_type;
  return to === 'evm' || to === 'svm';
}
