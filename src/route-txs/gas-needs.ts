/**
 * What gas a route's user needs, chain by chain, for the gas warnings of /msgs and /msgs_direct: the fees of the
 * transactions they sign there and of a claim they must make there (routing/gas/route-gas.ts, the gas table × the gas
 * price the route ranking uses), and on the destination, where they sign nothing, the fee of one ordinary transaction
 * so that the funds can be moved on (what Skip's INSUFFICIENT_GAS_AT_DEST_EOA warns about). Pure.
 */
import type { Registry } from '../registry/registry.js';
import { cosmosGasPrice, evmGasPriceWei, routeGas } from '../routing/gas/route-gas.js';
import type { GasPrices, GasTable } from '../routing/gas/table.js';
import type { PlannedRoute } from '../routing/types.js';
import { Decimal } from '../pricing/index.js';
import type { Tx } from '../wire/msgs.js';

type GasPurpose = 'transactions' | 'claim' | 'arrival';

export interface GasNeed {
  chainId: string;
  address: string;
  neededFor: GasPurpose[];
  txIndices: number[];
  /** The gas token the need is counted in (and the balance read in). */
  feeDenom: string;
  /** Base units of feeDenom; undefined when some fee on the chain cannot be priced (no gas price known). */
  required: bigint | undefined;
}

/** The signer of a wire transaction. */
export function signerOf(tx: Tx): { chainId: string; address: string } {
  if ('cosmos_tx' in tx) return { chainId: tx.cosmos_tx.chain_id, address: tx.cosmos_tx.signer_address };
  if ('evm_tx' in tx) return { chainId: tx.evm_tx.chain_id, address: tx.evm_tx.signer_address };
  return { chainId: tx.svm_tx.chain_id, address: tx.svm_tx.signer_address };
}

/** The gas token a chain's fees are counted in: `<name>-native` on EVM and Solana, the first fee asset on Cosmos. */
function gasDenomOf(registry: Registry, chainId: string): string {
  const chain = registry.chain(chainId)!.wire;
  if (chain.chain_type !== 'cosmos') return `${chain.chain_name}-native`;
  return cosmosGasPrice(registry, chainId)?.denom ?? chain.fee_assets[0]?.denom ?? '';
}

/**
 * The fee of one ordinary transaction on a chain: a bank send on Cosmos; on EVM an ERC-20 call of one storage write,
 * for which the table's approval figure stands (a transfer writes as much as an approval); one Solana transaction.
 */
function oneTransactionFee(
  registry: Registry,
  table: GasTable,
  live: GasPrices | undefined,
  chainId: string,
): bigint | undefined {
  const chain = registry.chain(chainId)!.wire;
  if (chain.chain_type === 'svm') return table.solanaTxLamports;
  if (chain.chain_type === 'evm') {
    const price = evmGasPriceWei(table, live, chainId);
    return price === undefined ? undefined : table.evmGas('erc20_approve') * price;
  }
  const price = cosmosGasPrice(registry, chainId);
  if (!price) return undefined;
  return BigInt(Decimal.fromInt(table.cosmosGas('bank_send')).mul(price.price).toFixed(0, 'ceil'));
}

export function gasNeeds(
  registry: Registry,
  route: Pick<PlannedRoute, 'steps' | 'txIndices' | 'dest'>,
  txs: readonly Tx[],
  addresses: ReadonlyMap<string, string>,
  table: GasTable,
  live?: GasPrices,
): GasNeed[] {
  const needs = new Map<string, GasNeed>();
  const need = (chainId: string, address: string): GasNeed => {
    const key = `${chainId}\u0000${address}`;
    let n = needs.get(key);
    if (!n) {
      n = { chainId, address, neededFor: [], txIndices: [], feeDenom: gasDenomOf(registry, chainId), required: 0n };
      needs.set(key, n);
    }
    return n;
  };
  const add = (n: GasNeed, purpose: GasPurpose, amount: bigint | undefined) => {
    if (!n.neededFor.includes(purpose)) n.neededFor.push(purpose);
    n.required = n.required === undefined || amount === undefined ? undefined : n.required + amount;
  };

  const priced = routeGas(registry, route, table, live);
  txs.forEach((tx, i) => {
    const { chainId, address } = signerOf(tx);
    const n = need(chainId, address);
    n.txIndices.push(i);
    // routeGas leaves out a transaction it cannot price: the need is then unknown, never taken as zero.
    const fee = priced.find((g) => g.txIndex === i);
    add(n, 'transactions', fee && fee.feeDenom === n.feeDenom ? fee.feeAmount : undefined);
  });
  for (const claim of priced.filter((g) => g.txIndex === undefined)) {
    const address = addresses.get(claim.chainId);
    if (address) add(need(claim.chainId, address), 'claim', claim.feeAmount);
  }

  const dest = route.dest.wire.chain_id;
  const destAddress = addresses.get(dest);
  const signsThere = [...needs.values()].some((n) => n.chainId === dest);
  // Funds arriving as the gas token pay their own way on: nothing to warn about.
  if (destAddress && !signsThere && route.dest.wire.denom !== gasDenomOf(registry, dest))
    add(need(dest, destAddress), 'arrival', oneTransactionFee(registry, table, live, dest));
  return [...needs.values()];
}
