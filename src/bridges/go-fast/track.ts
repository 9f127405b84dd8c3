/**
 * Following a Go Fast order (the Go Fast BridgeTracker), from the facts of Skip's FastTransferGateway contracts
 * (skip-mev/go-fast-contracts: solidity/src/FastTransferGateway.sol and the CosmWasm fast-transfer-gateway):
 *
 * - Source, EVM: the gateway's `OrderSubmitted(bytes32 indexed orderID, bytes order)`; the order is packed as sender,
 *   recipient, amountIn, amountOut (32 bytes each), nonce, sourceDomain, destinationDomain (4 bytes each),
 *   timeoutTimestamp (8 bytes, Unix seconds), then data, and its id is keccak256 of those bytes (OrderEncoder.sol).
 * - Destination, CosmWasm (the lanes of lanes.ts end on Cosmos chains): `fill_order` takes exactly amountOut of the
 *   gateway's token from the solver and pays it to the recipient — a bank send, or with data the recipient contract
 *   (Skip's entry point) executed with the funds — and emits no event of its own. So the fill is the transaction in
 *   which the destination gateway sent amountOut of its token to the order's recipient (the bank `transfer` event,
 *   found by CometBFT event query), in a block before the order's timeout (the gateway refuses later fills). A solver
 *   filling through the cw7683 settler adds `wasm.order_id`, which then must be this order's id.
 * - The user's funds after the fill: with data that swaps and pays the user (`post_swap_action.transfer`) the swap's
 *   output, read from the fill's bank transfers to the user; with an onward `ibc_transfer` the entry point's packet,
 *   sent in the fill transaction, is the next (IBC) leg.
 * - Timeout and refund: past timeoutTimestamp an unfilled order is GO_FAST_TRANSFER_TIMEOUT (the funds are owed back;
 *   Skip's relayer calls `initiate_timeout` on the destination, whose Hyperlane message makes the source gateway
 *   refund amountIn to the order's sender), and GO_FAST_TRANSFER_REFUNDED once the source gateway emits
 *   `OrderRefunded(bytes32 indexed orderID)`: the USDC is back on the source.
 *
 * GO_FAST_POST_ACTION_FAILED is not produced: a failing entry-point call reverts the whole fill (the order stays
 * unfilled and times out), and a failure of the onward IBC transfer is the next leg's own.
 */
import { bech32 } from 'bech32';
import {
  decodeEventLog,
  getAddress,
  hexToBigInt,
  hexToNumber,
  hexToString,
  keccak256,
  parseAbiItem,
  slice,
} from 'viem';
import type { Hex } from 'viem';
import { entryPointCall } from '../../messages/cosmos/entry-point.js';
import { attr } from '../../tx/cosmos-client.js';
import type { GoFastLeg, IbcLeg } from '../../tx/record.js';
import type { Advance, BridgeTracker, IncludedTx, LegSummary, TrackerEnv } from '../../tx/tracker.js';
import type { TransferEvent } from '../../wire/tx.js';
import { swapPaid } from '../ibc/swap-paid.js';
import { ibcTracker } from '../ibc/track.js';
import { eventFields } from '../transfer-event.js';
import { goFastConfig } from './config.js';

/**
 * Solvers fill within seconds; an unfilled order times out at its timeoutTimestamp (now + timeout_seconds, 300 s by
 * default) and its refund comes back over Hyperlane within minutes of the relayer's timeout call. Two hours without
 * any of that is stuck.
 */
export const GO_FAST_DEADLINE_MS = 2 * 60 * 60 * 1000;

const ORDER_SUBMITTED = parseAbiItem('event OrderSubmitted(bytes32 indexed orderID, bytes order)');
const ORDER_REFUNDED = parseAbiItem('event OrderRefunded(bytes32 indexed orderID)');
/** Order bytes before `data`. */
const ORDER_HEAD = 148;

export interface GoFastOrder {
  sender: Hex;
  recipient: Hex;
  amountIn: bigint;
  amountOut: bigint;
  nonce: number;
  sourceDomain: number;
  destinationDomain: number;
  timeoutTimestamp: bigint;
  data: Hex;
}

export function decodeOrder(order: Hex): GoFastOrder | null {
  if ((order.length - 2) / 2 < ORDER_HEAD) return null;
  return {
    sender: slice(order, 0, 32),
    recipient: slice(order, 32, 64),
    amountIn: hexToBigInt(slice(order, 64, 96)),
    amountOut: hexToBigInt(slice(order, 96, 128)),
    nonce: hexToNumber(slice(order, 128, 132)),
    sourceDomain: hexToNumber(slice(order, 132, 136)),
    destinationDomain: hexToNumber(slice(order, 136, 140)),
    timeoutTimestamp: hexToBigInt(slice(order, 140, 148)),
    data: (order.length - 2) / 2 > ORDER_HEAD ? slice(order, ORDER_HEAD) : '0x',
  };
}

/** The gateway's reading of a 32-byte recipient: 12 leading zero bytes make it a 20-byte account (bech32_encode). */
function recipientBech32(prefix: string, recipient: Hex): string {
  const bytes = Buffer.from(recipient.slice(2), 'hex');
  const raw = bytes.subarray(0, 12).every((b) => b === 0) ? bytes.subarray(12) : bytes;
  return bech32.encode(prefix, bech32.toWords(raw), 1023);
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const chainOfDomain = (domain: number) => [...goFastConfig().domain].find(([, d]) => d === domain)?.[0];

/**
 * The IBC channel the entry point sends the funds on over after the fill: the order's data is the entry point's
 * execute message, `swap_and_action` with a `post_swap_action.ibc_transfer`, or without a swap `action` with an
 * `action.ibc_transfer`, each in its `_with_recover` form (src/messages/cosmos/entry-point.ts builds them).
 */
function onwardChannel(data: string): string | null {
  let m: unknown;
  try {
    m = JSON.parse(data);
  } catch {
    return null;
  }
  const call = entryPointCall(m);
  const then = (call.swapAndAction?.post_swap_action ?? call.action?.action) as IbcTransferAction;
  const channel = then?.ibc_transfer?.ibc_info?.source_channel;
  return typeof channel === 'string' ? channel : null;
}
type IbcTransferAction = { ibc_transfer?: { ibc_info?: { source_channel?: unknown } } } | undefined;

/** The order's data read as the memo an IBC-hooks call to the entry point would carry (the same execute message). */
function dataAsMemo(data: string): string {
  try {
    return JSON.stringify({ wasm: { msg: JSON.parse(data) as unknown } });
  } catch {
    return '';
  }
}

function legOf(tx: IncludedTx, orderId: Hex, orderBytes: Hex, env: TrackerEnv): GoFastLeg | null {
  const cfg = goFastConfig();
  const order = decodeOrder(orderBytes);
  if (!order || keccak256(orderBytes) !== orderId) return null;
  const to = chainOfDomain(order.destinationDomain);
  const chain = to ? env.registry.chain(to) : undefined;
  const destGateway = to ? cfg.gateway.get(to) : undefined;
  const destToken = to ? cfg.token.get(to) : undefined;
  const sourceToken = cfg.token.get(tx.chainId);
  // Only CosmWasm destinations are followed (the lanes Junction offers); others stay unrecognised, never a success.
  if (!to || chain?.wire.chain_type !== 'cosmos' || !destGateway || !destToken || !sourceToken) return null;
  const data = order.data === '0x' ? '' : hexToString(order.data);
  return {
    kind: 'go_fast',
    from_chain_id: tx.chainId,
    to_chain_id: to,
    state: 'GO_FAST_TRANSFER_SENT',
    order_submitted_tx: env.chainTx(tx.chainId, tx.hash, tx.time),
    order_filled_tx: null,
    order_refunded_tx: null,
    order_id: orderId,
    source_gateway: cfg.gateway.get(tx.chainId)!,
    dest_gateway: destGateway,
    recipient: recipientBech32(chain.wire.bech32_prefix, order.recipient),
    timeout_timestamp: order.timeoutTimestamp.toString(),
    source_block: tx.height,
    data,
    sent: { chain_id: tx.chainId, denom: sourceToken, amount: order.amountIn.toString() },
    delivered: { chain_id: to, denom: destToken, amount: order.amountOut.toString() },
    swap_out: null,
    next_channel: data ? onwardChannel(data) : null,
    next_found: false,
    error_message: null,
  };
}

/** Whether a transaction is the gateway's payout of this order: its transfer of amountOut to the recipient. */
function isFill(leg: GoFastLeg, tx: IncludedTx): boolean {
  if (!tx.ok) return false;
  const coin = `${leg.delivered.amount}${leg.delivered.denom}`;
  const pays = tx.events.some(
    (e) =>
      e.type === 'transfer' &&
      attr(e, 'sender') === leg.dest_gateway &&
      attr(e, 'recipient') === leg.recipient &&
      attr(e, 'amount') === coin,
  );
  if (!pays) return false;
  // Through the cw7683 settler the order id is named: another order's fill is not this one's.
  const named = tx.events.flatMap((e) => (e.type === 'wasm' ? [attr(e, 'order_id')] : [])).filter(Boolean);
  if (named.length > 0 && !named.some((id) => same(`0x${id}`, leg.order_id))) return false;
  // The gateway refuses a fill at or after the timeout: a later payout of the same amount is another order's.
  const at = tx.time ? Date.parse(tx.time) / 1000 : null;
  return at === null || at < Number(leg.timeout_timestamp);
}

async function findFill(leg: GoFastLeg, env: TrackerEnv): Promise<IncludedTx | null> {
  const query =
    `transfer.sender='${leg.dest_gateway}' AND transfer.recipient='${leg.recipient}'` +
    ` AND transfer.amount='${leg.delivered.amount}${leg.delivered.denom}'`;
  const found = await env.clients.cosmos(leg.to_chain_id).searchTxs(query);
  return found.find((tx) => isFill(leg, tx)) ?? null;
}

export const goFastTracker: BridgeTracker<GoFastLeg> = {
  kind: 'go_fast',
  deadlineMs: GO_FAST_DEADLINE_MS,

  discover(tx: IncludedTx, env: TrackerEnv): GoFastLeg[] {
    const gateway = goFastConfig().gateway.get(tx.chainId);
    if (!gateway || !gateway.startsWith('0x')) return [];
    const legs: GoFastLeg[] = [];
    for (const log of tx.logs) {
      if (!same(log.address, gateway)) continue;
      try {
        const { args } = decodeEventLog({
          abi: [ORDER_SUBMITTED],
          data: log.data as Hex,
          topics: log.topics as [Hex, ...Hex[]],
        });
        const leg = legOf(tx, args.orderID, args.order, env);
        if (leg) legs.push(leg);
      } catch {
        // another event of the gateway
      }
    }
    return legs;
  },

  async advance(leg: GoFastLeg, env: TrackerEnv): Promise<Advance<GoFastLeg>> {
    const out: GoFastLeg = { ...leg };
    let next: IbcLeg | null = null;
    if (out.state === 'GO_FAST_TRANSFER_SENT' || out.state === 'GO_FAST_TRANSFER_TIMEOUT') {
      // A fill made before the timeout may be seen only after it: looked for in both states.
      const fill = await findFill(out, env);
      if (fill) {
        out.state = 'GO_FAST_TRANSFER_FILLED';
        out.order_filled_tx = env.chainTx(fill.chainId, fill.hash, fill.time);
        out.error_message = null;
        out.swap_out = out.data ? swapPaid(dataAsMemo(out.data), fill, out.to_chain_id) : null;
        if (out.next_channel) {
          const sent = ibcTracker.discover(fill, env).find((l) => l.packet.src_channel === out.next_channel);
          if (sent) {
            next = sent;
            out.next_found = true;
          }
        }
        return { leg: out, next };
      }
      if (out.state === 'GO_FAST_TRANSFER_SENT' && env.now() / 1000 >= Number(out.timeout_timestamp)) {
        out.state = 'GO_FAST_TRANSFER_TIMEOUT';
        out.error_message = `the Go Fast order was not filled before its timeout (${new Date(
          Number(out.timeout_timestamp) * 1000,
        ).toISOString()}): amountIn is refunded to the sender on ${out.from_chain_id}`;
      }
    }
    if (out.state === 'GO_FAST_TRANSFER_TIMEOUT') {
      const evm = env.clients.evm(out.from_chain_id);
      const logs = await evm.findLogs(
        getAddress(out.source_gateway),
        ORDER_REFUNDED,
        { orderID: out.order_id as Hex },
        BigInt(out.source_block),
      );
      const log = logs[0];
      if (log?.transactionHash && log.blockNumber !== null) {
        out.state = 'GO_FAST_TRANSFER_REFUNDED';
        out.order_refunded_tx = env.chainTx(
          out.from_chain_id,
          log.transactionHash,
          await evm.blockTime(log.blockNumber),
        );
        out.error_message = `the Go Fast order timed out unfilled and was refunded on ${out.from_chain_id}`;
      }
    }
    return { leg: out, next };
  },

  summarize(leg: GoFastLeg): LegSummary {
    const filled = leg.state === 'GO_FAST_TRANSFER_FILLED';
    const failed = leg.state === 'GO_FAST_TRANSFER_TIMEOUT' || leg.state === 'GO_FAST_TRANSFER_REFUNDED';
    return {
      event: eventOf(leg),
      outcome: filled ? 'success' : failed ? 'failure' : 'pending',
      settled: filled || leg.state === 'GO_FAST_TRANSFER_REFUNDED',
      expectsNext: filled && leg.next_channel !== null && !leg.next_found,
      carriesBackFailure: false,
      arrived: leg.swap_out ?? leg.delivered,
      // An unfilled order's USDC waits in the source gateway, and a refund pays amountIn back to the sender there.
      origin: leg.sent,
    };
  },

  recognises(tx: IncludedTx) {
    const gateway = goFastConfig().gateway.get(tx.chainId);
    if (!gateway || !tx.to || !same(gateway, tx.to)) return null;
    return { bridge: 'go_fast', emitted: tx.logs.some((l) => same(l.address, gateway)) };
  },
};

function eventOf(leg: GoFastLeg): TransferEvent {
  return {
    go_fast_transfer: eventFields(leg, {
      state: leg.state,
      txs: {
        order_submitted_tx: leg.order_submitted_tx,
        order_filled_tx: leg.order_filled_tx,
        order_refunded_tx: leg.order_refunded_tx,
        // The destination's initiate_timeout names no order in its events: not found, so never given.
        order_timeout_tx: null,
      },
      error_message: leg.error_message,
    }),
  };
}
