/**
 * CCTP V2 facts from the project's data files: Circle's V2 domains (bridge-domains.json cctp_v2_domain), USDC and the
 * V2 contracts (contracts.json cctp), and Circle's fee model and attestation times (cctp-v2.json). Read once.
 */
import {
  readDataFile,
  type BridgeDomainsFile,
  type CctpV2File,
  type ContractsFile,
} from '../../registry/data-files.js';

export interface CctpV2Config {
  /** Circle V2 domain per Junction chain id. */
  domain: ReadonlyMap<string, number>;
  /** USDC per chain: ERC-20 address, or the SPL mint on Solana. */
  usdc: ReadonlyMap<string, string>;
  /** TokenMessengerV2 and MessageTransmitterV2: one CREATE2 address on every EVM chain. */
  tokenMessenger: string;
  messageTransmitter: string;
  solana: ContractsFile['cctp']['solana'];
  /** Fast Transfer fee per source chain in parts per million; a source without one has no Fast Transfer. */
  fastFeePpm: ReadonlyMap<string, bigint>;
  standardFeePpm: ReadonlyMap<string, bigint>;
  maxFeeMarginPercent: bigint;
  fastSeconds: ReadonlyMap<string, number>;
  standardSeconds: ReadonlyMap<string, number>;
  mintSeconds: number;
  /** Circle's Forwarding Service fee per destination (USDC base units): destinations where Circle mints itself. */
  forwardFee: ReadonlyMap<string, bigint>;
}

let loaded: CctpV2Config | undefined;

export function cctpV2Config(): CctpV2Config {
  if (loaded) return loaded;
  const contracts = readDataFile<ContractsFile>('contracts.json').cctp;
  const domains = readDataFile<BridgeDomainsFile>('bridge-domains.json').cctp_v2_domain;
  const fees = readDataFile<CctpV2File>('cctp-v2.json');
  const bigints = (r: Record<string, number | string>) =>
    new Map(Object.entries(r).map(([k, v]) => [k, BigInt(v)] as const));
  loaded = {
    domain: new Map(Object.entries(domains)),
    usdc: new Map(Object.entries(contracts.usdc)),
    tokenMessenger: contracts.token_messenger_v2,
    messageTransmitter: contracts.message_transmitter_v2,
    solana: contracts.solana,
    fastFeePpm: bigints(fees.fast_fee_ppm),
    standardFeePpm: bigints(fees.standard_fee_ppm),
    maxFeeMarginPercent: BigInt(fees.max_fee_margin_percent),
    fastSeconds: new Map(Object.entries(fees.fast_attestation_seconds)),
    standardSeconds: new Map(Object.entries(fees.standard_attestation_seconds)),
    mintSeconds: fees.mint_seconds,
    forwardFee: bigints(fees.forward_fee),
  };
  return loaded;
}
