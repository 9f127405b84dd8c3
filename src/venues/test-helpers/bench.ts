/**
 * Micro-benchmark of quotes over the offline snapshot: `npx tsx src/venues/test-helpers/bench.ts`.
 * Reports exact-in and exact-out over 3-pool paths (one pool of each kind per hop where available) per second.
 */
import { offlineMarket } from '../index.js';
import type { Pool } from '../types.js';

const market = offlineMarket();
const osmo = market.get('osmosis-poolmanager')?.pools ?? [];
const astro = market.get('neutron-astroport')?.pools ?? [];
const byId = (pools: readonly Pool[], id: string): Pool => {
  const p = pools.find((x) => x.id === id);
  if (!p) throw new Error(`pool ${id} missing`);
  return p;
};

const ATOM = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const QATOM = 'ibc/FA602364BEC305A696CBDF987058E99D8B479F0318E47314C49173E8838C5BAC';
const USDC = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';

type Hop = [Pool, string, string];
const paths: Record<string, Hop[]> = {
  // qATOM → ATOM (stableswap 944) → OSMO (balancer 1, 50/50) → USDC (concentrated 1464)
  'stableswap → balancer → CL': [
    [byId(osmo, '944'), QATOM, ATOM],
    [byId(osmo, '1'), ATOM, 'uosmo'],
    [byId(osmo, '1464'), 'uosmo', USDC],
  ],
  // three Astroport xyk pairs: NTRN → ATOM → NTRN → USDC.axl
  'astroport xyk ×3': [
    [
      byId(astro, 'neutron1e22zh5p8meddxjclevuhjmfj69jxfsa8uu3jvht72rv9d8lkhves6t8veq'),
      'untrn',
      'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9',
    ],
    [
      byId(astro, 'neutron1e22zh5p8meddxjclevuhjmfj69jxfsa8uu3jvht72rv9d8lkhves6t8veq'),
      'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9',
      'untrn',
    ],
    [
      byId(astro, 'neutron1l3gtxnwjuy65rzk63k352d52ad0f2sh89kgrqwczgt56jc8nmc3qh5kag3'),
      'untrn',
      'ibc/F082B65C88E4B6D5EF1DB243CDA1D331D002759E938A0F5CD3FFDC5D53B3E349',
    ],
  ],
};

// A weighted (non 50/50) balancer pool for the fractional-exponent cost.
const weighted = osmo.find(
  (p) =>
    p.kind === 'balancer' &&
    'assets' in p &&
    (p as { assets: { weight: bigint }[] }).assets.some((a, _i, all) => a.weight !== all[0]?.weight) &&
    p.reserve(p.denoms[0] as string) > 1_000_000n,
);
if (weighted)
  paths['weighted balancer ×3'] = [0, 1, 2].map((i) => [
    weighted,
    weighted.denoms[i % 2] as string,
    weighted.denoms[(i + 1) % 2] as string,
  ]);

function exactInPath(path: Hop[], amount: bigint): bigint | undefined {
  let a: bigint | undefined = amount;
  for (const [pool, i, o] of path) {
    if (a === undefined) return undefined;
    a = pool.exactIn(i, o, a);
  }
  return a;
}

function exactOutPath(path: Hop[], amount: bigint): bigint | undefined {
  let a: bigint | undefined = amount;
  for (let k = path.length - 1; k >= 0; k--) {
    const [pool, i, o] = path[k] as Hop;
    if (a === undefined) return undefined;
    a = pool.exactOut(i, o, a);
  }
  return a;
}

function rate(f: (i: number) => unknown, ms = 1000): number {
  for (let i = 0; i < 2000; i++) f(i); // warm up
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    for (let i = 0; i < 100; i++) f(n + i);
    n += 100;
  }
  return Math.round((n * 1000) / (performance.now() - t0));
}

for (const [name, path] of Object.entries(paths)) {
  const [p0, d0] = path[0] as Hop;
  const base = p0.reserve(d0) / 100_000n + 1n;
  const inRate = rate((i) => exactInPath(path, base + BigInt(i % 1000)));
  const out = exactInPath(path, base) ?? 1n;
  const outRate = rate((i) => exactOutPath(path, out + BigInt(i % 1000)));
  // eslint-disable-next-line no-console -- a command-line benchmark prints its result
  console.log(
    `${name.padEnd(28)} exactIn ${inRate.toLocaleString('en-US')}/s   exactOut ${outRate.toLocaleString('en-US')}/s`,
  );
}
