import { describe, expect, it } from 'vitest';
import { silentLog } from './log.js';
import { UsageRecorder } from './usage.js';
import type { UsageDelta } from '../store/usage.js';

describe('UsageRecorder', () => {
  it('batches by key and month, and starts a new month at the UTC boundary', async () => {
    const written: UsageDelta[][] = [];
    let now = Date.UTC(2026, 0, 31, 23, 59, 59, 999);
    const rec = new UsageRecorder(
      async (d) => void written.push(d),
      60_000,
      silentLog,
      () => now,
    );
    rec.recordRequest('k1');
    rec.recordRoute('k1', { usdVolume: '1.25', affiliateFeeUsd: '0.01' });
    now += 1;
    rec.recordRequest('k1');
    rec.recordRequest('k2');
    await rec.flush();
    expect(written).toHaveLength(1);
    expect(written[0]).toEqual([
      { keyId: 'k1', month: '2026-01', requests: 1, routes: 1, usdVolume: '1.25', affiliateFeeUsd: '0.01' },
      { keyId: 'k1', month: '2026-02', requests: 1, routes: 0, usdVolume: '0', affiliateFeeUsd: '0' },
      { keyId: 'k2', month: '2026-02', requests: 1, routes: 0, usdVolume: '0', affiliateFeeUsd: '0' },
    ]);
    await rec.flush();
    expect(written).toHaveLength(1); // nothing pending, nothing written
  });

  it('keeps a batch that could not be written, retries it unchanged with its id, then writes what came meanwhile', async () => {
    let fail = true;
    const attempts: { id: string; deltas: UsageDelta[] }[] = [];
    const written: UsageDelta[][] = [];
    const rec = new UsageRecorder(
      async (d, id) => {
        attempts.push({ id, deltas: d });
        if (fail) throw new Error('database down');
        written.push(d);
      },
      60_000,
      silentLog,
      () => Date.UTC(2026, 5, 1),
    );
    rec.recordRoute('k', { usdVolume: '0.1', affiliateFeeUsd: '0' });
    await rec.flush();
    rec.recordRoute('k', { usdVolume: '0.2', affiliateFeeUsd: '0.5' });
    expect(rec.unflushed('k', '2026-06')).toEqual({ requests: 0, routes: 2, usdVolume: '0.3', affiliateFeeUsd: '0.5' });
    await rec.flush(); // still down: the failed batch is tried again, the new one waits
    fail = false;
    await rec.close();
    expect(written).toEqual([
      [{ keyId: 'k', month: '2026-06', requests: 0, routes: 1, usdVolume: '0.1', affiliateFeeUsd: '0' }],
      [{ keyId: 'k', month: '2026-06', requests: 0, routes: 1, usdVolume: '0.2', affiliateFeeUsd: '0.5' }],
    ]);
    // The first batch kept its id across its three attempts; the second has its own.
    expect(attempts.map((a) => a.id)).toEqual([attempts[0]!.id, attempts[0]!.id, attempts[0]!.id, attempts[3]!.id]);
    expect(attempts[3]!.id).not.toBe(attempts[0]!.id);
    expect(rec.unflushed('k', '2026-06')).toEqual({ requests: 0, routes: 0, usdVolume: '0', affiliateFeeUsd: '0' });
  });

  it('counts routes whose exact USD figures have 41 to 45 fractional digits, rounded to the stored places', () => {
    const rec = new UsageRecorder(
      async () => undefined,
      60_000,
      silentLog,
      () => Date.UTC(2026, 5, 1),
    );
    for (const digits of [41, 42, 43, 44, 45])
      rec.recordRoute('k', { usdVolume: `400.${'8'.repeat(digits)}`, affiliateFeeUsd: `0.${'1'.repeat(digits)}` });
    expect(rec.unflushed('k', '2026-06')).toMatchObject({
      routes: 5,
      usdVolume: '2004.444444444445',
      affiliateFeeUsd: '0.555555555555',
    });
  });

  it('rejects amounts that are not decimal strings', () => {
    const rec = new UsageRecorder(async () => undefined, 60_000, silentLog);
    expect(() => rec.recordRoute('k', { usdVolume: '1e3', affiliateFeeUsd: '0' })).toThrow(RangeError);
    expect(() => rec.recordRoute('k', { usdVolume: '1', affiliateFeeUsd: '-1' })).toThrow(RangeError);
  });
});
