/** The bridges this instance routes over. Adding a bridge = adding its folder and listing it here. */
import { ibcBridgeInfo } from './ibc/info.js';
import type { BridgeInfo } from './types.js';

export const BRIDGES: readonly BridgeInfo[] = [ibcBridgeInfo];
