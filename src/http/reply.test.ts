import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './reply.js';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate', true], // Node fetch (undici)
    ['gzip, deflate, br, zstd', true], // browsers
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['*', true],
    ['GZIP', true],
    ['deflate, br', false],
    ['gzip;q=0', false],
    ['gzip; q=0.0, identity', false],
    ['identity', false],
    ['', false],
    [undefined, false],
    ['x-gzip', false],
    ['gzip;q=0, *', false],
    ['deflate, *;q=0', false],
  ])('%s -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
