/**
 * Run by `npm run build` after tsc: writes dist/registry-sources.json (see sources.ts), so the built server does not
 * load the chain-registry package's ~860 modules at start-up.
 */
import { SOURCES_SNAPSHOT, writeSourcesSnapshot } from './sources.js';

const bytes = writeSourcesSnapshot();
console.error(`registry sources snapshot: ${SOURCES_SNAPSHOT} (${(bytes / 2 ** 20).toFixed(1)} MB)`);
