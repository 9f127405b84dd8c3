import type { HttpCase } from '../types.js';

/** The SDK's own chain listing call: every chain, Cosmos, EVM and SVM. */
export const infoChains: HttpCase = {
  kind: 'http',
  name: 'info-chains',
  description: 'GET /v2/info/chains for every chain (include_evm and include_svm, as the SDK asks)',
  method: 'GET',
  path: '/v2/info/chains?include_evm=true&include_svm=true',
};
