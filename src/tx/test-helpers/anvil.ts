/**
 * The tracking tests' view of a local anvil node (started by the shared EVM helper, src/test-helpers/evm/anvil.ts):
 * viem clients whose wallet takes an explicit account per call, and the fixtures of test/fixtures/evm compiled with
 * the shared solc helper.
 */
import { createTestClient, createWalletClient, http, publicActions } from 'viem';
import { startAnvil as startNode, type Anvil as Node } from '../../test-helpers/evm/anvil.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';

export interface Anvil {
  url: string;
  chainId: number;
  stop(): Promise<void>;
}

export async function startAnvil(chainId: number): Promise<Anvil> {
  const node: Node = await startNode(chainId);
  return { url: node.url, chainId, stop: node.stop };
}

/** viem clients on the node: test actions (setCode, setBalance, mine), wallet and public actions. */
export function anvilClients(anvil: Anvil) {
  const transport = http(anvil.url);
  const chain = {
    id: anvil.chainId,
    name: `anvil-${anvil.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  };
  return {
    test: createTestClient({ mode: 'anvil', chain, transport }).extend(publicActions),
    wallet: createWalletClient({ chain, transport }),
    chain,
  };
}

/** A contract of test/fixtures/evm, compiled offline. */
export function compileFixture(file: string, contract: string): Compiled {
  const compiled = compileSolidity(new URL(`../../../test/fixtures/evm/${file}`, import.meta.url))[contract];
  if (!compiled) throw new Error(`${file} has no contract ${contract}`);
  return compiled;
}
