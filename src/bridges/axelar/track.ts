/**
 * Following an Axelar general message with token (the Axelar BridgeTracker), from the call to its execution on the
 * destination.
 *
 * - From a Cosmos chain: the user's ICS-20 packet into Axelar carries a GMP memo (memo.ts). The IBC tracker follows
 *   the packet; once Axelar received it with a result acknowledgement (Axelar routed the message), it hands the funds
 *   over here (`follow`), and the Axelar receive transaction is the confirmation (no vote is needed for a message
 *   Axelar itself received). An error acknowledgement or a timeout is the IBC leg's failure: refunded on the source.
 * - From an EVM chain: the gateway's `ContractCallWithToken` log in the user's transaction (axelar-cgp-solidity,
 *   IAxelarGateway), with the gas service's `NativeGasPaidForContractCallWithToken` in the same transaction.
 * - Progress: the Axelarscan-compatible GMP API at AXELAR_GMP_API_URL, `GET <url>?method=searchGMP&txHash=<source tx>`
 *   → `{data: [{status, call, approved, executed, error, is_insufficient_fee}]}` — the fields and the status words
 *   (`called`, `confirming`, `approved`, `executing`, `executed`, `error`) that axelarjs-sdk's AxelarGMPRecoveryAPI
 *   reads (src/libs/AxelarGMPRecoveryApi.ts: fetchGMPTransaction, parseGMPStatus, parseGMPError, queryExecuteParams).
 *   Without the setting the leg stays pending and is abandoned after DEADLINE_MS: never a success unseen.
 *
 * States: PENDING_CONFIRMATION (called) → PENDING_RECEIPT (approved on the destination gateway) → SUCCESS (executed)
 * or FAILURE (the execution reverted: the tokens stay approved at the destination gateway, where anyone may execute
 * the call again — the next step is a retry, not a refund).
 */
import { decodeAbiParameters, decodeEventLog, parseAbiItem, type Hex } from 'viem';
import { denomOfTrace, parseTracePath } from '../../denom/trace.js';
import type { TransferEvent } from '../../wire/tx.js';
import { eventFields } from '../transfer-event.js';
import type { AxelarLeg, IbcLeg, Leg } from '../../tx/record.js';
import type { Advance, BridgeTracker, IncludedTx, LegSummary, TrackerEnv } from '../../tx/tracker.js';
import { requestJson } from '../../tx/upstream.js';
import { hostOf, observeUpstream, outcomeOf } from '../../upstream-calls.js';
import { AXELAR_CHAIN_ID, axelarConfig } from './config.js';
import { axelarLanes, type AxelarLane } from './lanes.js';
import { HANDLER_SEND_NATIVE, type GmpMemo } from './memo.js';

/**
 * Axelar's slowest honest path: Ethereum's finality (about 15 minutes) before the validators confirm, batching and
 * approval on the destination, and its relayers' retries of the execution. Four hours without any progress is
 * far outside it: the message is stuck (usually gas too low to execute) and tracking gives up.
 */
export const AXELAR_DEADLINE_MS = 4 * 60 * 60 * 1000;

const CONTRACT_CALL_WITH_TOKEN = parseAbiItem(
  'event ContractCallWithToken(address indexed sender, string destinationChain, string destinationContractAddress, bytes32 indexed payloadHash, bytes payload, string symbol, uint256 amount)',
);
const NATIVE_GAS_PAID = parseAbiItem(
  'event NativeGasPaidForContractCallWithToken(address indexed sourceAddress, string destinationChain, string destinationAddress, bytes32 indexed payloadHash, string symbol, uint256 amount, uint256 gasFeeAmount, address refundAddress)',
);

const same = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Axelar chain name (case-insensitive, as the GMP API writes them in lower case) → chain id. */
function chainIdOfName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  for (const [chainId, n] of axelarConfig().chainName) if (same(n, name)) return chainId;
  return undefined;
}

const lanesCache = new WeakMap<object, AxelarLane[]>();
function lanesOf(env: TrackerEnv): AxelarLane[] {
  let l = lanesCache.get(env.registry);
  if (!l) lanesCache.set(env.registry, (l = axelarLanes(env.registry)));
  return l;
}

/** The GMP memo of an ICS-20 packet into Axelar, if it is one. */
function gmpMemoOf(memo: string): GmpMemo | null {
  if (!memo.trim().startsWith('{')) return null;
  try {
    const m = JSON.parse(memo) as Partial<GmpMemo>;
    if (typeof m.destination_chain !== 'string' || typeof m.destination_address !== 'string') return null;
    if (typeof m.type !== 'number') return null;
    return m as GmpMemo;
  } catch {
    return null;
  }
}

/** Whether a handler payload asks the destination to unwrap (SendNative). */
function unwraps(payload: number[] | undefined): boolean {
  if (!payload || payload.length < 32) return false;
  try {
    const [command] = decodeAbiParameters([{ type: 'uint8' }, { type: 'bytes' }], Buffer.from(payload) as never);
    return command === HANDLER_SEND_NATIVE;
  } catch {
    return false;
  }
}

export const axelarTracker: BridgeTracker<AxelarLeg> = {
  kind: 'axelar',
  deadlineMs: AXELAR_DEADLINE_MS,

  discover(tx: IncludedTx, env: TrackerEnv): AxelarLeg[] {
    const gateway = axelarConfig().gateway.get(tx.chainId);
    if (!gateway) return [];
    const gasPaid = tx.logs.some((l) => {
      if (!same(l.address, axelarConfig().gasService)) return false;
      try {
        decodeEventLog({ abi: [NATIVE_GAS_PAID], data: l.data as Hex, topics: l.topics as [Hex, ...Hex[]] });
        return true;
      } catch {
        return false;
      }
    });
    const legs: AxelarLeg[] = [];
    for (const log of tx.logs) {
      if (!same(log.address, gateway)) continue;
      let args;
      try {
        args = decodeEventLog({
          abi: [CONTRACT_CALL_WITH_TOKEN],
          data: log.data as Hex,
          topics: log.topics as [Hex, ...Hex[]],
        }).args;
      } catch {
        continue;
      }
      const to = chainIdOfName(args.destinationChain);
      if (!to) continue;
      const lane = lanesOf(env).find(
        (l) => l.fromChainId === tx.chainId && l.toChainId === to && l.sourceSymbol === args.symbol,
      );
      const sendTx = env.chainTx(tx.chainId, tx.hash, tx.time);
      const amount = args.amount.toString();
      legs.push(
        newLeg({
          from: tx.chainId,
          to,
          sendTx,
          gasPaid: gasPaid ? sendTx : null,
          confirm: null,
          searchHash: tx.hash,
          sent: { chain_id: tx.chainId, denom: lane?.denomIn ?? args.symbol, amount },
          delivered: { chain_id: to, denom: lane?.denomOut ?? args.symbol, amount },
        }),
      );
    }
    return legs;
  },

  follow(from: Leg, env: TrackerEnv): AxelarLeg | null {
    if (from.kind !== 'ibc' || from.to_chain_id !== AXELAR_CHAIN_ID || !from.receive_tx) return null;
    const ibc: IbcLeg = from;
    const memo = gmpMemoOf(ibc.packet.data.memo);
    const to = memo && chainIdOfName(memo.destination_chain);
    if (!memo || !to) return null;
    const sourceDenom = denomOfTrace(parseTracePath(ibc.packet.data.denom));
    const unwrap = unwraps(memo.payload);
    const candidates = lanesOf(env).filter(
      (l) => l.fromChainId === ibc.from_chain_id && l.toChainId === to && l.denomIn === sourceDenom,
    );
    const lane = candidates.find((l) => l.shouldUnwrap === unwrap) ?? candidates[0];
    // The memo's fee is taken out of the packet's amount and paid to Axelar's gas receiver.
    const fee = /^\d+$/.test(memo.fee?.amount ?? '') ? BigInt(memo.fee.amount) : 0n;
    const amount = BigInt(ibc.packet.data.amount);
    return newLeg({
      from: ibc.from_chain_id,
      to,
      sendTx: ibc.send_tx,
      gasPaid: fee > 0n ? ibc.send_tx : null,
      confirm: ibc.receive_tx,
      searchHash: ibc.send_tx.tx_hash,
      sent: { chain_id: ibc.from_chain_id, denom: sourceDenom, amount: amount.toString() },
      delivered: {
        chain_id: to,
        denom: lane?.denomOut ?? memo.destination_address,
        amount: (amount > fee ? amount - fee : 0n).toString(),
      },
    });
  },

  async advance(leg: AxelarLeg, env: TrackerEnv): Promise<Advance<AxelarLeg>> {
    const base = env.axelarGmpUrl;
    if (!base) return { leg, next: null };
    const url = `${base}${base.includes('?') ? '&' : '?'}method=searchGMP&txHash=${encodeURIComponent(leg.search_hash)}`;
    const body = (await observeUpstream(
      { upstream: 'bridge_api', target: hostOf(base) },
      () => requestJson(url, AbortSignal.timeout(10_000)),
      outcomeOf,
    )) as { data?: GmpRecord[] } | null;
    const record = pick(body?.data ?? [], leg.search_hash);
    return { leg: record ? applyRecord(leg, record, env) : leg, next: null };
  },

  summarize(leg: AxelarLeg): LegSummary {
    const outcome =
      leg.state === 'AXELAR_TRANSFER_SUCCESS'
        ? 'success'
        : leg.state === 'AXELAR_TRANSFER_FAILURE'
          ? 'failure'
          : 'pending';
    return {
      event: eventOf(leg),
      outcome,
      // A failed execution is never refunded by itself: the approval waits on the destination for a new execution.
      settled: outcome === 'success',
      expectsNext: false,
      carriesBackFailure: false,
      arrived: leg.delivered,
      // In flight the funds are Axelar's (sent from the source); once approved they wait at the destination gateway.
      origin: leg.approve_tx ? leg.delivered : leg.sent,
      ...(outcome === 'failure'
        ? {
            recovery: {
              action: 'execute' as const,
              chain_id: leg.to_chain_id,
              message: `the call is approved on ${leg.to_chain_id} but its execution failed: execute it again (https://axelarscan.io/gmp/${leg.search_hash}), adding gas if the gas paid does not cover it`,
              tx: null,
            },
          }
        : {}),
    };
  },

  recognises(tx: IncludedTx) {
    const cfg = axelarConfig();
    const ours = [cfg.gateway.get(tx.chainId), cfg.gasService, cfg.handler.get(tx.chainId)];
    const touched =
      ours.some((a) => same(a, tx.to ?? undefined)) || tx.logs.some((l) => ours.some((a) => same(a, l.address)));
    if (!touched) return null;
    return { bridge: 'axelar', emitted: tx.logs.some((l) => same(l.address, cfg.gateway.get(tx.chainId))) };
  },
};

function newLeg(o: {
  from: string;
  to: string;
  sendTx: AxelarLeg['send_tx'];
  gasPaid: AxelarLeg['gas_paid_tx'];
  confirm: AxelarLeg['confirm_tx'];
  searchHash: string;
  sent: AxelarLeg['sent'];
  delivered: AxelarLeg['delivered'];
}): AxelarLeg {
  return {
    kind: 'axelar',
    from_chain_id: o.from,
    to_chain_id: o.to,
    state: 'AXELAR_TRANSFER_PENDING_CONFIRMATION',
    send_tx: o.sendTx,
    gas_paid_tx: o.gasPaid,
    confirm_tx: o.confirm,
    approve_tx: null,
    execute_tx: null,
    error: null,
    search_hash: o.searchHash,
    sent: o.sent,
    delivered: o.delivered,
    insufficient_fee: false,
  };
}

/** The part of a GMP API record this tracker reads. */
interface GmpEventRecord {
  transactionHash?: string;
  chain?: string;
  block_timestamp?: number;
}
interface GmpRecord {
  id?: string;
  status?: string;
  call?: GmpEventRecord;
  approved?: GmpEventRecord;
  executed?: GmpEventRecord;
  error?: { chain?: string; error?: { message?: string; transactionHash?: string } };
  is_insufficient_fee?: boolean;
}

/** The record of this call: the source hash is `call.transactionHash` (Cosmos sources) or part of `id` (EVM). */
function pick(records: GmpRecord[], hash: string): GmpRecord | undefined {
  const h = hash.toLowerCase().replace(/^0x/, '');
  return records.find(
    (r) => (r.id ?? '').toLowerCase().includes(h) || (r.call?.transactionHash ?? '').toLowerCase().includes(h),
  );
}

const isoOf = (seconds: number | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') : null;

function txOf(e: GmpEventRecord | undefined, fallbackChain: string, env: TrackerEnv) {
  if (!e?.transactionHash) return null;
  const chain = chainIdOfName(e.chain) ?? fallbackChain;
  // EVM hashes in lower case, as the rest of the status writes them.
  const hash = /^0x/i.test(e.transactionHash) ? e.transactionHash.toLowerCase() : e.transactionHash;
  return env.chainTx(chain, hash, isoOf(e.block_timestamp));
}

function applyRecord(leg: AxelarLeg, r: GmpRecord, env: TrackerEnv): AxelarLeg {
  const out: AxelarLeg = { ...leg };
  out.approve_tx = txOf(r.approved, leg.to_chain_id, env) ?? out.approve_tx;
  out.execute_tx = txOf(r.executed, leg.to_chain_id, env) ?? out.execute_tx;
  out.insufficient_fee = r.is_insufficient_fee === true;
  if (r.status === 'error' && r.error) {
    out.state = 'AXELAR_TRANSFER_FAILURE';
    out.error = {
      message: r.error.error?.message ?? 'the execution on the destination failed',
      type: 'CONTRACT_CALL_WITH_TOKEN_EXECUTION_ERROR',
    };
  } else if (r.status === 'executed' && out.execute_tx) {
    out.state = 'AXELAR_TRANSFER_SUCCESS';
    out.error = null;
  } else if (out.approve_tx || r.status === 'approved' || r.status === 'executing') {
    out.state = 'AXELAR_TRANSFER_PENDING_RECEIPT';
  }
  return out;
}

function eventOf(leg: AxelarLeg): TransferEvent {
  return {
    axelar_transfer: eventFields(leg, {
      type: 'AXELAR_TRANSFER_CONTRACT_CALL_WITH_TOKEN',
      state: leg.state,
      txs: {
        contract_call_with_token_txs: {
          send_tx: leg.send_tx,
          gas_paid_tx: leg.gas_paid_tx,
          confirm_tx: leg.confirm_tx,
          approve_tx: leg.approve_tx,
          execute_tx: leg.execute_tx,
          error: leg.error,
        },
      },
      axelar_scan_link: `https://axelarscan.io/gmp/${leg.search_hash}`,
    }),
  };
}
