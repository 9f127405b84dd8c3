import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackgroundLoop, type PassOutcome } from './background-loop.js';

/** A pass the test ends by hand, counting how many were started. */
function passes() {
  const ends: Array<{ resolve: (v: number) => void; reject: (e: unknown) => void }> = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const pass = () =>
    new Promise<number>((resolve, reject) => {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      const done = () => concurrent--;
      ends.push({
        resolve: (v) => (done(), resolve(v)),
        reject: (e) => (done(), reject(e)),
      });
    });
  return { pass, ends, started: () => ends.length, maxConcurrent: () => maxConcurrent };
}

/** Lets promise callbacks run (fake timers do not advance on their own). */
const settle = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => {
  vi.useRealTimers();
});

describe('BackgroundLoop', () => {
  it('runs a pass on start, the next one the chosen delay after it ended, and goes on after a failed pass', async () => {
    vi.useFakeTimers();
    const p = passes();
    const outcomes: PassOutcome<number>[] = [];
    const loop = new BackgroundLoop({ pass: p.pass, delayAfter: (o) => (outcomes.push(o), o.ok ? 1_000 : 5_000) });
    loop.start();
    expect(p.started()).toBe(1);
    expect(loop.running).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000); // the first pass has not ended: nothing else starts
    expect(p.started()).toBe(1);
    p.ends[0]!.resolve(7);
    await settle();
    expect(outcomes).toEqual([{ ok: true, value: 7 }]);
    await vi.advanceTimersByTimeAsync(999);
    expect(p.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.started()).toBe(2);

    const failure = new Error('node down');
    p.ends[1]!.reject(failure);
    await settle();
    expect(outcomes[1]).toEqual({ ok: false, error: failure });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(p.started()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.started()).toBe(3);
    expect(p.maxConcurrent()).toBe(1);
    p.ends[2]!.resolve(0);
    await loop.stop();
  });

  it('runOnce joins the pass in flight, and start joins it too', async () => {
    vi.useFakeTimers();
    const p = passes();
    const loop = new BackgroundLoop({ pass: p.pass, delayAfter: () => 1_000 });
    const a = loop.runOnce();
    const b = loop.runOnce();
    loop.start();
    expect(p.started()).toBe(1);
    p.ends[0]!.resolve(3);
    expect(await a).toBe(3);
    expect(await b).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(p.started()).toBe(2);
    p.ends[1]!.resolve(0);
    await loop.stop();
  });

  it('stop waits for the pass in flight, and no pass starts after it', async () => {
    vi.useFakeTimers();
    const p = passes();
    const loop = new BackgroundLoop({ pass: p.pass, delayAfter: () => 10 });
    loop.start();
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false); // the pass is still running
    p.ends[0]!.reject(new Error('late failure')); // a failing pass does not make stop() throw
    await stopping;
    expect(loop.running).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(p.started()).toBe(1);
  });

  it('a start after a stop runs one loop, even while the old pass is still in flight', async () => {
    vi.useFakeTimers();
    const p = passes();
    let delays = 0;
    const loop = new BackgroundLoop({ pass: p.pass, delayAfter: () => (delays++, 100) });
    loop.start();
    loop.start(); // starting twice does nothing
    void loop.stop();
    loop.start(); // joins the first pass
    expect(p.started()).toBe(1);
    p.ends[0]!.resolve(1);
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    expect(p.started()).toBe(2);
    p.ends[1]!.resolve(1);
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    expect(p.started()).toBe(3);
    expect(p.maxConcurrent()).toBe(1);
    expect(delays).toBe(2); // one schedule per ended pass: the stopped start's schedule did not survive
    p.ends[2]!.resolve(1);
    await loop.stop();
  });
});

describe('BackgroundLoop started with a first delay', () => {
  it('runs its first pass after that delay (the owner has just done one itself), then as usual', async () => {
    vi.useFakeTimers();
    const p = passes();
    const loop = new BackgroundLoop({ pass: p.pass, delayAfter: () => 1_000 });
    loop.start(5_000);
    expect(p.started()).toBe(0);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(p.started()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.started()).toBe(1);
    p.ends[0]!.resolve(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(p.started()).toBe(2);
    p.ends[1]!.resolve(0);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(p.started()).toBe(2);
  });
});
