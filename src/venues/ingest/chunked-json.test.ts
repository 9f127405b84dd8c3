import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonArrayChunked } from './chunked-json.js';

describe('parseJsonArrayChunked', () => {
  it('agrees with JSON.parse on arbitrary arrays', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue()), async (arr) => {
        const text = JSON.stringify(arr, null, Math.random() < 0.5 ? 2 : 0);
        expect(await parseJsonArrayChunked(text)).toEqual(JSON.parse(text));
      }),
    );
  });

  it('reads the array under a key of a top-level object, skipping strings that look like structure', async () => {
    const doc = {
      note: 'has "pools": [1] inside, and ]}, too',
      nested: { pools: [9] },
      pools: [{ a: '],[' }, 2, [3]],
      pagination: null,
    };
    expect(await parseJsonArrayChunked(JSON.stringify(doc), 'pools')).toEqual(doc.pools);
  });

  it('skips strings with escaped quotes and backslashes, whatever their run length', async () => {
    const values = ['a\\', 'b\\"c', '\\\\', '"', '\\"],[{', '\u0022', 'end\\'];
    const text = JSON.stringify([{ s: values }, ...values, 'x']);
    expect(await parseJsonArrayChunked(text)).toEqual(JSON.parse(text));
    await expect(parseJsonArrayChunked('["open\\"]')).rejects.toThrow(/unterminated/);
  });

  it('rejects what is not there or not an array', async () => {
    await expect(parseJsonArrayChunked('{"x": 1}', 'pools')).rejects.toThrow(/missing property/);
    await expect(parseJsonArrayChunked('<html>')).rejects.toThrow(/JSON array/);
    await expect(parseJsonArrayChunked('[1, 2')).rejects.toThrow(/unterminated/);
    await expect(parseJsonArrayChunked('[1, }')).rejects.toThrow();
  });
});
