import { describe, expect, it } from 'vitest';
import { ExactNumber, expandNestedJson, NestedJson, parseExactJson, prettyJson } from './exact-json.js';

describe('message JSON with integers beyond 2^53', () => {
  it('keeps unsafe integers exact and leaves everything else as JSON.parse would', () => {
    const text =
      '{"timeout_timestamp":1795419373651000001,"n":12,"f":-1.5e3,"s":"9007199254740993 \\" quoted","a":[-9007199254740993,true,null]}';
    const v = parseExactJson(text) as Record<string, unknown>;
    expect(v.timeout_timestamp).toEqual(new ExactNumber('1795419373651000001'));
    expect(v.n).toBe(12);
    expect(v.f).toBe(-1500);
    expect(v.s).toBe('9007199254740993 " quoted');
    expect(v.a).toEqual([new ExactNumber('-9007199254740993'), true, null]);
    // Written back bare, digit for digit.
    expect(prettyJson(v)).toContain('"timeout_timestamp": 1795419373651000001');
  });

  it('expands memos and contract messages that are JSON inside strings, recursively', () => {
    const memo = JSON.stringify({
      forward: { receiver: 'osmo1x', next: JSON.stringify({ wasm: { contract: 'c', msg: { a: 1 } } }) },
    });
    const v = expandNestedJson(parseExactJson(JSON.stringify({ memo, plain: 'not json', brace: '{oops' }))) as Record<
      string,
      unknown
    >;
    expect(v.memo).toBeInstanceOf(NestedJson);
    const next = ((v.memo as NestedJson).value as { forward: { next: NestedJson } }).forward.next;
    expect(next).toBeInstanceOf(NestedJson);
    expect(next.value).toEqual({ wasm: { contract: 'c', msg: { a: 1 } } });
    expect(v.plain).toBe('not json');
    expect(v.brace).toBe('{oops');
    expect(prettyJson(v)).toMatch(/"memo": JSON text \{\n\s+"forward": \{/);
  });
});
