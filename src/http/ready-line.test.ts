/** The ready line an operator reads: each venue's data and its age, never a made-up age for an undated snapshot. */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AccessService } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { readyLine } from './ready-line.js';

const NOW = Date.UTC(2026, 10, 27, 12);
const stores: Record<string, { source: string; takenAt: Date }> = {
  'osmosis-poolmanager': { source: 'offline:data/pools/osmosis-1.json', takenAt: new Date(NOW - 3 * 86_400_000) },
  'arbitrary-chain': { source: 'offline:data/pools/arbitrary.json', takenAt: new Date(0) },
  'neutron-astroport': { source: 'live:https://lcd.example', takenAt: new Date(NOW - 30_000) },
};
const app = { server: { address: () => ({ port: 3000 }) } } as unknown as FastifyInstance;
const ctx = {
  config: { port: 3000, host: '0.0.0.0' },
  venues: [...Object.keys(stores), 'empty-venue'].map((name) => ({ name })),
  liveMarket: { store: { get: (name: string) => stores[name] } },
} as unknown as AppContext;
const access = { store: { kind: 'sqlite', location: 'at data/junction.sqlite' } } as unknown as AccessService;

describe('readyLine', () => {
  it('says each venue’s data and age; an undated snapshot is said to be undated', () => {
    const line = readyLine(app, ctx, access, NOW);
    expect(line).toContain('Junction ready at http://127.0.0.1:3000');
    expect(line).toContain('osmosis-poolmanager offline snapshot 3 days old');
    expect(line).toContain('arbitrary-chain offline snapshot undated');
    expect(line).not.toMatch(/\d{4,} days old/);
    expect(line).toContain('neutron-astroport live 30 s old');
    expect(line).toContain('empty-venue no data');
  });
});
