/**
 * A real local EVM node for tests: anvil (binary located by the shared EVM test helper), started on a free loopback port with the chain id of a real chain, and Solidity compiled with npm solc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { anvilBinary } from '../../test-helpers/evm/anvil.js';
import { createTestClient, createWalletClient, http, publicActions, type Hex } from 'viem';

const require = createRequire(import.meta.url);

export interface Anvil {
  url: string;
  chainId: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startAnvil(chainId: number): Promise<Anvil> {
  const port = await freePort();
  const child = spawn(anvilBinary(), ['--port', String(port), '--host', '127.0.0.1', '--chain-id', String(chainId), '--silent'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('anvil did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    chainId,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** viem clients on the node: test actions (setCode, setBalance, mine), wallet and public actions. */
export function anvilClients(anvil: Anvil) {
  const transport = http(anvil.url);
  const chain = { id: anvil.chainId, name: `anvil-${anvil.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } };
  return {
    test: createTestClient({ mode: 'anvil', chain, transport }).extend(publicActions),
    wallet: createWalletClient({ chain, transport }),
    chain,
  };
}

export interface Compiled {
  abi: unknown[];
  bytecode: Hex;
}

/** Compiles a contract of test/fixtures/evm with solc (the npm package's WebAssembly compiler, no download). */
export function compileFixture(file: string, contract: string): Compiled {
  const solc = require('solc') as { compile(input: string): string };
  const source = readFileSync(new URL(`../../../test/fixtures/evm/${file}`, import.meta.url), 'utf8');
  const input = { language: 'Solidity', sources: { [file]: { content: source } }, settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = output.contracts[file]![contract]!;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}
