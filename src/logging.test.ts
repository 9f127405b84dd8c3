import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logging.js';

/** A stream that keeps what is written, and says whether it is a terminal. */
function sink(isTTY: boolean) {
  let text = '';
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        text += chunk.toString();
        done();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => text };
}

describe('logs', () => {
  it('are JSON lines when stdout is not a terminal, readable lines on a terminal, and LOG_FORMAT decides when set', () => {
    const pipe = sink(false);
    createLogger('info', 'auto', pipe.stream).info({ port: 8080 }, 'hello');
    expect(JSON.parse(pipe.text())).toMatchObject({ level: 30, msg: 'hello', port: 8080 });

    const tty = sink(true);
    createLogger('info', 'auto', tty.stream).info({ port: 8080 }, 'hello');
    expect(tty.text()).toMatch(/INFO.*hello/);
    expect(() => JSON.parse(tty.text())).toThrow();

    const forced = sink(false);
    createLogger('info', 'pretty', forced.stream).info('hello');
    expect(forced.text()).toMatch(/INFO.*hello/);
    const json = sink(true);
    createLogger('info', 'json', json.stream).info('hello');
    expect(JSON.parse(json.text())).toMatchObject({ msg: 'hello' });
  });

  it('never print the API key', () => {
    const out = sink(false);
    createLogger('info', 'json', out.stream).info({ req: { headers: { authorization: 'jct_secret' } } }, 'request');
    expect(out.text()).not.toContain('jct_secret');
  });
});
