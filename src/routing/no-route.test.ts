/**
 * The no-route explanation says each thing once: the multi-transaction advice every refused candidate carries is
 * summed up (route with the fewest transactions, how many others), over the reasons the real engine collects.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { ALLOW_MULTI_TX_ADVICE, explainRefusals, noRouteError } from './no-route.js';

const needs = (n: number, why: string) => `the route needs ${n} transactions because ${why}; ${ALLOW_MULTI_TX_ADVICE}`;

describe('explainRefusals', () => {
  it('says the multi-transaction advice once, with the shortest route and a count of the others', () => {
    const text = explainRefusals([
      'a route that leaves osmosis-1 and comes back to it is not offered',
      needs(3, 'CCTP delivers on 10, where the funds wait for a new transaction'),
      needs(2, 'the CCTP transfer from noble-1 needs a transaction of its own'),
      needs(2, 'the CCTP transfer from noble-1 needs a transaction of its own'),
      needs(4, 'axelar-dojo-1 does not forward packets (no packet-forward middleware)'),
    ]);
    expect(text.split(ALLOW_MULTI_TX_ADVICE)).toHaveLength(2);
    expect(text).toBe(
      'the route needs 2 transactions because the CCTP transfer from noble-1 needs a transaction of its own ' +
        `(2 other routes need 3 to 4 transactions too); ${ALLOW_MULTI_TX_ADVICE}; ` +
        'a route that leaves osmosis-1 and comes back to it is not offered',
    );
  });

  it('keeps other reasons as they are, once each', () => {
    expect(explainRefusals(['a', 'b', 'a'])).toBe('a; b');
    expect(explainRefusals([needs(2, 'x')])).toBe(needs(2, 'x'));
  });

  it('says a refusal shared by lanes to several chains once, the lane to the destination first', () => {
    const floor = (fee: number) => `the amount 10000 does not cover the CCTP relaying fee of ${fee}`;
    const text = explainRefusals(
      [
        'Axelar from osmosis-1 to 1: the amount 9958 does not exceed the execution fee',
        `CCTP from noble-1 to 10: ${floor(250000)}`,
        `CCTP from noble-1 to 1: ${floor(40000000)}`,
        `CCTP from noble-1 to 137: ${floor(250000)}`,
        `CCTP from noble-1 to 8453: ${floor(250000)}`,
        'the pools of neutron-astroport cannot absorb 10000 uusdc',
      ],
      '1',
    );
    expect(text).toBe(
      [
        'Axelar from osmosis-1 to 1: the amount 9958 does not exceed the execution fee',
        `CCTP from noble-1 to 1: ${floor(40000000)}`,
        `CCTP from noble-1 to 10, 137 and 8453: ${floor(250000)}`,
        'the pools of neutron-astroport cannot absorb 10000 uusdc',
      ].join('; '),
    );
  });

  it('never reads a multi-transaction reason as a lane refusal', () => {
    const r = needs(2, 'CCTP from noble-1 to 1: the mint needs a transaction of its own');
    expect(explainRefusals([r, r], '1')).toBe(r);
  });

  it('the wire words clients match on stay', () => {
    const e = noRouteError({ reasons: [needs(2, 'x'), needs(3, 'y')], multiTxRefused: true, fallback: '' });
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe('no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true');
    expect(e.details[0]?.reason).toBe('MULTI_TX_REQUIRED');
    expect(e.details[0]?.metadata?.explanation).toBe(
      `the route needs 2 transactions because x (1 other route needs 3 transactions too); ${ALLOW_MULTI_TX_ADVICE}`,
    );
  });
});
