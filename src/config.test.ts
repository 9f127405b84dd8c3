import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, settingsTable } from './config.js';

describe('config', () => {
  it('defaults run offline: no database, no Redis, no price API', () => {
    const c = loadConfig([], {});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'info',
      databaseUrl: undefined,
      redisUrl: undefined,
      priceApiUrl: undefined,
    });
  });

  it('flags win over environment variables', () => {
    expect(loadConfig(['--port', '9001'], { PORT: '9000' }).port).toBe(9001);
    expect(loadConfig([], { PORT: '9000', LOG_LEVEL: 'debug' })).toMatchObject({ port: 9000, logLevel: 'debug' });
  });

  it.each([
    [['--port', 'abc'], /PORT must be a non-negative integer/],
    [['--port', '70000'], /PORT must be at most 65535/],
    [['--database-url', 'not a url'], /DATABASE_URL must be a URL/],
    [['--nope', '1'], /Unknown option/],
    [['--safety-max-loss-percent=-1'], /SAFETY_MAX_LOSS_PERCENT must be a non-negative decimal/],
    [['--operator-share-keyed-percent', '101'], /between 0 and 100/],
  ])('%o → ConfigError', (argv, message) => {
    expect(() => loadConfig(argv, {})).toThrow(ConfigError);
    expect(() => loadConfig(argv, {})).toThrow(message);
  });

  it('the README documents every setting exactly as declared', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(settingsTable());
  });
});
