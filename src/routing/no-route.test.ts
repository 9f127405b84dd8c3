/**
 * The no-route explanation says each thing once: the multi-transaction advice every refused candidate carries is
 * summed up (route with the fewest transactions, how many others), and lane refusals that differ only in where the
 * lane goes are said once; both from the refusals' facts, never from their words.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { explainRefusals, NoRouteError, noRouteError } from './no-route.js';
import { ALLOW_MULTI_TX_ADVICE, Rejections, type Refusal } from './refusals.js';

const needs = (txs: number, why: string): Refusal => ({ kind: 'multi_tx', txs, why });
const other = (text: string): Refusal => ({ kind: 'other', text });
const lane = (bridge: string, from: string, to: string, why: string): Refusal => ({
  kind: 'lane',
  bridge,
  from,
  to,
  why,
});

describe('explainRefusals', () => {
  it('says the multi-transaction advice once, with the shortest route and a count of the others', () => {
    const text = explainRefusals([
      other('a route that leaves osmosis-1 and comes back to it is not offered'),
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
    expect(explainRefusals([other('a'), other('b'), other('a')])).toBe('a; b');
    expect(explainRefusals([needs(2, 'x')])).toBe(`the route needs 2 transactions because x; ${ALLOW_MULTI_TX_ADVICE}`);
  });

  it('says a refusal shared by lanes to several chains once, the lane to the destination first', () => {
    const floor = (fee: number) => `the amount 10000 does not cover the CCTP relaying fee of ${fee}`;
    const text = explainRefusals(
      [
        lane('Axelar', 'osmosis-1', '1', 'the amount 9958 does not exceed the execution fee'),
        lane('CCTP', 'noble-1', '10', floor(250000)),
        lane('CCTP', 'noble-1', '1', floor(40000000)),
        lane('CCTP', 'noble-1', '137', floor(250000)),
        lane('CCTP', 'noble-1', '8453', floor(250000)),
        other('the pools of neutron-astroport cannot absorb 10000 uusdc'),
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

  it('groups by what a refusal is, not by how its words read', () => {
    // Worded like lane refusals, these are not: they stay as they are and apart.
    const looksLikeLanes = [
      other('Go Fast from 8453 to osmosis-1: closed by the request (go_fast)'),
      other('Go Fast from 8453 to noble-1: closed by the request (go_fast)'),
    ];
    expect(explainRefusals(looksLikeLanes, 'noble-1')).toBe(
      looksLikeLanes.map((r) => (r as { text: string }).text).join('; '),
    );
    const r = needs(2, 'CCTP from noble-1 to 1: the mint needs a transaction of its own');
    expect(explainRefusals([r, r], '1')).toBe(
      `the route needs 2 transactions because CCTP from noble-1 to 1: the mint needs a transaction of its own; ${ALLOW_MULTI_TX_ADVICE}`,
    );
  });

  it('says the best safe route right after the route that exists, before other refusals', () => {
    expect(explainRefusals([other('o'), needs(2, 'x')], undefined, 'the best route ... has 3 transactions')).toBe(
      `the route needs 2 transactions because x; ${ALLOW_MULTI_TX_ADVICE}; the best route ... has 3 transactions; o`,
    );
  });

  it('the wire words clients match on stay', () => {
    const e = noRouteError({ reasons: [needs(2, 'x'), needs(3, 'y')], multiTxRefused: true, fallback: '' });
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toBeInstanceOf(NoRouteError);
    expect(e.name).toBe('ApiError');
    expect(e.message).toBe('no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true');
    expect(e.details[0]?.reason).toBe('MULTI_TX_REQUIRED');
    expect(e.details[0]?.metadata?.explanation).toBe(
      `the route needs 2 transactions because x (1 other route needs 3 transactions too); ${ALLOW_MULTI_TX_ADVICE}`,
    );
    const none = noRouteError({ reasons: [], multiTxRefused: false, fallback: 'no IBC channel path joins them' });
    expect(none.message).toBe('no routes found');
    expect(none.details[0]?.metadata?.explanation).toBe('no IBC channel path joins them');
  });
});

describe('Rejections', () => {
  it('keeps each refusal once and forgets only those of the options', () => {
    const r = new Rejections();
    r.add('a');
    r.addByOptions('closed by bridges');
    r.add(lane('CCTP', 'noble-1', '1', 'too small'));
    r.add(lane('CCTP', 'noble-1', '1', 'too small'));
    r.addByShape('a round trip');
    expect(r.refusals).toHaveLength(4);
    expect(r.anyByOptions).toBe(true);
    r.dropByOptions();
    expect(r.refusals.map((x) => x.kind)).toEqual(['other', 'lane', 'other']);
    expect(r.refusals.filter((x) => r.isByShape(x))).toEqual([other('a round trip')]);
    // A refusal forgotten with the options can be kept again by a later walk.
    r.add('closed by bridges');
    expect(r.refusals).toHaveLength(4);
  });
});
