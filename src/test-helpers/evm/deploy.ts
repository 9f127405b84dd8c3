/** Deploying test contracts on anvil and placing their code at the mainnet addresses Junction's data files name. */
import { expect } from 'vitest';
import { decodeEventLog, getAddress, pad, toHex, type Abi, type Address, type Hex, type Log } from 'viem';
import { anvilAccount, type Anvil } from './anvil.js';
import type { Compiled } from './solidity.js';

export async function deployContract(node: Anvil, c: Compiled, args: readonly unknown[] = []): Promise<Address> {
  const hash = await node
    .wallet(0)
    .deployContract({ abi: c.abi, bytecode: c.bytecode, args, account: anvilAccount(0), chain: node.chain });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  return receipt.contractAddress!;
}

/** Copies a deployed contract's runtime code (immutables included) to `to`; its storage starts empty there. */
export async function copyCodeTo(node: Anvil, from: Address, to: Address): Promise<void> {
  await node.testClient.setCode({ address: to, bytecode: (await node.publicClient.getCode({ address: from }))! });
}

/**
 * The gas limit for a transaction from anvil account `index`: the node's estimate plus a quarter, as wallets add. The
 * estimate is exact for the block it was made in; what a transaction runs can depend on the block's timestamp (a
 * Uniswap V3 pool writes an oracle observation only when the second differs from its last one), and on a busy
 * machine the transaction lands a second later than its estimate and would run out of gas.
 */
export async function gasWithMargin(node: Anvil, index: number, tx: { to: Address; data: Hex; value?: bigint }) {
  return ((await node.publicClient.estimateGas({ ...tx, account: anvilAccount(index) })) * 5n) / 4n;
}

/** Sends a transaction from anvil account `index` (gas: {@link gasWithMargin}) and expects it to succeed; its receipt. */
export async function sendTx(node: Anvil, index: number, tx: { to: Address; data: Hex; value?: bigint }) {
  const gas = await gasWithMargin(node, index, tx);
  const hash = await node
    .wallet(index)
    .sendTransaction({ ...tx, gas, account: anvilAccount(index), chain: node.chain });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

/** The logs of `address` in a receipt decoded with `abi` (logs the ABI does not describe are left out). */
export function eventsOf<const A extends Abi>(logs: readonly Log[], address: Address, abi: A) {
  return logs
    .filter((l) => getAddress(l.address) === getAddress(address))
    .flatMap((l) => {
      try {
        return [decodeEventLog({ abi, data: l.data, topics: l.topics })];
      } catch {
        return [];
      }
    });
}

/**
 * Copies a deployed contract to `to`: its runtime code, then the top-level storage slots the compiler's layout names
 * (owner, counters, short strings: what a constructor writes in place). Mapping entries and long strings' data live at
 * hashed slots and stay behind; the tests set those at `to` through the contract's own functions.
 */
export async function copyContractTo(node: Anvil, from: Address, to: Address, c: Compiled): Promise<void> {
  if (!c.storage) throw new Error('copyContractTo needs the compiler storage layout (compileSolidity)');
  await copyCodeTo(node, from, to);
  for (const slot of new Set(c.storage.map((s) => BigInt(s.slot)))) {
    const index = toHex(slot, { size: 32 });
    const value = await node.publicClient.getStorageAt({ address: from, slot: index });
    await node.testClient.setStorageAt({ address: to, index, value: value ?? pad('0x0') });
  }
}
