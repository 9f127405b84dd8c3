/**
 * Records in the shapes SQS writes them. SQS encodes the chain's structs with Go's encoding/json, whose `omitempty`
 * tags drop zeros: a tick range bounded by tick 0 comes without that boundary. The ranges below are pool 1133
 * (OSMO/USDC.axl) around tick 0 as the Osmosis node pushed them to SQS at block 37288058 (osmosis-labs/sqs
 * blocks/sqs_block_37288058.json, commit 5ffc7624eb4354e39fe9190a83f1c9c08a46b422).
 */
import { describe, expect, it } from 'vitest';
import type { ConcentratedPool } from './concentrated.js';
import { PoolType, buildPool } from './parse.js';
import { TakerFees } from './taker-fee.js';

const chainModel = {
  id: '1133',
  current_tick_liquidity: '276146952211.322121879047692755',
  token0: 'uosmo',
  token1: 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858',
  current_sqrt_price: '0.446087269916822368358554832112421886',
  current_tick: '-8010062',
  tick_spacing: '100',
  exponent_at_price_one: '-6',
  spread_factor: '0.002000000000000000',
};
const ticks = [
  { liquidity_amount: '276146952211.322121879047692755', lower_tick: -8165300, upper_tick: -7918700 },
  { liquidity_amount: '277915913492.478645606256525069', lower_tick: -7918700, upper_tick: -100000 },
  { liquidity_amount: '277909911002.888504486617128064', lower_tick: -100000 },
  { liquidity_amount: '276559195851.335809421395506733', upper_tick: 100 },
  { liquidity_amount: '276558859889.110602075143802137', lower_tick: 100, upper_tick: 9800 },
];

const build = (tickModel: unknown, model: Record<string, unknown> = chainModel) =>
  buildPool(
    { type: PoolType.Concentrated, chainModel: model, tickModel },
    { takerFees: TakerFees.none() },
  ) as ConcentratedPool;

describe('SQS records with Go-omitted zeros', () => {
  it('reads a tick range bounded by tick 0 without that boundary as ending or starting at 0', () => {
    const pool = build({ ticks, current_tick_index: 0 });
    expect(pool.buckets.map((b) => [b.lower, b.upper])).toEqual([
      [-8165300, -7918700],
      [-7918700, -100000],
      [-100000, 0],
      [0, 100],
      [100, 9800],
    ]);
  });

  it('reads a pool at tick 0 without current_tick as at tick 0', () => {
    const { current_tick: _omitted, ...atPriceOne } = chainModel;
    const pool = build(undefined, { ...atPriceOne, current_sqrt_price: '1.000000000000000000000000000000000000' });
    expect(pool.state.currentTick).toBe(0);
  });

  it('still refuses a range whose tick is not a number', () => {
    expect(() => build({ ticks: [{ liquidity_amount: '1', lower_tick: 'x', upper_tick: 100 }] })).toThrow(/lower_tick/);
  });
});
