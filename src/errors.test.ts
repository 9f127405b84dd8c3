import { describe, expect, it } from 'vitest';
import { ApiError, errorInfo, GrpcCode, invalidArgument, resourceExhausted, unavailable } from './errors.js';

describe('ApiError', () => {
  it("has a stable reason: the one given, else the wire detail's, else the code's name", () => {
    expect(new ApiError(GrpcCode.UNAVAILABLE, 'x', { reason: 'NO_SOLANA_ENDPOINT' }).reason).toBe('NO_SOLANA_ENDPOINT');
    expect(new ApiError(GrpcCode.NOT_FOUND, 'no route', [errorInfo('NO_ROUTE')]).reason).toBe('NO_ROUTE');
    expect(invalidArgument('invalid amount_in: must be positive').reason).toBe('INVALID_ARGUMENT');
    expect(resourceExhausted('slow down', 3).reason).toBe('RATE_LIMITED');
  });

  it('names the field a code-3 message refuses', () => {
    expect(invalidArgument('invalid operations[2].cctp_transfer.denom_in: the previous operation...').field).toBe(
      'operations[2].cctp_transfer.denom_in',
    );
    expect(invalidArgument('invalid field body.amount_in: must be string').field).toBe('body.amount_in');
    expect(invalidArgument('missing required field source_asset_denom').field).toBe('source_asset_denom');
    expect(invalidArgument('unknown query parameter chain_idz').field).toBe('chain_idz');
    expect(invalidArgument('malformed JSON body: Unexpected token').field).toBeUndefined();
    expect(unavailable('invalid x: not a code-3 error').field).toBeUndefined();
  });

  it('keeps the error it reports as its cause, off the wire', () => {
    const cause = new Error('connect ECONNREFUSED 10.0.0.1:8899');
    const err = unavailable('the Solana RPC endpoint is unreachable', { cause });
    expect(err.cause).toBe(cause);
    expect(Object.keys(err)).not.toContain('cause');
    expect(JSON.stringify(err)).not.toContain('ECONNREFUSED');
  });

  it('takes headers and an HTTP status as options, and in the older positional form', () => {
    const now = new ApiError(GrpcCode.INVALID_ARGUMENT, 'too large', { status: 413, headers: { a: '1' } });
    const old = new ApiError(GrpcCode.INVALID_ARGUMENT, 'too large', [], { a: '1' }, 413);
    for (const e of [now, old]) expect([e.httpStatus, e.headers, e.details]).toEqual([413, { a: '1' }, []]);
    expect(resourceExhausted('slow down', 3).headers).toEqual({ 'retry-after': '3' });
  });
});
