import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { checkEchoedFields } from './record-fields.js';

const rendered = { denom_out: 'uusdc', pool_address: '0xAbC0000000000000000000000000000000000001', eid: 30101 };
const fields = ['denom_out', 'pool_address', 'eid'];
const check = (echo: Record<string, unknown>) => () =>
  checkEchoedFields(echo, rendered, fields, 'operations[1].x_transfer', 'X from a to b');

describe('checkEchoedFields', () => {
  it('accepts the fields as rendered, in any letter case for addresses, and fields left out', () => {
    expect(check({ ...rendered })).not.toThrow();
    expect(check({ pool_address: '0xabc0000000000000000000000000000000000001' })).not.toThrow();
    expect(check({})).not.toThrow();
    expect(check({ fee_amount: '999' })).not.toThrow(); // not a field that follows from the lane
  });

  it('refuses a field that differs with code 3, naming it, what it should be and what was sent', () => {
    for (const [field, value] of [
      ['denom_out', 'uatom'],
      ['denom_out', null],
      ['eid', '30101'],
      ['pool_address', '0xabc0000000000000000000000000000000000002'],
    ] as const) {
      const thrown = (() => {
        try {
          check({ [field]: value })();
        } catch (err) {
          return err;
        }
      })();
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).code).toBe(3);
      expect((thrown as ApiError).message).toMatch(
        new RegExp(`^invalid operations\\[1\\]\\.x_transfer\\.${field}: X from a to b has `),
      );
    }
  });
});
