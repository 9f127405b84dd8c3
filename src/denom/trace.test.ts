import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  denomOfTrace,
  ibcDenomOfPath,
  isChannelId,
  isIbcDenom,
  parseTracePath,
  receivedOver,
  traceHopsString,
  tracePath,
  unwindsOver,
} from './trace.js';

// ATOM on Osmosis: received over Osmosis channel-0 (the Hub's channel-141).
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
// USDC from Noble on Osmosis, received over Osmosis channel-750.
const USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
// WBTC from Ethereum on the Cosmos Hub over the Eureka (IBC v2) client 08-wasm-1369; the trace keeps the address in lower case.
const EUREKA_WBTC_ON_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';

describe('ibcDenomOfPath', () => {
  it('hashes the full path the way ibc-go does (upper-case hex SHA-256)', () => {
    expect(ibcDenomOfPath('transfer/channel-0/uatom')).toBe(ATOM_ON_OSMOSIS);
    expect(ibcDenomOfPath('transfer/channel-750/uusdc')).toBe(USDC_ON_OSMOSIS);
    expect(ibcDenomOfPath('transfer/08-wasm-1369/0x2260fac5e5542a773aa44fbcfedf7c193bc2c599')).toBe(EUREKA_WBTC_ON_HUB);
  });

  it('is case-sensitive in the base denom (a checksummed address is another voucher)', () => {
    expect(ibcDenomOfPath('transfer/08-wasm-1369/0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599')).not.toBe(
      EUREKA_WBTC_ON_HUB,
    );
  });

  it('agrees with a direct SHA-256 for any path', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (path) => {
        const hex = createHash('sha256').update(path).digest('hex').toUpperCase();
        expect(ibcDenomOfPath(path)).toBe(`ibc/${hex}`);
        expect(isIbcDenom(ibcDenomOfPath(path))).toBe(true);
      }),
    );
  });
});

describe('parseTracePath', () => {
  it('splits a one-hop path into hop and base denom', () => {
    expect(parseTracePath('transfer/channel-0/uatom')).toEqual({
      hops: [{ port: 'transfer', channel: 'channel-0' }],
      baseDenom: 'uatom',
    });
  });

  it('keeps slashes of the base denom (tokenfactory), over two hops', () => {
    // OPHIR (Migaloo tokenfactory) on the Cosmos Hub, via Osmosis: Hub channel-141, then Osmosis channel-642.
    const base = 'factory/migaloo1t862qdu9mj5hr3j727247acypym3ej47axu22rrapm4tqlcpuseqltxwq5/ophir';
    const path = `transfer/channel-141/transfer/channel-642/${base}`;
    const trace = parseTracePath(path);
    expect(trace).toEqual({
      hops: [
        { port: 'transfer', channel: 'channel-141' },
        { port: 'transfer', channel: 'channel-642' },
      ],
      baseDenom: base,
    });
    expect(denomOfTrace(trace)).toBe('ibc/B26F762ED6D20D0D5305FE1870A476EBCB95127C10199F3CB16E69D893E9F775');
  });

  it('keeps a base denom that looks like a port but is followed by no channel id (stk/uatom from Persistence)', () => {
    expect(parseTracePath('transfer/channel-0/transfer/channel-4/stk/uatom')).toEqual({
      hops: [
        { port: 'transfer', channel: 'channel-0' },
        { port: 'transfer', channel: 'channel-4' },
      ],
      baseDenom: 'stk/uatom',
    });
  });

  it('reads IBC v2 (Eureka) client ids as hops', () => {
    expect(parseTracePath('transfer/08-wasm-1369/0x2260fac5e5542a773aa44fbcfedf7c193bc2c599')).toEqual({
      hops: [{ port: 'transfer', channel: '08-wasm-1369' }],
      baseDenom: '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599',
    });
    // WBTC on Osmosis: over the Hub (Osmosis channel-0), which received it over its Eureka client.
    expect(
      parseTracePath('transfer/channel-0/transfer/08-wasm-1369/0x2260fac5e5542a773aa44fbcfedf7c193bc2c599').hops,
    ).toEqual([
      { port: 'transfer', channel: 'channel-0' },
      { port: 'transfer', channel: '08-wasm-1369' },
    ]);
  });

  it('reads contract ports (CW20 over a wasm port) as hops', () => {
    const port = 'wasm.juno1v4887y83d6g28puzvt8cl0f3cdhd3y6y9mpysnsp3k8krdm7l6jqgm0rkn';
    expect(
      parseTracePath(`${port}/channel-47/cw20:juno1g2g7ucurum66d42g8k5twk34yegdq8c82858gz0tq2fc75zy7khssgnhjl`),
    ).toEqual({
      hops: [{ port, channel: 'channel-47' }],
      baseDenom: 'cw20:juno1g2g7ucurum66d42g8k5twk34yegdq8c82858gz0tq2fc75zy7khssgnhjl',
    });
  });

  it('treats a native denom, an ibc/ denom and an incomplete pair as base denoms', () => {
    expect(parseTracePath('uosmo')).toEqual({ hops: [], baseDenom: 'uosmo' });
    expect(parseTracePath(ATOM_ON_OSMOSIS)).toEqual({ hops: [], baseDenom: ATOM_ON_OSMOSIS });
    // "transfer/channel-0" alone has no base denom after the pair, so it is not a hop.
    expect(parseTracePath('transfer/channel-0')).toEqual({ hops: [], baseDenom: 'transfer/channel-0' });
    // A second element that is not a channel id stops the hops.
    expect(parseTracePath('transfer/notachannel/uatom')).toEqual({ hops: [], baseDenom: 'transfer/notachannel/uatom' });
  });

  it('round-trips with tracePath for any hops and slash-free base', () => {
    const hop = fc.record({
      port: fc.constantFrom('transfer', 'wasm.osmo1abcdef'),
      channel: fc.oneof(
        fc.nat({ max: 100_000 }).map((n) => `channel-${n}`),
        fc.nat({ max: 5000 }).map((n) => `08-wasm-${n}`),
      ),
    });
    const base = fc.stringMatching(/^[a-z][a-z0-9:._-]{1,40}$/);
    fc.assert(
      fc.property(fc.array(hop, { maxLength: 5 }), base, (hops, baseDenom) => {
        expect(parseTracePath(tracePath({ hops, baseDenom }))).toEqual({ hops, baseDenom });
      }),
    );
  });
});

describe('trace helpers', () => {
  const atomOnOsmosis = { hops: [{ port: 'transfer', channel: 'channel-0' }], baseDenom: 'uatom' };

  it('denomOfTrace gives the base denom for a native asset and the hash for a voucher', () => {
    expect(denomOfTrace({ hops: [], baseDenom: 'uatom' })).toBe('uatom');
    expect(denomOfTrace(atomOnOsmosis)).toBe(ATOM_ON_OSMOSIS);
  });

  it('traceHopsString is the wire `trace`: hops only, "" when native', () => {
    expect(traceHopsString(atomOnOsmosis.hops)).toBe('transfer/channel-0');
    expect(traceHopsString([])).toBe('');
    expect(
      traceHopsString([
        { port: 'transfer', channel: 'channel-0' },
        { port: 'transfer', channel: '08-wasm-1369' },
      ]),
    ).toBe('transfer/channel-0/transfer/08-wasm-1369');
  });

  it('receivedOver prepends the receiving channel; unwindsOver recognises the way back', () => {
    // ATOM from Osmosis to Neutron: Neutron receives over its channel-10 (Osmosis channel-874).
    const onNeutron = receivedOver(atomOnOsmosis, { port: 'transfer', channel: 'channel-10' });
    expect(onNeutron.hops.map((h) => h.channel)).toEqual(['channel-10', 'channel-0']);
    expect(tracePath(onNeutron)).toBe('transfer/channel-10/transfer/channel-0/uatom');
    expect(unwindsOver(atomOnOsmosis, { port: 'transfer', channel: 'channel-0' })).toBe(true);
    expect(unwindsOver(atomOnOsmosis, { port: 'transfer', channel: 'channel-750' })).toBe(false);
    expect(unwindsOver({ hops: [], baseDenom: 'uosmo' }, { port: 'transfer', channel: 'channel-0' })).toBe(false);
  });

  it('isChannelId and isIbcDenom accept only their shapes', () => {
    expect(isChannelId('channel-141')).toBe(true);
    expect(isChannelId('08-wasm-1369')).toBe(true);
    expect(isChannelId('07-tendermint-0')).toBe(true);
    expect(isChannelId('channel-')).toBe(false);
    expect(isChannelId('transfer')).toBe(false);
    expect(isIbcDenom(ATOM_ON_OSMOSIS)).toBe(true);
    expect(isIbcDenom(ATOM_ON_OSMOSIS.toLowerCase())).toBe(false);
    expect(isIbcDenom('ibc/27394FB0')).toBe(false);
    expect(isIbcDenom('uatom')).toBe(false);
  });
});
