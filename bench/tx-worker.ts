/**
 * The tracking worker's cost with many transactions in flight: the built server (default polling settings, embedded
 * store) follows N IBC transfers that were sent and are never relayed, so every one stays in flight and is looked at
 * again and again. The chains are local CometBFT-shaped servers running in this (bench) process, so the server's
 * CPU time measured from /proc is the worker's (plus the few tracking requests), not the chains'.
 *
 * Reported per window: the server's CPU in cores (CPU time / wall time), the chain requests per second it made, and
 * its RSS. The first window starts once every transfer is tracked (the worker then looks at each every
 * TX_POLL_INTERVAL_MS, growing); the steady window comes after the intervals reached TX_POLL_MAX_INTERVAL_MS.
 *
 *   npx tsx bench/tx-worker.ts            (after npm run build; BENCH_TX_COUNT, BENCH_TX_WINDOW_S)
 */
import { bech32 } from 'bech32';
import { buildRegistry } from '../src/registry/build.js';
import { FakeCosmosNetwork } from '../src/tx/test-helpers/cosmos-network.js';
import { TestRelayer } from '../src/tx/test-helpers/ibc-relayer.js';
import { cpuMsOf, memoryOf, startServer } from './lib/server.js';
import { round } from './lib/stats.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchTxWorker(opts: {
  transactions: number;
  windowS: number;
  log: (m: string) => void;
}): Promise<Record<string, unknown>> {
  const net = new FakeCosmosNetwork();
  for (const id of ['osmosis-1', 'cosmoshub-4']) net.chain(id);
  await net.start();
  const relayer = new TestRelayer(net, buildRegistry());
  const hashes: string[] = [];
  for (let i = 0; i < opts.transactions; i++) {
    const who = Buffer.alloc(20);
    who.writeUInt32BE(i + 1);
    const packet = relayer.packet('osmosis-1', 'channel-0', {
      denom: 'uosmo',
      amount: String(1000 + i),
      sender: bech32.encode('osmo', bech32.toWords(who)),
      receiver: bech32.encode('cosmos', bech32.toWords(who)),
      memo: '',
    });
    hashes.push(relayer.send(packet));
  }
  const { rpc, rest } = net.settings();
  const server = await startServer(['--chain-rpc-urls', rpc, '--chain-rest-urls', rest]);
  const calls = () => [...net.chains.values()].reduce((n, c) => n + c.rpcCalls, 0);
  try {
    const t0 = performance.now();
    const queue = [...hashes];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let h = queue.pop(); h !== undefined; h = queue.pop()) {
          const res = await fetch(`${server.url}/v2/tx/track`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ chain_id: 'osmosis-1', tx_hash: h }),
          });
          if (res.status !== 200) throw new Error(`track failed: HTTP ${res.status}`);
          await res.arrayBuffer();
        }
      }),
    );
    opts.log(`tx worker: ${opts.transactions} transfers tracked in ${round((performance.now() - t0) / 1000, 1)} s`);

    const window = async (name: string) => {
      const cpu0 = cpuMsOf(server.pid);
      const calls0 = calls();
      const w0 = performance.now();
      await sleep(opts.windowS * 1000);
      const wall = performance.now() - w0;
      const cpu = (cpuMsOf(server.pid) ?? 0) - (cpu0 ?? 0);
      const result = {
        window: name,
        seconds: round(wall / 1000, 1),
        server_cpu_cores: round(cpu / wall, 3),
        chain_requests_per_s: round(((calls() - calls0) * 1000) / wall, 1),
        rss_mb: round(memoryOf(server.pid)?.rss ?? 0, 1),
      };
      opts.log(
        `tx worker, ${name}: ${result.server_cpu_cores} cores, ${result.chain_requests_per_s} chain requests/s, RSS ${result.rss_mb} MB`,
      );
      return result;
    };
    const first = await window('first looks');
    // Intervals grow 3 s × 1.5ⁿ up to 30 s: after about 90 s every transfer is looked at every 30 s.
    const settle = Math.max(0, 100 - opts.windowS);
    opts.log(`tx worker: waiting ${settle} s for the intervals to reach their maximum`);
    await sleep(settle * 1000);
    const steady = await window('steady');
    // Every transfer is still tracked and in flight, and answers from the store.
    const sample = await fetch(`${server.url}/v2/tx/status?chain_id=osmosis-1&tx_hash=${hashes[0]}`).then(
      (r) => r.json() as Promise<{ state: string }>,
    );
    return {
      transactions: opts.transactions,
      sample_state: sample.state,
      windows: [first, steady],
      max_cpu_cores: Math.max(first.server_cpu_cores, steady.server_cpu_cores),
    };
  } finally {
    await server.stop();
    await net.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchTxWorker({
    transactions: Number(process.env.BENCH_TX_COUNT ?? 10_000),
    windowS: Number(process.env.BENCH_TX_WINDOW_S ?? 30),
    log: (m) => process.stderr.write(`[bench] ${m}\n`),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
