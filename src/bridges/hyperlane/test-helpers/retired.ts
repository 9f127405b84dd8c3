/**
 * Tests of the Hyperlane machinery on the shipped TIA.n routes, as if Hyperlane's agents still served the chains
 * data/hyperlane.json retires (Neutron: deprecated by Hyperlane in December 2025, so Junction routes no lane there).
 * Changes the loaded config of this test file's process only (files run isolated); call it before the app or the
 * registry's lanes are built. Returns the undo.
 */
import { hyperlaneConfig } from '../config.js';

export function servingRetiredHyperlaneChains(): () => void {
  const retired = hyperlaneConfig().retiredChains as Map<string, string>;
  const before = new Map(retired);
  retired.clear();
  return () => {
    for (const [chain, why] of before) retired.set(chain, why);
  };
}
