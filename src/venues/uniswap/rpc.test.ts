import fc from 'fast-check';
import { decodeFunctionData, encodeFunctionData, encodeFunctionResult, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { MULTICALL3_ABI, decodeAggregate3, encodeAggregate3, signedWord, word } from './rpc.js';

const hexBytes = fc.uint8Array({ maxLength: 80 }).map((b) => `0x${Buffer.from(b).toString('hex')}` as Hex);
const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => `0x${Buffer.from(b).toString('hex')}` as Hex);

describe('aggregate3 by hand', () => {
  it('encodes calls exactly as viem does', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ target: address, data: hexBytes }), { maxLength: 12 }), (calls) => {
        const viem = encodeFunctionData({
          abi: MULTICALL3_ABI,
          functionName: 'aggregate3',
          args: [calls.map((c) => ({ target: c.target, allowFailure: true, callData: c.data }))],
        });
        expect(encodeAggregate3(calls)).toBe(viem);
        expect(decodeFunctionData({ abi: MULTICALL3_ABI, data: encodeAggregate3(calls) }).args[0]).toHaveLength(
          calls.length,
        );
      }),
    );
  });

  it('decodes results exactly as viem encodes them (failures and empty data as undefined)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ success: fc.boolean(), returnData: hexBytes }), { maxLength: 12 }),
        (results) => {
          const data = encodeFunctionResult({ abi: MULTICALL3_ABI, functionName: 'aggregate3', result: results });
          expect(decodeAggregate3(data)).toEqual(
            results.map((r) => (r.success && r.returnData.length > 2 ? r.returnData : undefined)),
          );
        },
      ),
    );
    expect(() => decodeAggregate3('0x00')).toThrow(RangeError);
  });

  it('reads words and signed words', () => {
    const d = `0x${5n.toString(16).padStart(64, '0')}${BigInt.asUintN(256, -7n).toString(16)}` as Hex;
    expect(word(d, 0)).toBe(5n);
    expect(signedWord(d, 1, 24)).toBe(-7n);
    expect(word(d, 2)).toBeUndefined();
  });
});
