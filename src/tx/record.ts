/**
 * What is stored per tracked transaction: the initial transaction once seen, and per transfer it started the list of
 * legs (one per bridge hop) with everything needed to look for the next step on chain. The wire status (status.ts)
 * is computed from this record alone, so GET /v2/tx/status never waits on a chain.
 */
import type {
  AxelarTransferState,
  ChainTransaction,
  CctpTransferState,
  GoFastTransferState,
  HyperlaneTransferState,
  IbcTransferState,
  OpinitTransferState,
  PacketError,
  StatusError,
} from '../wire/tx.js';
import type { ChainType } from '../wire/chain.js';

/** A holding of funds: where they are (or will be) and whether they can be used there. */
export interface AssetAt {
  chain_id: string;
  denom: string;
  amount: string | null;
}

export interface IbcPacketRef {
  sequence: string;
  src_port: string;
  src_channel: string;
  dst_port: string;
  dst_channel: string;
  /** Nanoseconds since the epoch, "0" for none. */
  timeout_timestamp: string;
  /** `revision-height`, "0-0" for none. */
  timeout_height: string;
  /** ICS-20 packet data (FungibleTokenPacketData): denom as a trace path on the sending chain. */
  data: { denom: string; amount: string; sender: string; receiver: string; memo: string };
}

export interface IbcLeg {
  kind: 'ibc';
  from_chain_id: string;
  to_chain_id: string;
  state: IbcTransferState;
  send_tx: ChainTransaction;
  receive_tx: ChainTransaction | null;
  acknowledge_tx: ChainTransaction | null;
  timeout_tx: ChainTransaction | null;
  error: PacketError | null;
  packet: IbcPacketRef;
  /** The acknowledgement written on the receiving chain, once it is. */
  ack: 'result' | 'error' | null;
  /**
   * The transfer the memo asks the receiving chain to start next: a packet forward (whose failure comes back through
   * this leg as an error acknowledgement); a transfer the entry point sends, called by IBC hooks or the Hub's IBC
   * callbacks adapter (after a swap, or an `action`: an IBC v2 packet there, followed by the Eureka tracker); a
   * hand-over to another bridge on the receiving chain (`handover`: a GMP memo to Axelar; port and channel empty),
   * whose tracker starts the next leg (TrackerEnv.handOver); or Noble's Orbiter burning for CCTP in the receiving
   * transaction (`orbiter`; port and channel empty).
   */
  next: { port: string; channel: string; via: 'forward' | 'hooks' | 'handover' | 'orbiter' } | null;
  /** Set once that next transfer has been found and appended as the following leg. */
  next_found: boolean;
  /**
   * An IBC-hooks memo whose entry-point call swaps and sends the output to an account on the receiving chain: what
   * the user holds there once the packet is received (the swap's output, read from the receive transaction).
   */
  swap_out?: AssetAt | null;
}

export interface CctpMessageRef {
  /** 0 for CCTP V1 messages, 1 for V2. */
  version: number;
  source_domain: number;
  destination_domain: number;
  /** V1: decimal uint64; V2: 0x-prefixed bytes32. */
  nonce: string;
  /** keccak256 of the message bytes, 0x-prefixed: the attestation service's key for V1. */
  message_hash: string;
  burn_token: string;
  mint_recipient: string;
  amount: string;
}

export interface CctpLeg {
  kind: 'cctp';
  from_chain_id: string;
  to_chain_id: string;
  state: CctpTransferState;
  send_tx: ChainTransaction;
  receive_tx: ChainTransaction | null;
  message: CctpMessageRef;
  /** The denom the minted USDC has on the destination chain (for transfer_asset_release). */
  dest_denom: string | null;
  /** The burnt token's denom on the source chain. */
  source_denom: string;
  /** EVM destinations: the block the mint search starts from (set at the first look, a margin before the burn). */
  dest_from_block: string | null;
  /**
   * The message as the destination's receiveMessage takes it (0x hex): as emitted by the burn (V1), or as Circle's
   * attestation service returns it with the nonce it assigned (V2). Absent in records written before it was kept.
   */
  message_bytes?: string;
  /** Circle's attestation of the message once complete (0x hex): with message_bytes, the claim on the destination. */
  attestation?: string | null;
  /**
   * Who mints on the destination when nobody was asked to: `relayer` (a destination caller is set, or Circle's
   * Forwarding Service was requested, or the destination's own relayers mint: Noble) or `anyone` (the user claims).
   */
  minter?: 'relayer' | 'anyone';
  /**
   * A mint into a Noble forwarding account Junction's messages named (null: a mint into an ordinary account; absent:
   * not looked up yet). The account sends the USDC on by IBC once registered; the IBC leg follows this one.
   */
  noble_forward?: NobleForward | null;
}

export interface NobleForward {
  address: string;
  channel: string;
  recipient: string;
  fallback: string;
  /** Seen registered on Noble (a ForwardingAccount), by Junction or anyone. */
  registered: boolean;
  /** Junction's registration, once broadcast and accepted into the mempool. */
  registration_tx: ChainTransaction | null;
  /** Why Junction's last registration was refused (the node's CheckTx log). */
  registration_error: string | null;
  /** The forward's packet has been found (the IBC leg after this one). */
  forwarded: boolean;
}

/**
 * An Axelar general message with token (src/bridges/axelar/track.ts): from a Cosmos chain the ICS-20 packet into
 * Axelar carried it (the IBC leg before this one), from an EVM chain the gateway's ContractCallWithToken. Followed
 * through the Axelarscan-compatible GMP API at AXELAR_GMP_API_URL, keyed by the source transaction.
 */
export interface AxelarLeg {
  kind: 'axelar';
  from_chain_id: string;
  to_chain_id: string;
  state: AxelarTransferState;
  send_tx: ChainTransaction;
  gas_paid_tx: ChainTransaction | null;
  confirm_tx: ChainTransaction | null;
  approve_tx: ChainTransaction | null;
  execute_tx: ChainTransaction | null;
  error: { message: string; type: 'CONTRACT_CALL_WITH_TOKEN_EXECUTION_ERROR' } | null;
  /** The hash the GMP API knows the call by (the source transaction). */
  search_hash: string;
  /** What was sent (source chain) and what arrives (destination chain), for transfer_asset_release. */
  sent: AssetAt;
  delivered: AssetAt;
  /** The GMP API's word that the prepaid gas does not cover the execution (someone must add gas). */
  insufficient_fee: boolean;
}

/**
 * A Hyperlane warp transfer (src/bridges/hyperlane/track.ts): the message the source mailbox dispatched, keyed by its
 * id (keccak256 of the message), until the destination mailbox processes it.
 */
export interface HyperlaneLeg {
  kind: 'hyperlane';
  from_chain_id: string;
  to_chain_id: string;
  state: HyperlaneTransferState;
  send_tx: ChainTransaction;
  receive_tx: ChainTransaction | null;
  /** 0x-prefixed 32-byte message id. */
  message_id: string;
  /** The warp router on the destination (EVM: it names its mailbox). */
  dest_router: string;
  sent: AssetAt;
  delivered: AssetAt;
  /** EVM destinations: the block the ProcessId search starts from (set at the first look). */
  dest_from_block: string | null;
}

/**
 * An OFT send over LayerZero V2 (src/bridges/oft/track.ts), for Stargate V2 pools (`stargate`) and LayerZero OFTs
 * (`layer_zero`): the source's OFTSent keyed by the packet's GUID, until the destination OFT's OFTReceived.
 */
export interface OftLeg {
  kind: 'stargate' | 'layer_zero';
  from_chain_id: string;
  to_chain_id: string;
  state: 'SENT' | 'RECEIVED';
  send_tx: ChainTransaction;
  receive_tx: ChainTransaction | null;
  /** 0x-prefixed 32-byte GUID the endpoint assigned. */
  guid: string;
  /** The OFT or pool on the destination that emits OFTReceived. */
  dest_oft: string;
  sent: AssetAt;
  delivered: AssetAt;
  dest_from_block: string | null;
}

/**
 * An IBC v2 (Eureka) packet (src/bridges/eureka/track.ts): sent through the ICS26 router (EVM) or the core channel v2
 * module (Cosmos), keyed by its source client and sequence; received where the destination writes its
 * acknowledgement, then acknowledged or timed out back on the source.
 */
export interface EurekaLeg {
  kind: 'eureka';
  from_chain_id: string;
  to_chain_id: string;
  state: IbcTransferState;
  send_tx: ChainTransaction;
  receive_tx: ChainTransaction | null;
  acknowledge_tx: ChainTransaction | null;
  timeout_tx: ChainTransaction | null;
  error: PacketError | null;
  packet: {
    sequence: string;
    source_client: string;
    dest_client: string;
    /** Unix seconds (IBC v2 counts its timeouts in seconds). */
    timeout_timestamp: string;
    /** The ICS-20 payload's memo (a Hub callback continues the route in the receiving transaction). */
    memo: string;
  };
  ack: 'result' | 'error' | null;
  sent: AssetAt;
  delivered: AssetAt;
  /** The source transaction's block (EVM sources: where the AckPacket / TimeoutPacket search starts). */
  send_height: string;
  /** EVM destinations: the block the WriteAcknowledgement search starts from (set at the first look). */
  dest_from_block: string | null;
  /** Set once the transfer the receiving transaction started onward (an IBC packet) is appended. */
  next_found: boolean;
  /**
   * A Hub callback that swapped and paid the recipient on the Hub (`post_swap_action.transfer`): what it paid, read
   * from the receiving transaction. Absent for other transfers (and legs stored before it existed).
   */
  swap_out?: AssetAt | null;
}

/**
 * An OPinit transfer (src/bridges/opinit/track.ts). Deposit: `initiate_token_deposit` on L1 until the rollup's
 * `finalize_token_deposit` of its L1 sequence. Withdrawal: `initiate_token_withdrawal` on the rollup, the L1 output
 * proposal covering its block, the finalization period, then `finalize_token_withdrawal` of its L2 sequence on L1.
 */
export interface OpinitLeg {
  kind: 'opinit';
  direction: 'deposit' | 'withdrawal';
  from_chain_id: string;
  to_chain_id: string;
  state: OpinitTransferState;
  send_tx: ChainTransaction;
  receive_tx: ChainTransaction | null;
  bridge_id: string;
  /** The deposit's L1 sequence, or the withdrawal's L2 sequence. */
  sequence: string;
  /** The rollup block of a withdrawal (the output proposal must cover it). */
  send_height: string;
  sent: AssetAt;
  delivered: AssetAt;
  /** Withdrawal: the L1 output proposal covering it, and when it may be finalized (epoch ms). */
  output: { index: string; tx: ChainTransaction; claimable_at: number | null } | null;
  /** Withdrawal: the finalization period has passed (it can be claimed on L1). */
  claimable: boolean;
  /**
   * Withdrawal, once claimable: MsgFinalizeTokenWithdrawal ready to sign on L1, built from the rollup's executor
   * proof (OPINIT_EXECUTOR_URLS); absent while the executor is not configured or has no proof yet.
   */
  claim_tx?: { chain_id: string; to: string; data: string } | null;
  /** Deposit: the rollup refused it (`success` false); the rollup sends it back as a withdrawal to claim on L1. */
  failure: {
    reason: string;
    refund_sequence: string | null;
    refund_tx: ChainTransaction | null;
    /** The refund withdrawal's claim on L1, once its output is finalized and the executor has its proof. */
    claim_tx?: { chain_id: string; to: string; data: string } | null;
  } | null;
}

/**
 * A Go Fast order (src/bridges/go-fast/track.ts): the source gateway's OrderSubmitted keyed by the order id, until a
 * solver's fill on the destination gateway, or the order's timeout and the source gateway's OrderRefunded.
 */
export interface GoFastLeg {
  kind: 'go_fast';
  from_chain_id: string;
  to_chain_id: string;
  state: GoFastTransferState;
  order_submitted_tx: ChainTransaction;
  order_filled_tx: ChainTransaction | null;
  order_refunded_tx: ChainTransaction | null;
  /** 0x-prefixed keccak256 of the packed order. */
  order_id: string;
  source_gateway: string;
  dest_gateway: string;
  /** The order's recipient on the destination (bech32): the user, or the entry point when `data` continues. */
  recipient: string;
  /** Unix seconds after which no solver can fill the order and it can be refunded. */
  timeout_timestamp: string;
  /** The source block of the order: the OrderRefunded search starts there. */
  source_block: string;
  /** The order's data as text (the entry point's execute message), '' for a plain payout. */
  data: string;
  /** amountIn of the source gateway's token (what a refund returns). */
  sent: AssetAt;
  /** amountOut of the destination gateway's token (what the fill pays). */
  delivered: AssetAt;
  /** After a fill whose data swaps and pays the user on the destination: the swap's output. */
  swap_out: AssetAt | null;
  /** The IBC channel the entry point sends the funds on over after the fill, when the data asks for it. */
  next_channel: string | null;
  next_found: boolean;
  error_message: string | null;
}

export type Leg = IbcLeg | CctpLeg | AxelarLeg | HyperlaneLeg | OftLeg | GoFastLeg | EurekaLeg | OpinitLeg;

export interface TransferTrack {
  legs: Leg[];
}

export interface InitialTx {
  height: string;
  time: string | null;
  ok: boolean;
  /** Execution failure: the chain's code and log. */
  error: StatusError | null;
  /**
   * Transfers the transaction started that Junction cannot follow (an IBC packet over a channel the registry does
   * not know): the transaction is never reported a success, it is given up at once with what is known.
   */
  unfollowable?: { message: string; release: AssetAt | null }[];
  /**
   * A bridge contract the transaction called or that emitted a log in it, when no transfer was recognised: with
   * `emitted` the bridge did something Junction cannot follow (pending until that bridge's deadline), without it the
   * call sent nothing (an error).
   */
  bridge_contact?: { bridge: string; emitted: boolean; deadline_ms: number } | null;
  /** An EVM call to a contract that emitted no event at all: nothing was transferred. */
  silent_call?: boolean;
}

export interface TrackRecord {
  chain_id: string;
  chain_type: ChainType;
  tx_hash: string;
  explorer_link: string;
  /** Epoch milliseconds of the submit or track call. */
  submitted_at: number;
  initial: InitialTx | null;
  transfers: TransferTrack[];
  /** Epoch milliseconds of the last change seen on chain (abandonment is measured from here). */
  last_progress_at: number;
  abandoned: boolean;
}

export function newRecord(
  chainId: string,
  chainType: ChainType,
  txHash: string,
  explorerLink: string,
  now: number,
): TrackRecord {
  return {
    chain_id: chainId,
    chain_type: chainType,
    tx_hash: txHash,
    explorer_link: explorerLink,
    submitted_at: now,
    initial: null,
    transfers: [],
    last_progress_at: now,
    abandoned: false,
  };
}
