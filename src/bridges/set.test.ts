import { describe, expect, it } from 'vitest';
import { BRIDGE_OF_KIND } from '../wire/operation.js';
import { cctpBridge } from './cctp/index.js';
import { ibcBridge } from './ibc/bridge.js';
import { BRIDGE_SET } from './index.js';
import { BridgeSet } from './set.js';

describe('BridgeSet', () => {
  it('finds a lane bridge by its wire operation kind, and nothing for a kind it does not run', () => {
    expect(BRIDGE_SET.ofKind('cctp_transfer')).toBe(cctpBridge);
    expect(BRIDGE_SET.ofKind('transfer')).toBeUndefined(); // IBC steps are computed, not lane steps
    expect(new BridgeSet(ibcBridge, []).ofKind('cctp_transfer')).toBeUndefined();
  });

  it('lists IBC first, then the lane bridges in search order', () => {
    expect(BRIDGE_SET.info[0]).toEqual({ id: 'IBC', name: ibcBridge.name, logoUri: ibcBridge.logoUri });
    expect(BRIDGE_SET.info.slice(1).map((b) => b.id)).toEqual(BRIDGE_SET.lanes.map((b) => b.id));
  });

  it("each bridge's id and operation kind agree with the wire format", () => {
    for (const b of BRIDGE_SET.all)
      expect([b.operationKind, BRIDGE_OF_KIND[b.operationKind]]).toEqual([b.operationKind, b.id]);
  });

  it('refuses a bridge listed twice (its echoed records could not be told apart)', () => {
    expect(() => new BridgeSet(ibcBridge, [cctpBridge, cctpBridge])).toThrow(/CCTP \(cctp_transfer\) is listed twice/);
  });
});
