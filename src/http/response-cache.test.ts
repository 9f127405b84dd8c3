import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

describe('ResponseCache', () => {
  it('serves an exact request text within its TTL and market version only', () => {
    const c = new ResponseCache<number>(1000, 2);
    c.set('{"a":1}', 7, 0, { json: 'A', extra: 1 });
    expect(c.get('{"a":1}', 7, 999)?.json).toBe('A');
    expect(c.get('{"a":1}', 7, 1000)).toBeUndefined();
    c.set('{"a":1}', 7, 0, { json: 'A', extra: 1 });
    expect(c.get('{"a":1}', 8, 1)).toBeUndefined();
    expect(c.get('{"a": 1}', 7, 1)).toBeUndefined();
  });

  it('is off with a zero TTL and bounded in size', () => {
    const off = new ResponseCache<number>(0);
    off.set('x', 1, 0, { json: 'X', extra: 0 });
    expect(off.get('x', 1, 0)).toBeUndefined();
    const small = new ResponseCache<number>(1000, 2);
    small.set('a', 1, 0, { json: 'A', extra: 0 });
    small.set('b', 1, 0, { json: 'B', extra: 0 });
    small.set('c', 1, 0, { json: 'C', extra: 0 });
    expect(small.get('c', 1, 0)?.json).toBe('C');
    expect(small.get('a', 1, 0)).toBeUndefined();
  });
});
