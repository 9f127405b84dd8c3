/**
 * IBC behind the Bridge interface. Its edges are computed, not listed: the same-origin transfer path between two
 * holdings follows from their traces (routing/transfer-path.ts). Its steps are `transfer` steps, one ICS-20 packet
 * each, which the message builder folds into forwarding and hooks memos (messages/build.ts); its wire records and
 * their validation are in operation.ts.
 */
import type { BridgeBase } from '../types.js';
import { ibcBridgeInfo } from './info.js';

export interface IbcBridge extends BridgeBase {
  readonly kind: 'computed';
}

export const ibcBridge: IbcBridge = { ...ibcBridgeInfo, kind: 'computed', operationKind: 'transfer' };
