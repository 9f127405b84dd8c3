/**
 * A real local EVM for tests: the anvil binary shipped by foundry's npm platform package (@foundry-rs/anvil-linux-amd64
 * on CI; the wrapper package is not used because the registry this project installs from lacks its other platforms),
 * started on a free loopback port and driven with viem. Each test file starts its own node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createPublicClient, createTestClient, createWalletClient, http, type Chain } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

const require = createRequire(import.meta.url);

/** Path of the anvil executable in foundry's platform package for this machine. */
function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'bin', 'anvil');
}

/** The port anvil prints once it listens ("Listening on 127.0.0.1:PORT"); its further output is read and dropped. */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(seen);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`anvil exited (${code}) before it listened`)));
    child.once('error', reject);
  });
}

/** anvil's well-known test mnemonic: its accounts are funded with 10 000 ETH at start. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const anvilAccount = (index: number) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });

export interface Anvil {
  url: string;
  chain: Chain;
  publicClient: ReturnType<typeof createPublicClient>;
  testClient: ReturnType<typeof createTestClient>;
  wallet: (index: number) => ReturnType<typeof createWalletClient>;
  stop: () => Promise<void>;
}

export async function startAnvil(chainId = 1): Promise<Anvil> {
  // Port 0: the OS gives anvil a port of its own, which it prints. Asking for a free port first and passing it on left
  // a window in which a parallel test's anvil could take it, and this file would then have driven that other node.
  const child: ChildProcess = spawn(
    anvilBinary(),
    ['--port', '0', '--host', '127.0.0.1', '--chain-id', String(chainId)],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const port = await listeningPort(child);
  const url = `http://127.0.0.1:${port}`;
  const chain: Chain = {
    id: chainId,
    name: `anvil-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  };
  const transport = http(url);
  const publicClient = createPublicClient({ chain, transport });
  // Up once it answers, however long a busy machine takes; an anvil that exits (the port taken meanwhile) fails at once.
  for (;;) {
    try {
      await publicClient.getChainId();
      break;
    } catch (err) {
      if (child.exitCode !== null) throw new Error(`anvil did not start: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    chain,
    publicClient,
    testClient: createTestClient({ chain, transport, mode: 'anvil' }),
    wallet: (index) => createWalletClient({ chain, transport, account: anvilAccount(index) }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
