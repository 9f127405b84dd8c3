/**
 * The gas a route costs its user: for every transaction the user signs, the messages it carries (an ERC-20 approval
 * and the bridge's call on an EVM chain, an ICS-20 transfer or an entry-point call on a Cosmos chain...) priced in the
 * chain's gas token, and for a transfer the user must claim on arrival (an unrelayed CCTP burn to an EVM chain or
 * Solana), the claim's gas on the destination. Pure: the gas table and live prices are arguments.
 *
 * Which messages a transaction carries follows from its first step, the way the message builder (src/messages) builds
 * it: the rest of a transaction rides in memos and post-swap actions, which cost the receiving chains' relayers, not
 * the user.
 */
import type { Registry } from '../../registry/registry.js';
import { stepDenomIn, stepFrom, type PlannedRoute, type Step } from '../types.js';
import type { CosmosMessageKind, EvmMessageKind, GasPrices, GasTable } from './table.js';
import { Decimal } from '../../pricing/index.js';
import { laneNeedsClaim } from '../claims.js';
import { liveGasPriceWei } from './live-gas.js';

export interface TxGas {
  /** Transaction index in the route, or undefined for a claim on arrival. */
  txIndex: number | undefined;
  chainId: string;
  messages: readonly string[];
  /** Gas units (EVM, Cosmos) or signatures (Solana). */
  gas: bigint;
  /** What the transaction pays, in base units of feeDenom on chainId. */
  feeDenom: string;
  feeAmount: bigint;
}

const EVM_BRIDGE_CALL: Partial<Record<string, EvmMessageKind>> = {
  CCTP: 'cctp_deposit_for_burn',
  // V2's depositForBurn (with its fee and finality threshold) does the same work as V1's measured one.
  CCTP_V2: 'cctp_deposit_for_burn',
  AXELAR: 'axelar_gmp_transfer',
  GO_FAST: 'go_fast_submit_order',
  EUREKA: 'eureka_send_transfer',
  STARGATE: 'stargate_send',
  LAYER_ZERO: 'layer_zero_send',
  HYPERLANE: 'hyperlane_transfer_remote',
};

/** The chain's gas token on the wire: `<chain_name>-native` for EVM chains and Solana (wire format section 4.1). */
const nativeDenom = (chainName: string) => `${chainName}-native`;

function evmMessages(step: Step): EvmMessageKind[] {
  const out: EvmMessageKind[] = [];
  // An ERC-20 leaves the wallet through an allowance first; the chain's own token is sent as value.
  if (!stepDenomIn(step).endsWith('-native')) out.push('erc20_approve');
  if (step.kind === 'swap') out.push('evm_swap');
  else if (step.kind === 'bridge') {
    const relayed = step.lane.bridge === 'CCTP' && (step.lane as { relayed?: boolean }).relayed === true;
    out.push(relayed ? 'cctp_relayed_deposit_for_burn' : (EVM_BRIDGE_CALL[step.lane.bridge] ?? 'contract_call'));
  } else out.push('contract_call');
  return out;
}

function cosmosMessage(step: Step): CosmosMessageKind {
  if (step.kind === 'transfer') return 'ibc_transfer';
  if (step.kind === 'swap') return 'wasm_execute';
  if (step.lane.bridge === 'CCTP' || step.lane.bridge === 'CCTP_V2') return 'cctp_deposit_for_burn';
  // Axelar, Eureka and Go Fast leave a Cosmos chain by an ICS-20 transfer with a memo.
  if (step.lane.bridge === 'AXELAR' || step.lane.bridge === 'EUREKA' || step.lane.bridge === 'GO_FAST')
    return 'ibc_transfer';
  return 'contract_call';
}

/** The registry's average gas price of the chain's first priced fee asset. */
export function cosmosGasPrice(registry: Registry, chainId: string): { denom: string; price: Decimal } | undefined {
  const fee = registry.chain(chainId)?.wire.fee_assets.find((f) => f.gas_price !== null);
  const price = fee?.gas_price ? Decimal.tryParse(fee.gas_price.average) : undefined;
  return fee && price ? { denom: fee.denom, price } : undefined;
}

/** An EVM chain's gas price in wei: live (argument, then the refresher's), else data/gas.json's; undefined if none. */
export function evmGasPriceWei(table: GasTable, live: GasPrices | undefined, chainId: string): bigint | undefined {
  return live?.get(chainId) ?? liveGasPriceWei(chainId) ?? table.evmGasPriceWei(chainId);
}

function txGasOn(
  registry: Registry,
  table: GasTable,
  live: GasPrices | undefined,
  chainId: string,
  step: Step,
  txIndex: number | undefined,
): TxGas | undefined {
  const chain = registry.chain(chainId)?.wire;
  if (!chain) return undefined;
  if (chain.chain_type === 'evm') {
    const messages = evmMessages(step);
    const gas = messages.reduce((s, m) => s + table.evmGas(m), 0n);
    const price = evmGasPriceWei(table, live, chainId);
    if (price === undefined) return undefined;
    return { txIndex, chainId, messages, gas, feeDenom: nativeDenom(chain.chain_name), feeAmount: gas * price };
  }
  if (chain.chain_type === 'svm') {
    return {
      txIndex,
      chainId,
      messages: ['solana_transaction'],
      gas: 1n,
      feeDenom: nativeDenom(chain.chain_name),
      feeAmount: table.solanaTxLamports,
    };
  }
  const message = cosmosMessage(step);
  const gas = table.cosmosGas(message);
  const price = cosmosGasPrice(registry, chainId);
  if (!price) return undefined;
  const fee = Decimal.fromInt(gas).mul(price.price);
  // Round up: a wallet pays whole base units.
  const units = BigInt(fee.toFixed(0, 'ceil'));
  return { txIndex, chainId, messages: [message], gas, feeDenom: price.denom, feeAmount: units };
}

/** The claim a step leaves to its recipient: an unrelayed CCTP burn to an EVM chain or Solana is minted by them. */
function claimOf(registry: Registry, table: GasTable, live: GasPrices | undefined, step: Step): TxGas | undefined {
  if (step.kind !== 'bridge' || !laneNeedsClaim(registry, step.lane)) return undefined;
  const to = registry.chain(step.lane.toChainId)?.wire;
  if (!to) return undefined;
  if (to.chain_type === 'svm')
    return {
      txIndex: undefined,
      chainId: to.chain_id,
      messages: ['cctp_receive_message'],
      gas: 1n,
      feeDenom: nativeDenom(to.chain_name),
      feeAmount: table.solanaTxLamports,
    };
  const price = evmGasPriceWei(table, live, to.chain_id);
  if (price === undefined) return undefined;
  const gas = table.evmGas('cctp_receive_message');
  return {
    txIndex: undefined,
    chainId: to.chain_id,
    messages: ['cctp_receive_message'],
    gas,
    feeDenom: nativeDenom(to.chain_name),
    feeAmount: gas * price,
  };
}

/**
 * Gas of every transaction the user signs and of every claim, in the order they happen. A transaction on a chain the
 * table cannot price (no gas price known) is left out: it counts as free rather than guessed.
 */
export function routeGas(
  registry: Registry,
  route: Pick<PlannedRoute, 'steps' | 'txIndices'>,
  table: GasTable,
  live?: GasPrices,
): TxGas[] {
  const out: TxGas[] = [];
  route.steps.forEach((step, i) => {
    const tx = route.txIndices[i]!;
    if (i === 0 || tx !== route.txIndices[i - 1]) {
      const g = txGasOn(registry, table, live, stepFrom(step), step, tx);
      if (g) out.push(g);
    }
    const claim = claimOf(registry, table, live, step);
    if (claim) out.push(claim);
  });
  return out;
}
