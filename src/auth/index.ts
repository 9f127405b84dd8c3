/**
 * Access: API keys, the shared anonymous rate limit and per-key statistics. What other modules use:
 *
 * - main.ts: `openAccess(config, log)` (throws StoreError when the database cannot be reached), `close()` on exit;
 * - http/app.ts: `app.register(accessPlugin, { access })`;
 * - privileged endpoints: `preHandler: requireApiKey`, or `requireKey(request)` for the key's id and name;
 * - endpoints that quote routes: `recordRoute(request, { usdVolume, affiliateFeeUsd })`;
 * - fee logic: `request.access?.tier === 'key'` (keyed callers get the lower default revenue share).
 */
export { openAccess, type AccessService } from './access.js';
export { accessPlugin, chargeAnonymous, recordRoute, requireApiKey, requireKey } from './plugin.js';
export { StoreError } from '../store/db.js';
