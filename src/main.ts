/**
 * The server's entry point (`npm start`, `node dist/main.js`). `--help` is answered from the settings alone, before
 * the application's modules are loaded; anything else starts the server (http/serve.ts), from the one-file bundle the
 * build writes beside this file when it is there (a faster cold start: scripts/bundle-server.ts says why).
 */
import { existsSync } from 'node:fs';
import { helpText } from './config.js';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`${helpText(Math.max(60, Math.min(process.stdout.columns || 80, 80)))}\n`);
} else {
  const bundle = new URL('./bundle/serve.js', import.meta.url);
  const { serve } = (await import(existsSync(bundle) ? bundle.href : './http/serve.js')) as {
    serve: () => Promise<void>;
  };
  serve().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
