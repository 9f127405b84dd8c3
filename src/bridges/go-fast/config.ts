/**
 * Go Fast facts from the data files: gateways (contracts.json), Hyperlane domains (bridge-domains.json), the USDC each
 * gateway holds (contracts.json cctp.usdc on EVM chains, go-fast.json on Cosmos chains), and the operator-editable
 * terms of data/go-fast.json: solver fee, amount limits, fill times. Read once, on first use.
 */
import { getAddress } from 'viem';
import { readDataFile, type BridgeDomainsFile, type ContractsFile } from '../../registry/data-files.js';

interface GoFastFile {
  fee_bps: number;
  source_chain_fee: Record<string, string>;
  destination_chain_fee: Record<string, string>;
  min_amount_usd: Record<string, number>;
  max_amount_usd: number;
  order_seconds: Record<string, number>;
  destination_token: Record<string, string>;
}

export interface GoFastConfig {
  gateway: ReadonlyMap<string, string>;
  /**
   * Skip's GoFastHandler per EVM chain: its swapAndSubmitOrder swaps through `handlerSwapRouter` and submits the order
   * of the whole output to the gateway, so a swap on the source chain and the order are one transaction.
   */
  handler: ReadonlyMap<string, string>;
  /** The router each handler calls with the swap calldata (its initialize): Skip's SkipGoSwapRouter today. */
  handlerSwapRouter: ReadonlyMap<string, string>;
  domain: ReadonlyMap<string, number>;
  /** The token each gateway holds: native USDC on an EVM source, the USDC voucher on a Cosmos destination. */
  token: ReadonlyMap<string, string>;
  feeBps: bigint;
  sourceFee: ReadonlyMap<string, bigint>;
  destinationFee: ReadonlyMap<string, bigint>;
  /** Amount limits in USDC base units (6 decimals: 1 USD = 10^6). */
  minAmount: (sourceChainId: string) => bigint;
  maxAmount: bigint;
  orderSeconds: ReadonlyMap<string, number>;
}

const USDC_UNIT = 1_000_000n;
let loaded: GoFastConfig | undefined;

export function goFastConfig(): GoFastConfig {
  if (loaded) return loaded;
  const contracts = readDataFile<ContractsFile>('contracts.json');
  const domains = readDataFile<BridgeDomainsFile>('bridge-domains.json').go_fast_domain;
  const file = readDataFile<GoFastFile>('go-fast.json');
  const token = new Map<string, string>(Object.entries(file.destination_token));
  for (const chainId of Object.keys(contracts.go_fast.gateway)) {
    const usdc = contracts.cctp.usdc[chainId];
    if (!token.has(chainId) && usdc && /^0x/.test(usdc)) token.set(chainId, usdc);
  }
  const bigints = (r: Record<string, string>) => new Map(Object.entries(r).map(([k, v]) => [k, BigInt(v)]));
  loaded = {
    // EVM gateways in EIP-55 form (the data file keeps the solver config's lowercase).
    gateway: new Map(Object.entries(contracts.go_fast.gateway).map(([k, v]) => [k, /^0x/.test(v) ? getAddress(v) : v])),
    handler: new Map(Object.entries(contracts.go_fast.handler).map(([k, v]) => [k, getAddress(v)])),
    handlerSwapRouter: new Map(
      Object.entries(contracts.go_fast.handler_swap_router).map(([k, v]) => [k, getAddress(v)]),
    ),
    domain: new Map(Object.entries(domains)),
    token,
    feeBps: BigInt(file.fee_bps),
    sourceFee: bigints(file.source_chain_fee),
    destinationFee: bigints(file.destination_chain_fee),
    minAmount: (chainId) => BigInt(file.min_amount_usd[chainId] ?? file.min_amount_usd._default ?? 0) * USDC_UNIT,
    maxAmount: BigInt(file.max_amount_usd) * USDC_UNIT,
    orderSeconds: new Map(Object.entries(file.order_seconds)),
  };
  return loaded;
}
