import { describe, expect, it } from 'vitest';
import { ibcData } from 'chain-registry/mainnet/index.js';
import type { IBCData } from '@chain-registry/types';
import { buildChannels, capabilitiesOf, priceString } from './cosmos.js';
import { loadDataFiles } from './data-files.js';

const ids = new Map([
  ['cosmoshub', 'cosmoshub-4'],
  ['sentinel', 'sentinelhub-2'],
  ['juno', 'juno-1'],
  ['osmosis', 'osmosis-1'],
]);
const pair = (a: string, b: string): IBCData => {
  const p = ibcData.find((x) => x.chain1.chainName === a && x.chain2.chainName === b);
  if (!p) throw new Error(`no ibc data for ${a}-${b}`);
  return p;
};

describe('buildChannels', () => {
  it('gives both ends of every transfer channel between served chains (Hub <-> Sentinel has two)', () => {
    const ends = buildChannels([pair('cosmoshub', 'sentinel')], ids);
    expect(
      ends
        .map((e) => `${e.chainId}:${e.channel}->${e.counterpartyChainId}:${e.counterpartyChannel}:${e.preferred}`)
        .sort(),
    ).toEqual([
      'cosmoshub-4:channel-1549->sentinelhub-2:channel-97:true',
      'cosmoshub-4:channel-186->sentinelhub-2:channel-12:false',
      'sentinelhub-2:channel-12->cosmoshub-4:channel-186:false',
      'sentinelhub-2:channel-97->cosmoshub-4:channel-1549:true',
    ]);
  });

  it('skips contract ports (Juno wasm port to Osmosis) and keeps the transfer channel', () => {
    const ends = buildChannels([pair('juno', 'osmosis')], ids);
    expect(ends.map((e) => `${e.chainId}:${e.port}/${e.channel}`).sort()).toEqual([
      'juno-1:transfer/channel-0',
      'osmosis-1:transfer/channel-42',
    ]);
  });

  it('keeps one end per channel when the data repeats a pair, and drops INACTIVE channels', () => {
    const p = pair('cosmoshub', 'sentinel');
    expect(buildChannels([p, p], ids)).toHaveLength(4);
    const inactive: IBCData = {
      ...p,
      channels: p.channels.map((c) =>
        c.chain1.channelId === 'channel-186' ? { ...c, tags: { ...c.tags, status: 'INACTIVE' } } : c,
      ),
    } as IBCData;
    expect(
      buildChannels([inactive], ids)
        .map((e) => e.channel)
        .sort(),
    ).toEqual(['channel-1549', 'channel-97']);
  });

  it('ignores pairs with a chain it does not serve', () => {
    expect(buildChannels([pair('cosmoshub', 'sentinel')], new Map([['cosmoshub', 'cosmoshub-4']]))).toEqual([]);
  });
});

describe('capabilitiesOf', () => {
  const file = loadDataFiles().capabilities;

  it('reads a listed chain', () => {
    expect(capabilitiesOf('osmosis-1', file)).toEqual({
      pfm: true,
      ibcHooks: true,
      ibcCallbacks: false,
      memo: true,
      autopilot: false,
    });
    expect(capabilitiesOf('dydx-mainnet-1', file).pfm).toBe(false);
  });

  it('treats null (undetermined) as false for a listed chain', () => {
    expect(file.chains['pryzm-1']?.pfm).toBeNull();
    expect(capabilitiesOf('pryzm-1', file)).toMatchObject({ pfm: false, ibcHooks: false });
  });

  it('uses the file default for a chain it does not list', () => {
    expect(file.chains['bitsong-2b']).toBeUndefined();
    expect(capabilitiesOf('bitsong-2b', file)).toEqual({
      pfm: false,
      ibcHooks: false,
      ibcCallbacks: false,
      memo: true,
      autopilot: false,
    });
  });
});

describe('gas price strings', () => {
  it('write exponent forms as plain decimals, digit for digit as the locale formatter does', () => {
    const rand = (i: number) => (((Math.sin(i) * 10_000) % 1) + 1) % 1;
    for (let i = 0; i < 2000; i++) {
      const n = Number((rand(i) * 10).toPrecision(1 + (i % 6))) * 10 ** -((i % 14) + 1);
      if (!String(n).includes('e')) continue; // plain forms are written as String() writes them
      expect(priceString(n), String(n)).toBe(
        n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }),
      );
    }
    expect(priceString(0.0025)).toBe('0.0025');
    expect(priceString(1e21)).toBe('1000000000000000000000');
  });
});
