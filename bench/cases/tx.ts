import type { HttpCase } from '../types.js';

/** A Cosmos transaction hash (the initial send of Skip's captured dYdX → BSC status progression). */
const HASH = '7B90D124C9F934E43E7080BB4997854A4C0A0AF4F09A8779A88D0CBDA335D35A';

/**
 * GET /v2/tx/status of a tracked transaction, as the SDK polls it: served from the store (the status text the worker
 * stored), never waiting on a chain. The transaction is tracked first; the bench server reaches no chain, so it stays
 * STATE_SUBMITTED, and the body is the captured submitted form (the read and the send cost the same for any state).
 */
export const txStatusHttp: HttpCase = {
  kind: 'http',
  name: 'tx-status',
  description: 'GET /v2/tx/status of a tracked transaction (served from the embedded store)',
  method: 'GET',
  path: `/v2/tx/status?chain_id=dydx-mainnet-1&tx_hash=${HASH}`,
  async prepare(baseUrl) {
    const res = await fetch(`${baseUrl}/v2/tx/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chain_id: 'dydx-mainnet-1', tx_hash: HASH }),
    });
    if (res.status !== 200) throw new Error(`tx-status: tracking failed with HTTP ${res.status}`);
  },
};
