/**
 * IBC Eureka facts from the data files: the IBC v2 clients joining Ethereum and the Cosmos Hub and the Ethereum
 * contracts (contracts.json eureka), durations (bridge-durations.json eureka_seconds) and the relaying terms of
 * data/smart-relay-fees.json (fee per token, and the fee recipient per source chain an operator configures).
 * Read once, on first use; `overrideEurekaRelay` lets tests and embedders set relaying terms before a registry is
 * built (lanes are computed per registry).
 */
import { getAddress } from 'viem';
import { readDataFile, type BridgeDurationsFile, type ContractsFile } from '../../registry/data-files.js';

export interface SmartRelayFeesFile {
  cctp: { evm_to_noble: Record<string, string>; noble_to_evm: Record<string, string> };
  eureka: { relay_fee_recipient: Record<string, string | null>; fee: Record<string, Record<string, string>> };
}

export interface EurekaClient {
  chainId: string;
  clientId: string;
  counterpartyChainId: string;
  counterpartyClientId: string;
}

interface EurekaRelay {
  /** Fee recipient per source chain; a lane is offered relayed only where one is set. */
  recipient: ReadonlyMap<string, string>;
  /** Fee per (source chain, token), in the token's base units. */
  fee: (chainId: string, denom: string) => bigint | undefined;
}

export interface EurekaConfig {
  clients: readonly EurekaClient[];
  ics20Transfer: ReadonlyMap<string, string>;
  /** The ICS26 router per EVM chain: it emits the packet events (SendPacket, WriteAcknowledgement, AckPacket...). */
  ics26Router: ReadonlyMap<string, string>;
  handler: ReadonlyMap<string, string>;
  seconds: ReadonlyMap<string, number>;
  relay: EurekaRelay;
}

let loaded: EurekaConfig | undefined;
let relayOverride: SmartRelayFeesFile['eureka'] | undefined;

/** Replaces the Eureka relaying terms of the data file (tests, embedders); undefined restores the file's. */
export function overrideEurekaRelay(terms: SmartRelayFeesFile['eureka'] | undefined): void {
  relayOverride = terms;
  loaded = undefined;
}

function relayOf(terms: SmartRelayFeesFile['eureka']): EurekaRelay {
  const recipient = new Map<string, string>();
  // EVM recipients in EIP-55 form whatever case the file uses (the encoder refuses a wrong checksum).
  for (const [chainId, address] of Object.entries(terms.relay_fee_recipient))
    if (address) recipient.set(chainId, /^0x/.test(address) ? getAddress(address) : address);
  return {
    recipient,
    fee: (chainId, denom) =>
      terms.fee[chainId]?.[denom] !== undefined ? BigInt(terms.fee[chainId][denom]) : undefined,
  };
}

export function eurekaConfig(): EurekaConfig {
  if (loaded) return loaded;
  const contracts = readDataFile<ContractsFile>('contracts.json').eureka;
  const durations = readDataFile<BridgeDurationsFile>('bridge-durations.json');
  const terms = relayOverride ?? readDataFile<SmartRelayFeesFile>('smart-relay-fees.json').eureka;
  const evm = (r: Record<string, string>) => new Map(Object.entries(r).map(([k, v]) => [k, getAddress(v)]));
  loaded = {
    clients: contracts.clients.map((c) => ({
      chainId: c.chain_id,
      clientId: c.client_id,
      counterpartyChainId: c.counterparty_chain_id,
      counterpartyClientId: c.counterparty_client_id,
    })),
    ics20Transfer: evm(contracts.ics20_transfer),
    ics26Router: evm(contracts.ics26_router),
    handler: evm(contracts.skip_handler),
    seconds: new Map(Object.entries(durations.eureka_seconds ?? {})),
    relay: relayOf(terms),
  };
  return loaded;
}
