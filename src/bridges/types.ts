import type { BridgeType } from '../http/schemas/common.js';

/**
 * A bridge plug-in. Each bridge lives in its own folder (bridges/<id>/) and is registered in bridges/index.ts; the
 * routing engine only sees this interface. The route-building members are added by the routing layer's contract
 * (routing/bridge.ts); this part is what the information endpoints need.
 */
export interface BridgeInfo {
  id: BridgeType;
  name: string;
  logoUri: string;
}
