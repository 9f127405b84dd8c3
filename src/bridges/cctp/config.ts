/**
 * CCTP facts from the project's data files: Circle domains (bridge-domains.json), USDC and contract addresses
 * (contracts.json), attestation times (bridge-durations.json). Read once, on first use.
 */
import { readDataFile, type BridgeDomainsFile, type BridgeDurationsFile, type ContractsFile } from '../../registry/data-files.js';

export interface CctpConfig {
  /** Circle domain per Junction chain id (CCTP V1). */
  domain: ReadonlyMap<string, number>;
  /** USDC denom per chain: ERC-20 address, `uusdc` on Noble, the SPL mint on Solana. */
  usdc: ReadonlyMap<string, string>;
  /** TokenMessenger (V1) per EVM chain: the contract the user's wallet calls, and the ERC-20 spender. */
  tokenMessenger: ReadonlyMap<string, string>;
  solana: ContractsFile['cctp']['solana'];
  attestationSeconds: ReadonlyMap<string, number>;
  mintSeconds: number;
}

let loaded: CctpConfig | undefined;

export function cctpConfig(): CctpConfig {
  if (loaded) return loaded;
  const contracts = readDataFile<ContractsFile>('contracts.json').cctp;
  const domains = readDataFile<BridgeDomainsFile>('bridge-domains.json').cctp_domain;
  const durations = readDataFile<BridgeDurationsFile>('bridge-durations.json');
  loaded = {
    domain: new Map(Object.entries(domains)),
    usdc: new Map(Object.entries(contracts.usdc)),
    tokenMessenger: new Map(Object.entries(contracts.token_messenger_v1)),
    solana: contracts.solana,
    attestationSeconds: new Map(Object.entries(durations.cctp_attestation_seconds)),
    mintSeconds: durations.cctp_mint_seconds,
  };
  return loaded;
}
