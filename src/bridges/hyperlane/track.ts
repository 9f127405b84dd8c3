/**
 * Following a Hyperlane warp transfer (the Hyperlane BridgeTracker): the message the source mailbox dispatched, then
 * its processing by the destination mailbox.
 *
 * - Source, EVM: the mailbox's `Dispatch(address indexed sender, uint32 indexed destination, bytes32 indexed
 *   recipient, bytes message)` whose sender is one of the warp routers of data/hyperlane.json (hyperlane-monorepo
 *   solidity/contracts/Mailbox.sol, IMailbox). Source, CosmWasm (Neutron): the mailbox contract's `mailbox_dispatch`
 *   event (`wasm-mailbox_dispatch`: sender, destination, recipient, message as hex) — many-things/cw-hyperlane
 *   contracts/core/mailbox/src/event.rs. Source, hyperlane-cosmos (Celestia): the core module's typed event
 *   `hyperlane.core.v1.EventDispatch` (origin_mailbox_id, sender, destination, recipient, message as 0x hex), whose
 *   attribute values are JSON (strings in double quotes), as the Cosmos SDK emits typed events —
 *   bcp-innovations/hyperlane-cosmos proto/hyperlane/core/v1/events.proto, x/core/keeper/logic_message.go.
 * - The message id is keccak256 of the message (Message.sol `id()`), the key of both mailboxes' events.
 * - Destination, EVM: the mailbox's `ProcessId(bytes32 indexed messageId)`; the mailbox is the one the destination
 *   router names (MailboxClient `mailbox()`). Destination, CosmWasm: `wasm-mailbox_process_id.message_id` by event
 *   query (the key the Hyperlane agents index, hyperlane-monorepo rust cosmos MESSAGE_DELIVERY_EVENT_TYPE).
 *   Destination, hyperlane-cosmos: `hyperlane.core.v1.EventProcess.message_id='"0x…"'` by event query, the value in
 *   its JSON quotes (the event Hyperlane's agents index as delivery: hyperlane-monorepo
 *   rust/main/chains/hyperlane-cosmos/src/native/indexers/delivery.rs).
 * - Message layout: version(1) nonce(4) origin(4) sender(32) destination(4) recipient(32) body; a warp body is
 *   recipient(32) amount(32).
 *
 * Hyperlane refunds nothing: a message whose delivery reverts stays undelivered and its relayer retries. A message not
 * processed within HYPERLANE_DEADLINE_MS is abandoned, the funds shown on the source.
 */
import { bech32 } from 'bech32';
import { decodeEventLog, getAddress, hexToBigInt, keccak256, parseAbi, parseAbiItem, slice, type Hex } from 'viem';
import type { TransferEvent } from '../../wire/tx.js';
import { eventFields } from '../transfer-event.js';
import { attr } from '../../tx/cosmos-client.js';
import type { HyperlaneLeg } from '../../tx/record.js';
import type { Advance, BridgeTracker, IncludedTx, LegSummary, TrackerEnv } from '../../tx/tracker.js';
import { hyperlaneConfig, type WarpEnd } from './config.js';

/** Relayers deliver within minutes of the source's finality; two hours without delivery is a stuck message. */
export const HYPERLANE_DEADLINE_MS = 2 * 60 * 60 * 1000;
/** Blocks before the first look that the ProcessId search covers. */
const SEARCH_MARGIN = 5_000n;

const DISPATCH = parseAbiItem(
  'event Dispatch(address indexed sender, uint32 indexed destination, bytes32 indexed recipient, bytes message)',
);
const PROCESS_ID = parseAbiItem('event ProcessId(bytes32 indexed messageId)');
const MAILBOX_CLIENT = parseAbi(['function mailbox() view returns (address)']);

/** A router as the 32-byte hex a message carries (EVM addresses left-padded; bech32 routers are 32 bytes). */
function routerBytes32(end: WarpEnd): string {
  if (end.router.startsWith('0x')) return `0x${end.router.slice(2).toLowerCase().padStart(64, '0')}`;
  return `0x${Buffer.from(bech32.fromWords(bech32.decode(end.router, 1023).words)).toString('hex')}`;
}
interface Decoded {
  origin: number;
  sender: string;
  destination: number;
  recipient: string;
  amount: bigint | null;
}

function decodeMessage(message: Hex): Decoded | null {
  const bytes = (message.length - 2) / 2;
  if (bytes < 77) return null;
  return {
    origin: Number(hexToBigInt(slice(message, 5, 9))),
    sender: slice(message, 9, 41).toLowerCase(),
    destination: Number(hexToBigInt(slice(message, 41, 45))),
    recipient: slice(message, 45, 77).toLowerCase(),
    amount: bytes >= 141 ? hexToBigInt(slice(message, 109, 141)) : null,
  };
}

/** The two ends of the warp route the message travels: sender's end and recipient's end. */
function endsOf(d: Decoded): { from: WarpEnd; to: WarpEnd } | null {
  for (const route of hyperlaneConfig().routes) {
    const from = route.ends.find((e) => e.domain === d.origin && routerBytes32(e) === d.sender);
    const to = route.ends.find((e) => e.domain === d.destination && routerBytes32(e) === d.recipient);
    if (from && to) return { from, to };
  }
  return null;
}

function legOf(tx: IncludedTx, message: Hex, env: TrackerEnv): HyperlaneLeg | null {
  const d = decodeMessage(message);
  const ends = d && endsOf(d);
  if (!d || !ends || ends.from.chainId !== tx.chainId) return null;
  const amount = d.amount === null ? null : d.amount.toString();
  return {
    kind: 'hyperlane',
    from_chain_id: ends.from.chainId,
    to_chain_id: ends.to.chainId,
    state: 'HYPERLANE_TRANSFER_SENT',
    send_tx: env.chainTx(tx.chainId, tx.hash, tx.time),
    receive_tx: null,
    message_id: keccak256(message),
    dest_router: ends.to.router,
    sent: { chain_id: ends.from.chainId, denom: ends.from.denom, amount },
    delivered: { chain_id: ends.to.chainId, denom: ends.to.denom, amount },
    dest_from_block: null,
  };
}

/** hyperlane-cosmos's typed events: the core module's dispatch and process, the warp module's outgoing transfer. */
const COSMOS_DISPATCH = 'hyperlane.core.v1.EventDispatch';
const COSMOS_PROCESS = 'hyperlane.core.v1.EventProcess';
const COSMOS_SEND_REMOTE_TRANSFER = 'hyperlane.warp.v1.EventSendRemoteTransfer';

/** A typed event's attribute value as text: the JSON string's contents (a value that is no JSON string as it is). */
function typedValue(value: string | undefined): string | undefined {
  if (value === undefined || !value.startsWith('"')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The query that finds the destination's processing of a message (CometBFT event query). */
function processQuery(leg: HyperlaneLeg): string {
  const id = leg.message_id.slice(2).toLowerCase();
  const dest = routersOn(leg.to_chain_id).find((e) => same(e.router, leg.dest_router));
  if (dest?.standard === 'CosmosNativeHypCollateral') return `${COSMOS_PROCESS}.message_id='"0x${id}"'`;
  return `wasm-mailbox_process_id.message_id='${id}'`;
}

const routersOn = (chainId: string) =>
  hyperlaneConfig()
    .routes.flatMap((r) => r.ends)
    .filter((e) => e.chainId === chainId);
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const hyperlaneTracker: BridgeTracker<HyperlaneLeg> = {
  kind: 'hyperlane',
  deadlineMs: HYPERLANE_DEADLINE_MS,

  discover(tx: IncludedTx, env: TrackerEnv): HyperlaneLeg[] {
    const legs: HyperlaneLeg[] = [];
    const routers = routersOn(tx.chainId);
    for (const log of tx.logs) {
      try {
        const { args } = decodeEventLog({
          abi: [DISPATCH],
          data: log.data as Hex,
          topics: log.topics as [Hex, ...Hex[]],
        });
        if (!routers.some((r) => same(r.router, args.sender))) continue;
        const leg = legOf(tx, args.message, env);
        if (leg) legs.push(leg);
      } catch {
        // another event
      }
    }
    for (const e of tx.events) {
      let message: string | undefined;
      if (e.type === 'wasm-mailbox_dispatch') message = attr(e, 'message');
      else if (e.type === COSMOS_DISPATCH) message = typedValue(attr(e, 'message'))?.replace(/^0x/, '');
      else continue;
      if (!message || !/^[0-9a-f]+$/i.test(message)) continue;
      const leg = legOf(tx, `0x${message}`, env);
      if (leg) legs.push(leg);
    }
    return legs;
  },

  async advance(leg: HyperlaneLeg, env: TrackerEnv): Promise<Advance<HyperlaneLeg>> {
    const chain = env.registry.chain(leg.to_chain_id);
    if (chain?.wire.chain_type === 'cosmos') {
      const tx = (await env.clients.cosmos(leg.to_chain_id).searchTxs(processQuery(leg)))[0];
      if (!tx) return { leg, next: null };
      return { leg: received(leg, env.chainTx(tx.chainId, tx.hash, tx.time)), next: null };
    }
    const evm = env.clients.evm(leg.to_chain_id);
    const out = { ...leg };
    if (out.dest_from_block === null) {
      const latest = await evm.client.getBlockNumber();
      out.dest_from_block = (latest > SEARCH_MARGIN ? latest - SEARCH_MARGIN : 0n).toString();
    }
    const mailbox = await evm.client.readContract({
      address: getAddress(leg.dest_router),
      abi: MAILBOX_CLIENT,
      functionName: 'mailbox',
    });
    const logs = await evm.findLogs(
      mailbox,
      PROCESS_ID,
      { messageId: leg.message_id as Hex },
      BigInt(out.dest_from_block),
    );
    const log = logs[0];
    if (!log?.transactionHash || log.blockNumber === null) return { leg: out, next: null };
    const time = await evm.blockTime(log.blockNumber);
    return { leg: received(out, env.chainTx(leg.to_chain_id, log.transactionHash, time)), next: null };
  },

  summarize(leg: HyperlaneLeg): LegSummary {
    return {
      event: eventOf(leg),
      outcome: leg.state === 'HYPERLANE_TRANSFER_RECEIVED' ? 'success' : 'pending',
      settled: leg.state === 'HYPERLANE_TRANSFER_RECEIVED',
      expectsNext: false,
      carriesBackFailure: false,
      arrived: leg.delivered,
      origin: leg.sent,
    };
  },

  recognises(tx: IncludedTx) {
    const routers = routersOn(tx.chainId).map((e) => e.router);
    const touched =
      (tx.to && routers.some((r) => same(r, tx.to!))) ||
      tx.events.some((e) => e.type === 'wasm' && routers.includes(attr(e, '_contract_address') ?? '')) ||
      tx.events.some(
        (e) =>
          e.type === COSMOS_SEND_REMOTE_TRANSFER && routers.some((r) => same(r, typedValue(attr(e, 'token_id')) ?? '')),
      );
    if (!touched) return null;
    return {
      bridge: 'hyperlane',
      emitted:
        tx.logs.some((l) => routers.some((r) => same(r, l.address))) ||
        tx.events.some((e) => e.type.startsWith('wasm-mailbox') || e.type === COSMOS_DISPATCH),
    };
  },
};

function received(leg: HyperlaneLeg, tx: HyperlaneLeg['send_tx']): HyperlaneLeg {
  return { ...leg, state: 'HYPERLANE_TRANSFER_RECEIVED', receive_tx: tx };
}

function eventOf(leg: HyperlaneLeg): TransferEvent {
  return {
    hyperlane_transfer: eventFields(leg, {
      state: leg.state,
      txs: { send_tx: leg.send_tx, receive_tx: leg.receive_tx },
    }),
  };
}
