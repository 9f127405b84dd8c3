/** Rewrites the README's configuration table from the declarations in src/config.ts (`npm run readme:config`). */
import { readFileSync, writeFileSync } from 'node:fs';
import { settingsTable } from '../src/config.js';

const path = new URL('../README.md', import.meta.url);
const readme = readFileSync(path, 'utf8');
const start = readme.indexOf('| variable | flag | default | meaning |');
if (start < 0) throw new Error('README has no configuration table');
const end = readme.indexOf('\n\n', start);
writeFileSync(path, readme.slice(0, start) + settingsTable() + readme.slice(end));
