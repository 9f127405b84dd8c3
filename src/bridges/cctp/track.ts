/**
 * Following a CCTP transfer (the CCTP BridgeTracker): burn on the source chain → Circle's attestation → mint on the
 * destination chain.
 *
 * - Burn: the source chain's MessageTransmitter emits the CCTP message: on EVM chains the log
 *   `MessageSent(bytes message)` of the V1 transmitter of that chain or of the V2 transmitter, on Noble the event
 *   `circle.cctp.v1.MessageSent` (attribute `message`, JSON of the base64 bytes).
 * - Attestation (the attestation service, "Iris", at CCTP_ATTESTATION_URL): V1 messages by message hash
 *   (`GET /v1/attestations/{keccak256(message)}` → `{status: pending_confirmations | complete, attestation}`, 404
 *   until the burn is observed); V2 messages by source domain and burn transaction (`GET
 *   /v2/messages/{domain}?transactionHash=`), which also gives the nonce the attester assigned (V2 burns emit none).
 * - Mint: the destination MessageTransmitter's `MessageReceived` with the message's source domain and nonce (EVM
 *   logs filtered on the indexed nonce), or Noble's `circle.cctp.v1.MessageReceived` event found by event query.
 *
 * States: CCTP_TRANSFER_SENT (burn seen) → CCTP_TRANSFER_PENDING_CONFIRMATION (observed, awaiting confirmations)
 * → CCTP_TRANSFER_CONFIRMED (attested) → CCTP_TRANSFER_RECEIVED (minted); never a success before the mint is seen.
 * V1 legs are `cctp_transfer` events, V2 legs `cctp_transfer_v2` (the official SDK's TransferEvent.cctpTransferV2,
 * same shape). Message layouts: Circle's evm-cctp-contracts (src/messages/Message.sol, BurnMessage.sol;
 * v2/MessageV2.sol, BurnMessageV2.sol).
 *
 * A message nobody was asked to mint (no destination caller, no Forwarding Service request, a destination other than
 * Noble, whose own relayers mint) waits for the user once attested: the status then carries the claim, ready to sign
 * (claim.ts).
 */
import { decodeEventLog, getAddress, keccak256, parseAbiItem, toEventSelector, toHex, type Hex } from 'viem';
import type { TransferEvent } from '../../wire/tx.js';
import { eventFields } from '../transfer-event.js';
import {
  loadDataFiles,
  readDataFile,
  type BridgeDomainsFile,
  type BridgeDurationsFile,
  type CctpV2File,
  type ContractsFile,
} from '../../registry/data-files.js';
import { attr } from '../../tx/cosmos-client.js';
import type { CctpLeg, CctpMessageRef, Leg } from '../../tx/record.js';
import type { Advance, BridgeTracker, IncludedTx, LegSummary, TrackerEnv } from '../../tx/tracker.js';
import { claimStep, minterOf } from './claim.js';
import { solanaBurnMessages } from './solana-burn-event.js';
import { advanceForward, forwardOf, forwardStep } from './forwarding-track.js';
import { joinUrl, requestJson, UpstreamError } from '../../tx/upstream.js';
import { hostOf, observeUpstream, outcomeOf } from '../../upstream-calls.js';

const MESSAGE_SENT = parseAbiItem('event MessageSent(bytes message)');
const MESSAGE_RECEIVED_V1 = parseAbiItem(
  'event MessageReceived(address indexed caller, uint32 sourceDomain, uint64 indexed nonce, bytes32 sender, bytes messageBody)',
);
const MESSAGE_RECEIVED_V2 = parseAbiItem(
  'event MessageReceived(address indexed caller, uint32 sourceDomain, bytes32 indexed nonce, bytes32 sender, uint32 indexed finalityThresholdExecuted, bytes messageBody)',
);
/** TokenMessengerV2's burn event (circlefin/evm-cctp-contracts src/v2/TokenMessengerV2.sol via BaseTokenMessenger). */
const DEPOSIT_FOR_BURN_V2 = parseAbiItem(
  'event DepositForBurn(address indexed burnToken, uint256 amount, address indexed depositor, bytes32 mintRecipient, uint32 destinationDomain, bytes32 destinationTokenMessenger, bytes32 destinationCaller, uint256 maxFee, uint32 indexed minFinalityThreshold, bytes hookData)',
);
const DEPOSIT_FOR_BURN_V2_TOPIC = toEventSelector(DEPOSIT_FOR_BURN_V2);
const NOBLE = 'noble-1';
/** Noble's CCTP domain (V1 only): its own relayers mint every message to it. */
const NOBLE_DOMAIN_V1 = 4;
/** Blocks before the first look that the mint search covers (minutes on every CCTP chain). */
const MINT_SEARCH_MARGIN = 2_000n;

interface CctpFacts {
  contracts: ContractsFile['cctp'];
  domains: BridgeDomainsFile;
}
let facts: CctpFacts | undefined;
/** Addresses and domains from data/contracts.json and data/bridge-domains.json, read on first use. */
function cctpFacts(): CctpFacts {
  if (!facts) {
    const data = loadDataFiles();
    facts = { contracts: data.contracts.cctp, domains: data.bridgeDomains };
  }
  return facts;
}

function chainOfDomain(domain: number, version: number): string | undefined {
  const table = version === 0 ? cctpFacts().domains.cctp_domain : cctpFacts().domains.cctp_v2_domain;
  return Object.entries(table).find(([, d]) => d === domain)?.[0];
}

const sameAddress = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();

/** Decodes a CCTP message (V1 or V2 header, burn message body). */
export function decodeMessage(bytes: Uint8Array): CctpMessageRef | null {
  if (bytes.length < 116) return null;
  const view = Buffer.from(bytes);
  const version = view.readUInt32BE(0);
  const source = view.readUInt32BE(4);
  const destination = view.readUInt32BE(8);
  let nonce: string;
  let body: Buffer;
  if (version === 0) {
    nonce = view.readBigUInt64BE(12).toString();
    body = view.subarray(116);
  } else if (version === 1) {
    if (bytes.length < 148) return null;
    nonce = toHex(view.subarray(12, 44));
    body = view.subarray(148);
  } else {
    return null;
  }
  // Burn message: version (4), burnToken (32), mintRecipient (32), amount (32), messageSender (32), ...
  if (body.length < 132) return null;
  return {
    version,
    source_domain: source,
    destination_domain: destination,
    nonce,
    message_hash: keccak256(bytes),
    burn_token: toHex(body.subarray(4, 36)),
    mint_recipient: toHex(body.subarray(36, 68)),
    amount: BigInt(toHex(body.subarray(68, 100))).toString(),
  };
}

/**
 * The messages a transaction emitted (EVM MessageSent logs of Circle's transmitters, Noble's MessageSent events, the
 * burns of Solana's programs).
 */
function messagesOf(tx: IncludedTx): Uint8Array[] {
  const c = cctpFacts().contracts;
  const out: Uint8Array[] = [];
  // A V2 message is a burn when TokenMessengerV2 emitted DepositForBurn beside it (the transmitter also carries
  // other applications' messages).
  const burntV2 = tx.logs.some(
    (l) => sameAddress(l.address, c.token_messenger_v2) && l.topics[0]?.toLowerCase() === DEPOSIT_FOR_BURN_V2_TOPIC,
  );
  for (const log of tx.logs) {
    const v1 = sameAddress(log.address, c.message_transmitter_v1[tx.chainId]);
    if (!v1 && !(burntV2 && sameAddress(log.address, c.message_transmitter_v2))) continue;
    try {
      const decoded = decodeEventLog({
        abi: [MESSAGE_SENT],
        data: log.data as Hex,
        topics: log.topics as [Hex, ...Hex[]],
      });
      out.push(Buffer.from(decoded.args.message.slice(2), 'hex'));
    } catch {
      // another event of the transmitter
    }
  }
  // Solana: the DepositForBurn events its TokenMessengerMinter programs emitted (./solana-burn-event.ts).
  const solanaDomain = cctpFacts().domains.cctp_domain[tx.chainId];
  if (tx.instructions && solanaDomain !== undefined) {
    const programs = {
      tokenMessengerMinter: c.solana.token_messenger_minter,
      tokenMessengerMinterV2: c.solana.token_messenger_minter_v2,
    };
    out.push(...solanaBurnMessages(tx.instructions, programs, solanaDomain));
  }
  for (const e of tx.events) {
    if (e.type !== 'circle.cctp.v1.MessageSent') continue;
    const raw = attr(e, 'message');
    if (!raw) continue;
    try {
      out.push(Buffer.from(JSON.parse(raw) as string, 'base64'));
    } catch {
      // not the typed-event JSON form
    }
  }
  return out;
}

/** The source chain's denom of the burnt token (USDC: an ERC-20 address, or uusdc on Noble). */
function sourceDenomOf(chainId: string, burnToken: string): string {
  const usdc = cctpFacts().contracts.usdc[chainId];
  if (usdc) return usdc;
  return `0x${burnToken.slice(-40)}`;
}

/**
 * How long a CCTP leg may go without progress: Circle's slowest standard attestation (data/cctp-v2.json, Linea's hard
 * finality: 32 hours; V1 sources in data/bridge-durations.json are minutes) and an hour more for the mint. A leg
 * that waits for the user (a claim, a forwarding account's registration) keeps its next_step after that.
 */
function cctpDeadlineMs(): number {
  const v1 = Object.values(readDataFile<BridgeDurationsFile>('bridge-durations.json').cctp_attestation_seconds);
  const v2 = Object.values(readDataFile<CctpV2File>('cctp-v2.json').standard_attestation_seconds);
  return (Math.max(0, ...v1, ...v2) + 3600) * 1000;
}
let deadline: number | undefined;

export const cctpTracker: BridgeTracker<CctpLeg> = {
  kind: 'cctp',
  get deadlineMs() {
    return (deadline ??= cctpDeadlineMs());
  },

  discover(tx: IncludedTx, env: TrackerEnv): CctpLeg[] {
    const legs: CctpLeg[] = [];
    for (const bytes of messagesOf(tx)) {
      const message = decodeMessage(bytes);
      if (!message) continue;
      const to = chainOfDomain(message.destination_domain, message.version);
      if (!to) continue;
      legs.push({
        kind: 'cctp',
        from_chain_id: tx.chainId,
        to_chain_id: to,
        state: 'CCTP_TRANSFER_SENT',
        send_tx: env.chainTx(tx.chainId, tx.hash, tx.time),
        receive_tx: null,
        message,
        dest_denom: cctpFacts().contracts.usdc[to] ?? null,
        source_denom: sourceDenomOf(tx.chainId, message.burn_token),
        dest_from_block: null,
        message_bytes: toHex(bytes),
        attestation: null,
        minter: minterOf(bytes, NOBLE_DOMAIN_V1),
      });
    }
    return legs;
  },

  async advance(leg: CctpLeg, env: TrackerEnv): Promise<Advance<CctpLeg>> {
    const out: CctpLeg = { ...leg, message: { ...leg.message } };
    // Into Noble: is the recipient a forwarding account Junction built (whose forward follows the mint)?
    if (out.to_chain_id === NOBLE && out.noble_forward === undefined) out.noble_forward = await forwardOf(out, env);
    if (out.state !== 'CCTP_TRANSFER_CONFIRMED' && out.state !== 'CCTP_TRANSFER_RECEIVED') {
      const attestation = await attestationOf(out, env);
      if (attestation === 'complete') out.state = 'CCTP_TRANSFER_CONFIRMED';
      else if (attestation === 'pending') out.state = 'CCTP_TRANSFER_PENDING_CONFIRMATION';
    }
    // A relayer can mint as soon as the attestation exists, possibly before we saw it: look for the mint anyway
    // once the nonce is known (V2 nonces come from the attestation service).
    if (
      out.state !== 'CCTP_TRANSFER_RECEIVED' &&
      (out.message.version === 0 || out.state === 'CCTP_TRANSFER_CONFIRMED')
    ) {
      const minted = await findMint(out, env);
      if (minted) {
        out.receive_tx = minted;
        out.state = 'CCTP_TRANSFER_RECEIVED';
      }
    }
    let next: Leg | null = null;
    if (out.state === 'CCTP_TRANSFER_RECEIVED' && out.noble_forward && !out.noble_forward.forwarded) {
      out.noble_forward = { ...out.noble_forward };
      next = await advanceForward(out, out.noble_forward, env);
    }
    return { leg: out, next };
  },

  summarize(leg: CctpLeg): LegSummary {
    const info = eventFields(leg, { state: leg.state, txs: { send_tx: leg.send_tx, receive_tx: leg.receive_tx } });
    const event: TransferEvent = leg.message.version === 0 ? { cctp_transfer: info } : { cctp_transfer_v2: info };
    const received = leg.state === 'CCTP_TRANSFER_RECEIVED';
    const forward = leg.noble_forward;
    const step = received ? (forward && !forward.forwarded ? forwardStep(forward) : null) : claimStep(leg);
    return {
      ...(step ? { pending: step as NonNullable<LegSummary['pending']> } : {}),
      event,
      // A burn cannot fail after the fact: the message waits for its mint (anyone may relay it).
      outcome: received ? 'success' : 'pending',
      settled: received,
      // A forwarding account's IBC transfer follows the mint.
      expectsNext: !!forward && !forward.forwarded,
      carriesBackFailure: false,
      arrived: {
        chain_id: leg.to_chain_id,
        denom: leg.dest_denom ?? `0x${leg.message.mint_recipient.slice(-40)}`,
        amount: leg.message.amount,
      },
      origin: { chain_id: leg.from_chain_id, denom: leg.source_denom, amount: leg.message.amount },
    };
  },

  /**
   * A Solana transaction that ran a CCTP program but whose burn event could not be read (a layout this version does
   * not know) moved USDC Junction cannot follow: it is kept pending until the CCTP deadline, never a success.
   */
  recognises(tx: IncludedTx) {
    const s = cctpFacts().contracts.solana;
    const programs = [
      s.token_messenger_minter,
      s.token_messenger_minter_v2,
      s.message_transmitter,
      s.message_transmitter_v2,
    ];
    if (!tx.instructions?.some((ix) => programs.includes(ix.programId))) return null;
    return { bridge: 'cctp', emitted: true };
  },
};

/** Asks the attestation service; V2 answers also fill in the nonce. */
async function attestationOf(leg: CctpLeg, env: TrackerEnv): Promise<'complete' | 'pending' | 'unseen'> {
  const base = env.attestationUrl;
  if (!base) return 'unseen';
  const signal = AbortSignal.timeout(10_000);
  // Counted on /metrics; a 404 is Circle's normal answer before it indexed the burn, not a failing service.
  const ask = (url: string) =>
    observeUpstream(
      { upstream: 'attestation', target: hostOf(base) },
      () => requestJson(url, signal),
      (err) => (err instanceof UpstreamError && err.status === 404 ? 'ok' : outcomeOf(err)),
    );
  try {
    if (leg.message.version === 0) {
      const body = (await ask(joinUrl(base, `v1/attestations/${leg.message.message_hash}`))) as {
        status?: string;
        attestation?: string | null;
      };
      if (body.status !== 'complete') return 'pending';
      if (isHex(body.attestation)) leg.attestation = body.attestation;
      return 'complete';
    }
    const body = (await ask(
      joinUrl(base, `v2/messages/${leg.message.source_domain}?transactionHash=${leg.send_tx.tx_hash}`),
    )) as {
      messages?: { message?: string; eventNonce?: string; status?: string; attestation?: string }[];
    };
    const match = (body.messages ?? []).find(
      (m) =>
        m.message &&
        decodeMessage(Buffer.from(m.message.replace(/^0x/, ''), 'hex'))?.mint_recipient === leg.message.mint_recipient,
    );
    if (!match) return 'unseen';
    if (match.eventNonce) leg.message.nonce = toHex(BigInt(match.eventNonce), { size: 32 });
    if (match.status !== 'complete') return 'pending';
    // The attested message carries the nonce Circle assigned (the burn emitted zero): that is what the mint takes.
    if (isHex(match.message) && isHex(match.attestation)) {
      leg.message_bytes = match.message.startsWith('0x') ? match.message : `0x${match.message}`;
      leg.attestation = match.attestation.startsWith('0x') ? match.attestation : `0x${match.attestation}`;
    }
    return 'complete';
  } catch (err) {
    // 404: not observed yet (Circle documents this as the normal answer before the burn is indexed).
    if (err instanceof UpstreamError && err.status === 404) return 'unseen';
    throw err;
  }
}

/** Hex bytes as Circle's API writes them (0x-prefixed or bare); not "PENDING" or null. */
const isHex = (v: unknown): v is string => typeof v === 'string' && /^(0x)?([0-9a-f]{2})+$/i.test(v);

/** The mint transaction on the destination chain, if it happened. Sets `dest_from_block` on first use. */
async function findMint(leg: CctpLeg, env: TrackerEnv) {
  const { message } = leg;
  if (leg.to_chain_id === NOBLE) {
    const query = `circle.cctp.v1.MessageReceived.nonce='"${message.nonce}"' AND circle.cctp.v1.MessageReceived.source_domain='${message.source_domain}'`;
    const tx = (await env.clients.cosmos(NOBLE).searchTxs(query))[0];
    return tx ? env.chainTx(tx.chainId, tx.hash, tx.time) : null;
  }
  const registryChain = env.registry.chain(leg.to_chain_id);
  if (registryChain?.wire.chain_type !== 'evm') return null;
  const c = cctpFacts().contracts;
  const transmitter = message.version === 0 ? c.message_transmitter_v1[leg.to_chain_id] : c.message_transmitter_v2;
  if (!transmitter) return null;
  const evm = env.clients.evm(leg.to_chain_id);
  if (leg.dest_from_block === null) {
    // Public nodes refuse log queries over the whole chain: search from shortly before the first look on.
    const latest = await evm.client.getBlockNumber();
    leg.dest_from_block = (latest > MINT_SEARCH_MARGIN ? latest - MINT_SEARCH_MARGIN : 0n).toString();
  }
  const from = BigInt(leg.dest_from_block);
  const logs =
    message.version === 0
      ? await evm.findLogs(getAddress(transmitter), MESSAGE_RECEIVED_V1, { nonce: BigInt(message.nonce) }, from)
      : await evm.findLogs(getAddress(transmitter), MESSAGE_RECEIVED_V2, { nonce: message.nonce as Hex }, from);
  const log = logs.find((l) => (l.args as { sourceDomain?: number }).sourceDomain === message.source_domain);
  if (!log?.transactionHash || log.blockNumber === null) return null;
  return env.chainTx(leg.to_chain_id, log.transactionHash, await evm.blockTime(log.blockNumber));
}
