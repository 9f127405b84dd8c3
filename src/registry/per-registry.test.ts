import { describe, expect, it } from 'vitest';
import { Registry } from './registry.js';
import { perRegistry } from './per-registry.js';

describe('perRegistry', () => {
  it('derives once per registry and separately for each registry', () => {
    let calls = 0;
    const derived = perRegistry((r: Registry) => ({ n: ++calls, r }));
    const a = new Registry(new Map(), new Map(), []);
    const b = new Registry(new Map(), new Map(), []);
    expect(derived(a)).toBe(derived(a));
    expect(calls).toBe(1);
    expect(derived(b).r).toBe(b);
    expect(calls).toBe(2);
  });

  it('keeps a value that is undefined instead of deriving it again', () => {
    let calls = 0;
    const derived = perRegistry(() => {
      calls++;
      return undefined;
    });
    const r = new Registry(new Map(), new Map(), []);
    derived(r);
    derived(r);
    expect(calls).toBe(1);
  });
});
