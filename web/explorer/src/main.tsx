/** Entry point of the explorer page (bundled by scripts/build-explorer.ts into dist/explorer/app.js). */
import { render } from 'preact';
import { App } from './app.js';
import './styles.css';

render(<App />, document.getElementById('app')!);
