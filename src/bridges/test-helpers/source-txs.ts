/**
 * Source transactions as the chains report them to the trackers (IncludedTx), for the contract suite's tracking
 * samples: an EVM receipt's logs, encoded from the event's ABI as the emitting contract would, or a Cosmos tx_search
 * answer's events.
 */
import { bech32 } from 'bech32';
import { encodeAbiParameters, encodeEventTopics, pad, type AbiEvent, type Hex } from 'viem';
import type { CosmosEvent, IncludedTx } from '../../tx/tracker.js';

type EvmLog = IncludedTx['logs'][number];

const included = { height: '21000000', time: '2026-11-24T12:00:00Z', ok: true, code: 0, log: '' };

/** An EVM transaction calling `to` that emitted `logs`. */
export const evmSourceTx = (chainId: string, to: string, logs: EvmLog[]): IncludedTx => ({
  ...included,
  chainId,
  hash: `0x${'ab'.repeat(32)}`,
  events: [],
  logs,
  to,
});

/** A Cosmos transaction with `events`. */
export const cosmosSourceTx = (chainId: string, events: CosmosEvent[]): IncludedTx => ({
  ...included,
  chainId,
  hash: 'CD'.repeat(32),
  events,
  logs: [],
});

/** The log `address` emits for `event` with `args` (indexed ones as topics, the rest ABI-encoded as data). */
export function evmLog(address: string, event: AbiEvent, args: Record<string, unknown>): EvmLog {
  const topics = encodeEventTopics({ abi: [event], eventName: event.name, args } as never) as string[];
  const data = event.inputs.filter((i) => !i.indexed);
  return { address, topics, data: encodeAbiParameters(data, data.map((i) => args[i.name!]) as never) };
}

/** A bech32 account as the 32-byte address EVM contracts carry for it (left-padded). */
export const bech32Bytes32 = (address: string): Hex =>
  pad(`0x${Buffer.from(bech32.fromWords(bech32.decode(address, 1023).words)).toString('hex')}`);
