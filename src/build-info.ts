/**
 * What this process runs: Junction's version (package.json), the source revision when the build recorded one, and
 * the Node.js version. Shown as `junction_build_info` on /metrics and as the OpenAPI document's version.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './paths.js';

export interface BuildInfo {
  version: string;
  /** JUNCTION_REVISION (the container build sets it to the commit); "unknown" when nothing says. */
  revision: string;
  node: string;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export const BUILD_INFO: BuildInfo = {
  version: readVersion(),
  revision: process.env.JUNCTION_REVISION?.trim() || 'unknown',
  node: process.versions.node,
};
