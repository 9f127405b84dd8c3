/**
 * The denom an OPinit rollup mints for an L1 token deposited over its bridge: `l2/` + lowercase hex of SHA3-256
 * (FIPS-202, not Keccak) over the bridge id as 8 bytes big-endian followed by the L1 denom's bytes
 * (initia-labs/OPinit x/ophost/types/denom.go; execution mechanics §9).
 */
import { createHash } from 'node:crypto';

export function l2Denom(bridgeId: bigint, l1Denom: string): string {
  const id = Buffer.alloc(8);
  id.writeBigUInt64BE(bridgeId);
  return `l2/${createHash('sha3-256').update(id).update(l1Denom, 'utf8').digest('hex')}`;
}
