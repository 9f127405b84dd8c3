/**
 * Following an OFT send over LayerZero V2, the shared part of the Stargate and LayerZero trackers: the source OFT's
 * (or Stargate pool's) `OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256
 * amountSentLD, uint256 amountReceivedLD)` gives the packet's GUID, its destination endpoint id and what arrives; the
 * destination's `OFTReceived(bytes32 indexed guid, uint32 srcEid, address indexed toAddress, uint256
 * amountReceivedLD)` on the same asset's OFT or pool is the arrival (LayerZero-Labs devtools, IOFT.sol; emitted by
 * OFTCore._lzReceive, which the endpoint's lzReceive calls on delivery). LayerZero refunds nothing: a packet not
 * delivered stays pending (its executor or anyone may still deliver it) and is abandoned after the deadline.
 */
import { decodeEventLog, getAddress, parseAbiItem, type Hex } from 'viem';
import type { TransferEvent } from '../../wire/tx.js';
import type { AssetAt, OftLeg } from '../../tx/record.js';
import type { Advance, BridgeTracker, IncludedTx, LegSummary, TrackerEnv } from '../../tx/tracker.js';

const OFT_SENT = parseAbiItem(
  'event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD)',
);
const OFT_RECEIVED = parseAbiItem(
  'event OFTReceived(bytes32 indexed guid, uint32 srcEid, address indexed toAddress, uint256 amountReceivedLD)',
);
/** Blocks before the first look that the OFTReceived search covers. */
const SEARCH_MARGIN = 5_000n;

/** One asset's OFT (or pool) per chain, with the denom the user holds there. */
interface OftAsset {
  byChain: ReadonlyMap<string, { contract: string; denom: string }>;
}

export interface OftTrackerFacts {
  kind: OftLeg['kind'];
  deadlineMs: number;
  eid: ReadonlyMap<string, number>;
  assets(): readonly OftAsset[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function oftTracker(facts: OftTrackerFacts): BridgeTracker<OftLeg> {
  const chainOfEid = (eid: number) => [...facts.eid].find(([, e]) => e === eid)?.[0];
  const contractsOn = (chainId: string) =>
    facts
      .assets()
      .map((a) => ({ asset: a, here: a.byChain.get(chainId) }))
      .filter((x): x is { asset: OftAsset; here: { contract: string; denom: string } } => !!x.here);

  return {
    kind: facts.kind,
    deadlineMs: facts.deadlineMs,

    discover(tx: IncludedTx, env: TrackerEnv): OftLeg[] {
      const legs: OftLeg[] = [];
      const ours = contractsOn(tx.chainId);
      for (const log of tx.logs) {
        const mine = ours.find((o) => same(o.here.contract, log.address));
        if (!mine) continue;
        let args;
        try {
          args = decodeEventLog({ abi: [OFT_SENT], data: log.data as Hex, topics: log.topics as [Hex, ...Hex[]] }).args;
        } catch {
          continue;
        }
        const to = chainOfEid(args.dstEid);
        const there = to ? mine.asset.byChain.get(to) : undefined;
        if (!to || !there) continue;
        const sent: AssetAt = { chain_id: tx.chainId, denom: mine.here.denom, amount: args.amountSentLD.toString() };
        legs.push({
          kind: facts.kind,
          from_chain_id: tx.chainId,
          to_chain_id: to,
          state: 'SENT',
          send_tx: env.chainTx(tx.chainId, tx.hash, tx.time),
          receive_tx: null,
          guid: args.guid,
          dest_oft: there.contract,
          sent,
          // amountReceivedLD is in the source's local decimals; the OFTs of one asset share them on these chains.
          delivered: { chain_id: to, denom: there.denom, amount: args.amountReceivedLD.toString() },
          dest_from_block: null,
        });
      }
      return legs;
    },

    async advance(leg: OftLeg, env: TrackerEnv): Promise<Advance<OftLeg>> {
      const evm = env.clients.evm(leg.to_chain_id);
      const out = { ...leg };
      if (out.dest_from_block === null) {
        const latest = await evm.client.getBlockNumber();
        out.dest_from_block = (latest > SEARCH_MARGIN ? latest - SEARCH_MARGIN : 0n).toString();
      }
      const logs = await evm.findLogs(
        getAddress(leg.dest_oft),
        OFT_RECEIVED,
        { guid: leg.guid as Hex },
        BigInt(out.dest_from_block),
      );
      const log = logs[0];
      if (!log?.transactionHash || log.blockNumber === null) return { leg: out, next: null };
      const received = (log.args as { amountReceivedLD?: bigint }).amountReceivedLD;
      return {
        leg: {
          ...out,
          state: 'RECEIVED',
          receive_tx: env.chainTx(leg.to_chain_id, log.transactionHash, await evm.blockTime(log.blockNumber)),
          delivered: { ...out.delivered, amount: received === undefined ? out.delivered.amount : received.toString() },
        },
        next: null,
      };
    },

    summarize(leg: OftLeg): LegSummary {
      const done = leg.state === 'RECEIVED';
      return {
        event: eventOf(leg),
        outcome: done ? 'success' : 'pending',
        settled: done,
        expectsNext: false,
        carriesBackFailure: false,
        arrived: leg.delivered,
        origin: leg.sent,
      };
    },

    recognises(tx: IncludedTx) {
      const ours = contractsOn(tx.chainId).map((o) => o.here.contract);
      if (!tx.to || !ours.some((c) => same(c, tx.to!))) return null;
      return { bridge: facts.kind, emitted: tx.logs.some((l) => ours.some((c) => same(c, l.address))) };
    },
  };
}

function eventOf(leg: OftLeg): TransferEvent {
  const common = {
    from_chain_id: leg.from_chain_id,
    to_chain_id: leg.to_chain_id,
    src_chain_id: leg.from_chain_id,
    dst_chain_id: leg.to_chain_id,
  };
  if (leg.kind === 'stargate') {
    return {
      stargate_transfer: {
        ...common,
        state: leg.state === 'RECEIVED' ? 'STARGATE_TRANSFER_RECEIVED' : 'STARGATE_TRANSFER_SENT',
        txs: { send_tx: leg.send_tx, receive_tx: leg.receive_tx, error_tx: null },
      },
    };
  }
  return {
    layer_zero_transfer: {
      ...common,
      state: leg.state === 'RECEIVED' ? 'LAYER_ZERO_TRANSFER_RECEIVED' : 'LAYER_ZERO_TRANSFER_SENT',
      txs: { send_tx: leg.send_tx, receive_tx: leg.receive_tx, compose_tx: null, error_tx: null },
    },
  };
}
