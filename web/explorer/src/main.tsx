/** Entry point of the explorer page (bundled by scripts/build-explorer.ts into dist/explorer/app.js). */
import { render } from 'preact';
import { App } from './app.js';
import './styles.css';

const root = document.getElementById('app')!;
// The HTML's "Loading…" line is not Preact's: clear it, or Preact would render beside it.
root.textContent = '';
render(<App />, root);
