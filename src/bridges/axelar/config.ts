/**
 * Axelar facts from the project's data files: per-asset tokens, gateway symbols, the GMP fee a Cosmos source pays in
 * its memo (in the asset), the GMP gas payment an EVM source pays the gas service (in native gas) and durations
 * (data/axelar.json), gateway / gas service / GMP account / Skip handler addresses (contracts.json `axelar`) and
 * Axelar's chain names (bridge-domains.json `axelar_chain_name`). Read once, on first use.
 */
import { readDataFile, type BridgeDomainsFile, type ContractsFile } from '../../registry/data-files.js';

interface AxelarToken {
  address: string;
  /** The gateway's symbol for this token (sendToken / callContractWithToken identify tokens by symbol). */
  symbol: string;
}

/** Where a GMP call executes: prices differ on Ethereum, on other EVM chains and for a Cosmos delivery. */
export type AxelarChainKind = 'ethereum' | 'evm' | 'cosmos';

export interface AxelarAsset {
  /** The asset's denom on Axelar (`uusdc`, `weth-wei`): Skip's `asset` field. */
  denom: string;
  tokens: ReadonlyMap<string, AxelarToken>;
  /**
   * What a GMP call with token from a Cosmos chain pays Axelar's gas receiver (the memo's `fee`, out of the amount) to
   * execute on an EVM destination of each kind, in the asset's base units.
   */
  gmpFee: { ethereum: bigint; evm: bigint };
  /** Where the asset can also arrive as the chain's native token (WETH → ETH). */
  unwrap?: { chainId: string; nativeDenom: string };
}

interface AxelarFile {
  assets: Record<
    string,
    {
      tokens: Record<string, AxelarToken>;
      gmp_fee: { ethereum: string; evm: string };
      unwrap?: { chain_id: string; native_denom: string };
    }
  >;
  gmp_gas_payment: Record<string, Partial<Record<AxelarChainKind, string>>>;
  confirmation_seconds: Record<string, number>;
  cosmos_confirmation_seconds: number;
  relay_seconds: number;
}

export interface AxelarConfig {
  assets: readonly AxelarAsset[];
  chainName: ReadonlyMap<string, string>;
  gateway: ReadonlyMap<string, string>;
  gasService: string;
  /** Axelar's GMP account: an ICS-20 packet sent to it with a GMP memo is a cross-chain call (§6.1). */
  gmpAccount: string;
  /** Axelar's gas receiver, paid in the memo's `fee` for relayed execution. */
  gasReceiver: string;
  /**
   * Skip's AxelarHandler per EVM chain: on a source chain the contract that pays the gas service and calls the gateway
   * in one transaction (gmpTransferERC20Token); on a destination the contract Axelar executes with the tokens
   * (executeWithToken), which sends them on to the recipient (SendToken) or unwraps them (SendNative).
   */
  handler: ReadonlyMap<string, string>;
  /**
   * The swap router each handler calls (set by its owner): where it is the chain's Uniswap SwapRouter02, the handler
   * can swap before the transfer and on arrival with SwapRouter02 calldata (lanes' swapsBefore / carriesNext).
   */
  handlerSwapRouter: ReadonlyMap<string, string>;
  /** Skip's SkipGoSwapRouter per chain (Uniswap V2 and V3 adapters): a handler calling it takes its swapExactIn. */
  skipGoSwapRouter: ReadonlyMap<string, string>;
  /** Native gas (source chain wei) a GMP call with token from the chain pays, by kind of destination: an estimate. */
  gmpGasPayment: ReadonlyMap<string, ReadonlyMap<AxelarChainKind, bigint>>;
  confirmationSeconds: ReadonlyMap<string, number>;
  cosmosConfirmationSeconds: number;
  relaySeconds: number;
}

let loaded: AxelarConfig | undefined;

export function axelarConfig(): AxelarConfig {
  if (loaded) return loaded;
  const file = readDataFile<AxelarFile>('axelar.json');
  const contracts = readDataFile<ContractsFile>('contracts.json').axelar;
  const names = readDataFile<BridgeDomainsFile>('bridge-domains.json').axelar_chain_name;
  loaded = {
    assets: Object.entries(file.assets).map(([denom, a]) => ({
      denom,
      tokens: new Map(Object.entries(a.tokens)),
      gmpFee: { ethereum: BigInt(a.gmp_fee.ethereum), evm: BigInt(a.gmp_fee.evm) },
      ...(a.unwrap ? { unwrap: { chainId: a.unwrap.chain_id, nativeDenom: a.unwrap.native_denom } } : {}),
    })),
    chainName: new Map(Object.entries(names)),
    gateway: new Map(Object.entries(contracts.gateway)),
    gasService: contracts.gas_service,
    gmpAccount: contracts.gmp_account,
    gasReceiver: contracts.gas_receiver,
    handler: new Map(Object.entries(contracts.skip_handler)),
    handlerSwapRouter: new Map(Object.entries(contracts.skip_handler_swap_router)),
    skipGoSwapRouter: new Map(Object.entries(contracts.skip_go_swap_router)),
    gmpGasPayment: new Map(
      Object.entries(file.gmp_gas_payment).map(([c, byKind]) => [
        c,
        new Map(Object.entries(byKind).map(([kind, wei]) => [kind as AxelarChainKind, BigInt(wei)])),
      ]),
    ),
    confirmationSeconds: new Map(Object.entries(file.confirmation_seconds)),
    cosmosConfirmationSeconds: file.cosmos_confirmation_seconds,
    relaySeconds: file.relay_seconds,
  };
  return loaded;
}

/** Axelar's own chain id (its hub, `Axelarnet`). */
export const AXELAR_CHAIN_ID = 'axelar-dojo-1';
