import type { HttpCase } from '../types.js';

const path = '/v2/fungible/assets?include_evm_assets=true&include_svm_assets=true';

/** The largest listing: the assets of every chain (about 0.9 MB of JSON), served from a pre-rendered body. */
export const fungibleAssets: HttpCase = {
  kind: 'http',
  name: 'fungible-assets',
  description: 'GET /v2/fungible/assets for every chain (include_evm_assets and include_svm_assets), uncompressed',
  method: 'GET',
  path,
};

/**
 * The same listing as Node's fetch (which the SDK uses) and browsers ask for it: `accept-encoding: gzip, deflate`,
 * about 160 KB on the wire. autocannon decodes every body as UTF-8 text, which is slower for binary gzip bodies, so
 * this case costs the load generator more than the uncompressed one; compare the server CPU per request.
 */
export const fungibleAssetsGzip: HttpCase = {
  kind: 'http',
  name: 'fungible-assets-gzip',
  description: 'the same listing with accept-encoding: gzip, deflate (as fetch sends it)',
  method: 'GET',
  path,
  headers: { 'accept-encoding': 'gzip, deflate' },
};
