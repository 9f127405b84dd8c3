/** `npm run keys -- <command>`: API key administration (src/auth/keys-command.ts). Compiled with the server, so it runs after a production-only install. */
import { runKeysCommand } from '../auth/keys-command.js';

const code = await runKeysCommand(
  process.argv.slice(2),
  process.env,
  (text) => console.log(text),
  (text) => console.error(text),
);
process.exitCode = code;
