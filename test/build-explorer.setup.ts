/** Vitest global setup: builds the explorer page once, so a clean clone's `npm test` serves the real page. */
import { buildExplorer } from '../scripts/build-explorer.js';

export default async function setup(): Promise<void> {
  await buildExplorer();
}
