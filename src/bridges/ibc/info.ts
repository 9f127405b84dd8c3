import type { BridgeInfo } from '../types.js';

export const ibcBridgeInfo: BridgeInfo = {
  id: 'IBC',
  name: 'IBC',
  logoUri: 'https://raw.githubusercontent.com/cosmos/chain-registry/master/cosmoshub/images/atom.svg',
};
