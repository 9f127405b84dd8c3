/**
 * CCTP facts from the project's data files: Circle domains (bridge-domains.json), USDC and contract addresses
 * (contracts.json), attestation times (bridge-durations.json), relaying fees (smart-relay-fees.json). Read once, on first use.
 */
import type { SmartRelayFeesFile } from '../eureka/config.js';
import {
  readDataFile,
  type BridgeDomainsFile,
  type BridgeDurationsFile,
  type ContractsFile,
} from '../../registry/data-files.js';

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
  /** Smart relaying (data/smart-relay-fees.json, contracts.json): into Noble from an EVM chain, and out of Noble. */
  relay: {
    /** Skip's CCTPRelayer per EVM chain (pulls amount + fee, burns amount with Noble's relayer as caller). */
    relayer: ReadonlyMap<string, string>;
    /**
     * The router each relayer's swapAndRequestCCTPTransferWithCaller calls with the swap calldata it is given (its
     * setSwapRouter): Skip's SkipGoSwapRouter on every chain today, whose entry is swapExactIn over adapter hops.
     */
    relayerSwapRouter: ReadonlyMap<string, string>;
    evmToNobleFee: ReadonlyMap<string, bigint>;
    nobleToEvmFee: ReadonlyMap<string, bigint>;
    /** Noble's relayer: the destinationCaller of a relayed burn into Noble, and the receiver of fees paid on Noble. */
    nobleFeeReceiver: string;
    /** The EVM relayer that mints a relayed burn from Noble (its destination_caller). */
    evmCaller: string;
    /** Noble's Orbiter module account, which burns what an ICS-20 packet with an `orbiter` memo brings it. */
    nobleOrbiter: string | undefined;
  };
}

let loaded: CctpConfig | undefined;

export function cctpConfig(): CctpConfig {
  if (loaded) return loaded;
  const contracts = readDataFile<ContractsFile>('contracts.json').cctp;
  const domains = readDataFile<BridgeDomainsFile>('bridge-domains.json').cctp_domain;
  const durations = readDataFile<BridgeDurationsFile>('bridge-durations.json');
  const relayFees = readDataFile<SmartRelayFeesFile>('smart-relay-fees.json').cctp;
  const bigints = (r: Record<string, string>) => new Map(Object.entries(r).map(([k, v]) => [k, BigInt(v)]));
  loaded = {
    domain: new Map(Object.entries(domains)),
    usdc: new Map(Object.entries(contracts.usdc)),
    tokenMessenger: new Map(Object.entries(contracts.token_messenger_v1)),
    solana: contracts.solana,
    attestationSeconds: new Map(Object.entries(durations.cctp_attestation_seconds)),
    mintSeconds: durations.cctp_mint_seconds,
    relay: {
      relayer: new Map(Object.entries(contracts.skip_relayer)),
      relayerSwapRouter: new Map(Object.entries(contracts.skip_relayer_swap_router)),
      evmToNobleFee: bigints(relayFees.evm_to_noble),
      nobleToEvmFee: bigints(relayFees.noble_to_evm),
      nobleFeeReceiver: contracts.noble_relay_fee_receiver,
      evmCaller: contracts.noble_relayer_evm_caller,
      nobleOrbiter: contracts.noble_orbiter ?? undefined,
    },
  };
  return loaded;
}
