import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ApiError } from '../errors.js';
import { Decimal } from './decimal.js';
import { DEFAULT_SAFETY_THRESHOLDS, enforcePriceSafety, judgePriceSafety, type SafetyInput } from './safety.js';
import { apiErrorOf } from '../test-helpers/api-error.js';

const d = (s: string) => Decimal.parse(s);
const swap = (usdIn?: string, usdOut?: string, impact?: string, allowUnsafe = false): SafetyInput => ({
  usdIn: usdIn === undefined ? undefined : d(usdIn),
  usdOut: usdOut === undefined ? undefined : d(usdOut),
  priceImpactPercent: impact === undefined ? undefined : d(impact),
  doesSwap: true,
  allowUnsafe,
});

/** A captured Skip Go API answer from test/fixtures/skip-go-api (sources in its SOURCES.md). */
const capture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/skip-go-api/${name}.json`, import.meta.url), 'utf8')) as {
    response: {
      status: number;
      body: {
        code: number;
        message: string;
        details: { '@type': string; reason: string }[];
        route: { swap_price_impact_percent: string; warning: unknown };
      };
    };
  };

function errorOf(input: SafetyInput): ApiError {
  const v = judgePriceSafety(input);
  if (v.kind !== 'error') throw new Error(`expected an error, got ${v.kind}`);
  return v.error;
}
const reasonOf = (input: SafetyInput) => {
  const v = judgePriceSafety(input);
  return v.kind === 'ok' ? 'ok' : v.reason;
};

describe('judgePriceSafety: BAD_PRICE by USD difference', () => {
  it('reproduces the captured error of the Skip Go API: status, code, message and ErrorInfo reason', () => {
    // The capture's route lost 1.2 %: the service that answered used a lower threshold than the default 10 %.
    const { status, body } = capture('route-error-bad-price').response;
    const captured = errorOf({ ...swap('100000.00', '98811.81'), thresholds: { maxUsdLossFraction: d('0.01') } });
    expect(captured.httpStatus).toBe(status);
    expect(captured.code).toBe(body.code);
    expect(captured.message).toBe(body.message);
    expect(captured.details[0]).toMatchObject({ '@type': body.details[0]?.['@type'], reason: body.details[0]?.reason });
  });

  it('gives the full error body with the default thresholds', () => {
    const e = errorOf({ ...swap('1000', '600'), thresholds: {} });
    expect(e.code).toBe(3);
    expect(e.httpStatus).toBe(400);
    expect(e.message).toBe(
      'difference in usd value of route input and output is too large. input usd value: 1000.00 output usd value: 600.00',
    );
    expect(e.details).toEqual([
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'BAD_PRICE_ERROR',
        domain: 'skip.build',
        metadata: {
          usd_amount_in: '1000.00',
          usd_amount_out: '600.00',
          usd_loss: '400.00',
          max_usd_loss_percent: '10',
        },
      },
    ]);
  });

  it('gives the captured warning text with allow_unsafe', () => {
    const { route } = capture('msgs_direct-dydx-to-ethereum-swap-axelar').response.body;
    expect(judgePriceSafety(swap('130.1299', '103.1712', route.swap_price_impact_percent, true))).toMatchObject({
      warning: route.warning,
    });
    const v = judgePriceSafety(swap('130.1299', '103.1712', '0.2607', true));
    expect(v).toEqual({
      kind: 'warning',
      reason: 'BAD_PRICE_ERROR',
      warning: {
        type: 'BAD_PRICE_WARNING',
        message:
          'Difference in USD value of route input and output is large. Input USD value: 130.13 Output USD value: 103.17',
      },
    });
  });

  it.each<[string, string, string]>([
    ['100', '90', 'ok'], // exactly 10 % lost: not more than 10 %
    ['100', '89.999999999999999999', 'BAD_PRICE_ERROR'],
    ['100', '90.000000000000000001', 'ok'],
    ['100', '89.995', 'BAD_PRICE_ERROR'], // both print as 90.00 and still the exact values decide
    ['0.000001', '0.0000009', 'ok'],
    ['0.000001', '0.00000089', 'BAD_PRICE_ERROR'],
    ['100', '250', 'ok'], // a gain is not a bad price
    ['100', '0', 'BAD_PRICE_ERROR'],
  ])('in %s out %s → %s', (i, o, expected) => {
    expect(reasonOf(swap(i, o))).toBe(expected);
  });

  it('the edge follows a configured fraction', () => {
    const t = { maxUsdLossFraction: d('0.05') };
    expect(reasonOf({ ...swap('200', '190'), thresholds: t })).toBe('ok');
    expect(reasonOf({ ...swap('200', '189.99'), thresholds: t })).toBe('BAD_PRICE_ERROR');
  });

  it('is decided exactly at the threshold for any amount (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }), (units, scale) => {
        const usdIn = Decimal.of(units, scale);
        const edge = usdIn.sub(usdIn.mul(d('0.1'))); // exactly 10 % lost
        const eps = Decimal.of(1n, 40);
        const big = { maxUsdLoss: d('1e30') }; // keep HIGH_LOSS out of this property
        expect(reasonOf({ doesSwap: true, allowUnsafe: false, usdIn, usdOut: edge, thresholds: big })).toBe('ok');
        expect(reasonOf({ doesSwap: true, allowUnsafe: false, usdIn, usdOut: edge.sub(eps), thresholds: big })).toBe(
          'BAD_PRICE_ERROR',
        );
      }),
    );
  });
});

describe('judgePriceSafety: BAD_PRICE by price impact', () => {
  it.each<[string, string]>([
    ['10', 'ok'],
    ['10.0000000001', 'BAD_PRICE_ERROR'],
    ['9.9999', 'ok'],
    ['98.69154', 'BAD_PRICE_ERROR'],
  ])('impact %s %% → %s', (impact, expected) => {
    expect(reasonOf(swap(undefined, undefined, impact))).toBe(expected);
  });

  it('states the impact as the Skip Go API does', () => {
    const e = errorOf(swap(undefined, undefined, '98.69154'));
    expect(e.message).toBe(
      'swap execution price in route deviates too far from market price. expected price impact: 98.6915%',
    );
    expect(e.details[0]?.metadata).toEqual({ price_impact_percent: '98.6915', max_price_impact_percent: '10' });
    const w = enforcePriceSafety(swap(undefined, undefined, '98.68264', true));
    expect(w).toEqual({
      type: 'BAD_PRICE_WARNING',
      message: 'swap execution price in route deviates too far from market price. expected price impact: 98.6826%',
    });
  });

  it('carries the USD values when known', () => {
    const e = errorOf(swap('100', '95', '12'));
    expect(e.details[0]?.metadata).toMatchObject({
      usd_amount_in: '100.00',
      usd_amount_out: '95.00',
      price_impact_percent: '12.0000',
    });
  });

  it('the USD rule speaks first when both fire', () => {
    expect(errorOf(swap('100', '50', '60')).message).toMatch(/^difference in usd value/);
  });

  it('a configured impact threshold moves the edge', () => {
    const t = { maxPriceImpactPercent: d('2.5') };
    expect(reasonOf({ ...swap(undefined, undefined, '2.5'), thresholds: t })).toBe('ok');
    expect(reasonOf({ ...swap(undefined, undefined, '2.5001'), thresholds: t })).toBe('BAD_PRICE_ERROR');
  });
});

describe('judgePriceSafety: HIGH_LOSS', () => {
  it('blocks the captured 100 000 → 98 811.81 route, with the captured message', () => {
    const e = errorOf(swap('100000', '98811.81', '0.5'));
    expect(e.message).toBe(
      'difference in usd value of route input and output is too large. input usd value: 100000.00 output usd value: 98811.81',
    );
    expect(e.details).toHaveLength(1);
    expect(e.details[0]).toMatchObject({
      reason: 'HIGH_LOSS_ERROR',
      domain: 'skip.build',
      metadata: {
        usd_amount_in: '100000.00',
        usd_amount_out: '98811.81',
        usd_loss: '1188.19',
        max_usd_loss: '1000.00',
      },
    });
  });

  it.each<[string, string, string]>([
    ['50000', '49000', 'ok'], // exactly 1 000 lost
    ['50000', '48999.999999', 'HIGH_LOSS_ERROR'],
    ['20000', '19000.01', 'ok'], // 999.99 lost (5 %)
    ['5000', '3999', 'BAD_PRICE_ERROR'], // > 10 % as well: the percent rule speaks first
  ])('in %s out %s → %s', (i, o, expected) => {
    expect(reasonOf(swap(i, o))).toBe(expected);
  });

  it('applies to transfer-only routes too (a huge bridge fee)', () => {
    expect(reasonOf({ ...swap('20000', '18900'), doesSwap: false })).toBe('HIGH_LOSS_ERROR');
  });

  it('becomes a BAD_PRICE_WARNING with allow_unsafe (the wire has no high-loss warning)', () => {
    const v = judgePriceSafety(swap('100000', '98811.81', undefined, true));
    expect(v).toMatchObject({ kind: 'warning', reason: 'HIGH_LOSS_ERROR', warning: { type: 'BAD_PRICE_WARNING' } });
  });

  it('follows a configured amount', () => {
    const t = { maxUsdLoss: d('5000') };
    expect(reasonOf({ ...swap('100000', '95000'), thresholds: t })).toBe('ok');
    expect(reasonOf({ ...swap('100000', '94999.99'), thresholds: t })).toBe('HIGH_LOSS_ERROR');
    expect(reasonOf({ ...swap('100000', '98811.81'), thresholds: { maxUsdLoss: undefined } })).toBe('HIGH_LOSS_ERROR');
  });
});

describe('judgePriceSafety: LOW_INFO', () => {
  it.each<[string, SafetyInput]>([
    ['no prices at all', swap()],
    ['only USD in', swap('100')],
    ['only USD out', swap(undefined, '100')],
    ['USD in is zero', swap('0', '5')],
  ])('%s → LOW_INFO_ERROR', (_what, input) => {
    const e = errorOf(input);
    expect(e.code).toBe(3);
    expect(e.message).toBe('unable to determine route safety');
    expect(e.details).toHaveLength(1);
    expect(e.details[0]).toMatchObject({
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'LOW_INFO_ERROR',
      domain: 'skip.build',
    });
  });

  it('names the one USD figure it had', () => {
    expect(errorOf(swap('100')).details[0]?.metadata).toEqual({ usd_amount_in: '100.00' });
  });

  it('becomes a LOW_INFO_WARNING with allow_unsafe', () => {
    expect(enforcePriceSafety(swap(undefined, undefined, undefined, true))).toEqual({
      type: 'LOW_INFO_WARNING',
      message: 'unable to determine route safety',
    });
  });

  it('a known small price impact is enough information', () => {
    expect(reasonOf(swap(undefined, undefined, '0.2607'))).toBe('ok');
    expect(reasonOf(swap('100', undefined, '0.2607'))).toBe('ok');
  });

  it('USD values alone are enough information', () => {
    expect(reasonOf(swap('100', '99.5'))).toBe('ok');
  });

  it('a route that only transfers needs no prices', () => {
    expect(judgePriceSafety({ doesSwap: false, allowUnsafe: false })).toEqual({ kind: 'ok' });
  });
});

describe('enforcePriceSafety', () => {
  it('returns nothing for a safe route, the warning with allow_unsafe, and throws the ApiError otherwise', () => {
    expect(enforcePriceSafety(swap('100', '99', '0.3'))).toBeUndefined();
    expect(enforcePriceSafety(swap('100', '80', undefined, true))?.type).toBe('BAD_PRICE_WARNING');
    expect(apiErrorOf(() => enforcePriceSafety(swap('100', '80'))).reason).toBe('BAD_PRICE_ERROR');
  });

  it('allow_unsafe turns exactly the errors into warnings (property)', () => {
    const arbUsd = fc.option(
      fc.bigInt({ min: 0n, max: 10n ** 12n }).map((u) => Decimal.of(u, 2)),
      { nil: undefined },
    );
    fc.assert(
      fc.property(arbUsd, arbUsd, arbUsd, fc.boolean(), (usdIn, usdOut, impact, doesSwap) => {
        const base = { usdIn, usdOut, priceImpactPercent: impact, doesSwap };
        const strict = judgePriceSafety({ ...base, allowUnsafe: false });
        const lax = judgePriceSafety({ ...base, allowUnsafe: true });
        if (strict.kind === 'ok') expect(lax.kind).toBe('ok');
        else {
          expect(strict.kind).toBe('error');
          expect(lax.kind).toBe('warning');
          if (lax.kind === 'warning' && strict.kind === 'error') {
            expect(lax.reason).toBe(strict.reason);
            expect(lax.warning.type).toBe(
              strict.reason === 'LOW_INFO_ERROR' ? 'LOW_INFO_WARNING' : 'BAD_PRICE_WARNING',
            );
            expect(strict.error.details).toHaveLength(1);
          }
        }
      }),
    );
  });

  it('defaults are 10 %, 10 % impact and 1 000 USD', () => {
    expect(DEFAULT_SAFETY_THRESHOLDS.maxUsdLossFraction.toString()).toBe('0.1');
    expect(DEFAULT_SAFETY_THRESHOLDS.maxPriceImpactPercent.toString()).toBe('10');
    expect(DEFAULT_SAFETY_THRESHOLDS.maxUsdLoss.toString()).toBe('1000');
  });
});

describe('judgePriceSafety: costs paid on top of the amounts', () => {
  const transfer = (usdCostsOnTop: string, allowUnsafe = false): SafetyInput => ({
    usdIn: d('1.00'),
    usdOut: d('1.00'),
    usdCostsOnTop: d(usdCostsOnTop),
    doesSwap: false,
    allowUnsafe,
  });

  it('a transfer that delivers all it moves but pays more than 10 % beside it is refused (fees on top, gas)', () => {
    const v = judgePriceSafety(transfer('2.60'));
    expect(v.kind).toBe('error');
    if (v.kind !== 'error') return;
    expect(v.error.message).toBe(
      'difference in usd value of route input and output is too large. input usd value: 1.00 output usd value: 1.00 fees paid on top and gas usd value: 2.60',
    );
    expect(v.error.details[0]!.metadata).toMatchObject({ usd_costs_on_top: '2.60', usd_loss: '2.60' });
  });

  it('the edge counts the costs with the loss: 10 % passes, a cent more does not', () => {
    expect(judgePriceSafety({ ...transfer('0.05'), usdOut: d('0.95') }).kind).toBe('ok');
    expect(judgePriceSafety({ ...transfer('0.06'), usdOut: d('0.95') }).kind).toBe('error');
  });

  it('with allow_unsafe the route comes with a warning that names the costs', () => {
    const v = judgePriceSafety(transfer('2.60', true));
    expect(v.kind === 'warning' && v.warning.message).toMatch(/Fees paid on top and gas USD value: 2\.60$/);
  });
});
