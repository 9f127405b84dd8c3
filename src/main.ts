/**
 * The server's entry point (`npm start`, `node dist/main.js`). `--help` is answered from the settings alone, before
 * the application's modules are loaded; anything else starts the server (serve.ts).
 */
import { helpText } from './config.js';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`${helpText(Math.max(60, Math.min(process.stdout.columns || 80, 80)))}\n`);
} else {
  const { serve } = await import('./serve.js');
  serve().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
