/**
 * Request body examples of the OpenAPI document ("METHOD /path" → body), shown and sent by /docs' "Try it out".
 * They are real requests against the shipped registry and pools, and src/http/docs.test.ts sends each of them
 * (except the ones that need a chain node or an API key) and expects a 200.
 */
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
/** One 20-byte account under each chain's prefix. */
const COSMOS_USER = 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978';
const OSMOSIS_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';

/**
 * A signed Osmosis transaction (TxRaw, base64): a MsgSend of 1000 uosmo from and to its signer, fee 2500 uosmo, memo
 * "junction example", account 0 sequence 0, signed in SIGN_MODE_DIRECT with @cosmjs/proto-signing by the throwaway
 * private key 0x0707…07 (32 bytes). docs.test.ts decodes it. Real chains refuse it (no such account funded).
 */
export const SIGNED_OSMOSIS_TX =
  'Cp4BCokBChwvY29zbW9zLmJhbmsudjFiZXRhMS5Nc2dTZW5kEmkKK29zbW8xNTBydHJtajJmOHZsOXRlbThxcGZ3MzZ5bHc1amc5ajJtY2VlMHQSK29zbW8xNTBydHJtajJmOHZsOXRlbThxcGZ3MzZ5bHc1amc5ajJtY2VlMHQaDQoFdW9zbW8SBDEwMDASEGp1bmN0aW9uIGV4YW1wbGUSZQpOCkYKHy9jb3Ntb3MuY3J5cHRvLnNlY3AyNTZrMS5QdWJLZXkSIwohApicC3bLVjlx/cm+8x7AbDVg8ySdbunl2DxXYlWW4F9vEgQKAggBEhMKDQoFdW9zbW8SBDI1MDAQoI0GGkA8+XoryFSEBzhBsM97Gil+JA947tXohJkhSkkA8dV5bSfhKUeT5KKMRYskElpp3aAu8cRPkSiRWA2HWX1HI2sh';
export const SIGNED_OSMOSIS_TX_SENDER = 'osmo150rtrmj2f8vl9tem8qpfw36ylw5jg9j2mcee0t';

export const EXAMPLES: Record<string, unknown> = {
  'POST /v2/fungible/route': {
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: 'uosmo',
    dest_asset_chain_id: 'osmosis-1',
    amount_in: '10000000',
    cumulative_affiliate_fee_bps: '0',
    allow_multi_tx: false,
  },
  'POST /junction/routes': {
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: 'uosmo',
    dest_asset_chain_id: 'osmosis-1',
    amount_in: '10000000',
    allow_multi_tx: true,
  },
  'POST /v2/fungible/msgs': {
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: ATOM_ON_OSMOSIS,
    dest_asset_chain_id: 'osmosis-1',
    amount_in: '1000000',
    amount_out: '1000000',
    address_list: [COSMOS_USER, OSMOSIS_USER],
    operations: [
      {
        transfer: {
          port: 'transfer',
          channel: 'channel-141',
          from_chain_id: 'cosmoshub-4',
          to_chain_id: 'osmosis-1',
          pfm_enabled: true,
          supports_memo: true,
          denom_in: 'uatom',
          denom_out: ATOM_ON_OSMOSIS,
          bridge_id: 'IBC',
          smart_relay: false,
        },
        tx_index: 0,
        amount_in: '1000000',
        amount_out: '1000000',
      },
    ],
    slippage_tolerance_percent: '1',
  },
  'POST /v2/fungible/msgs_direct': {
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: 'uosmo',
    dest_asset_chain_id: 'osmosis-1',
    amount_in: '10000000',
    chain_ids_to_addresses: { 'cosmoshub-4': COSMOS_USER, 'osmosis-1': OSMOSIS_USER },
    slippage_tolerance_percent: '1',
  },
  'POST /v2/fungible/assets_from_source': {
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    allow_multi_tx: false,
  },
  'POST /v2/fungible/assets_between_chains': { source_chain_id: 'cosmoshub-4', dest_chain_id: 'osmosis-1' },
  'POST /v2/fungible/recommend_assets': {
    requests: [{ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_chain_id: 'osmosis-1' }],
  },
  'POST /v2/fungible/ibc_origin_assets': { assets: [{ denom: ATOM_ON_OSMOSIS, chain_id: 'osmosis-1' }] },
  // Needs the chains' nodes (public endpoints by default).
  'POST /v2/info/balances': { chains: { 'osmosis-1': { address: OSMOSIS_USER, denoms: ['uosmo'] } } },
  'POST /v2/tx/track': {
    chain_id: 'osmosis-1',
    tx_hash: '7B90D124C9F934E43E7080BB4997854A4C0A0AF4F09A8779A88D0CBDA335D35A',
  },
  // Needs the chain's node, and a transaction the chain accepts.
  'POST /v2/tx/submit': { chain_id: 'osmosis-1', tx: SIGNED_OSMOSIS_TX },
  // Needs an API key.
  'POST /junction/webhooks': { url: 'https://example.com/junction-hook' },
};

/** Examples that need no network and no key: the docs test sends these. */
export const OFFLINE_EXAMPLES = Object.keys(EXAMPLES).filter(
  (k) => k !== 'POST /v2/info/balances' && k !== 'POST /v2/tx/submit' && k !== 'POST /junction/webhooks',
);
