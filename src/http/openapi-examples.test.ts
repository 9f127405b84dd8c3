/**
 * The OpenAPI document's answer examples (openapi-examples.generated.ts) are what the offline server answers: the
 * example requests are sent again and the answers compared, with the parts that change from run to run (times,
 * generated ids, the store's path) masked. When an answer changes on purpose, `npm run openapi:examples` rewrites
 * the file.
 */
import { describe, expect, it } from 'vitest';
import { GENERATED_EXAMPLES } from './openapi-examples.generated.js';
import { abbreviate, generateExamples, masked } from './test-helpers/openapi-examples.js';

describe('OpenAPI answer examples', () => {
  it('are the answers the offline server gives now (else: npm run openapi:examples)', async () => {
    const fresh = await generateExamples();
    expect(masked(fresh), 'stale examples: run `npm run openapi:examples`').toEqual(masked(GENERATED_EXAMPLES));
  }, 120_000);

  it('cover the statuses the document lists: every operation answers 200, the errors have their examples', () => {
    expect(Object.keys(GENERATED_EXAMPLES.errors).sort()).toEqual(
      ['BadRequest', 'InternalError', 'NotFound', 'TooManyRequests', 'Unauthorized', 'Unavailable'].sort(),
    );
    for (const [operation, statuses] of Object.entries(GENERATED_EXAMPLES.operations))
      expect(Object.keys(statuses), operation).toContain('200');
  });

  it('masking hides what changes between runs and nothing else; lists are cut to three entries', () => {
    const a = {
      at: '2026-01-15T12:00:00Z',
      id: 'x1',
      amount: '1000',
      memo: '{\\"timeout_timestamp\\":1768478400000000000}',
    };
    const b = {
      at: '2026-02-01T00:00:01.5Z',
      id: 'y2',
      amount: '1000',
      memo: '{\\"timeout_timestamp\\":1769000000000000000}',
    };
    expect(masked(a)).toEqual(masked(b));
    expect(masked({ ...a, amount: '1001' })).not.toEqual(masked(b));
    expect(abbreviate({ l: [1, 2, 3, 4, [5, 6, 7, 8]] })).toEqual({ l: [1, 2, 3] });
  });
});
