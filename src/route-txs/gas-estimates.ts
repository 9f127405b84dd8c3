/**
 * `junction_gas_estimates` of /msgs and /msgs_direct: per transaction to sign, its gas and fee in the chain's gas token
 * and in USD. The gas table (data/gas.json, the figures the route ranking uses, routing/gas/route-gas.ts) gives every
 * estimate; for a caller with an API key, on a chain where the operator configured a node, the node's figures replace
 * the table's part by part (tx/gas-estimate.ts): EVM approvals and call by eth_estimateGas, a Cosmos transaction by
 * simulation. A part the node cannot estimate keeps its table figure and the estimate says why. Solana is priced by
 * the table (fee per signature plus the priority fee).
 */
import type { Registry } from '../registry/registry.js';
import { cosmosGasPrice, evmGasPriceWei, routeGas, type TxGas } from '../routing/gas/route-gas.js';
import type { GasPrices, GasTable } from '../routing/gas/table.js';
import type { PlannedRoute } from '../routing/types.js';
import type { UsdOf } from '../routing/fee-usd.js';
import { Decimal } from '../pricing/index.js';
import type { GasEstimate } from '../wire/gas.js';
import type { Tx } from '../wire/msgs.js';
import type { PartResult } from '../tx/gas-estimate.js';
import { signerOf } from './gas-needs.js';
import { withDeadline } from './gas-warnings.js';

/** The node side, for callers that may use it (API key holders): undefined where no node is configured. */
export interface GasNodes {
  evm?(chainId: string): {
    estimate(tx: Extract<Tx, { evm_tx: unknown }>['evm_tx']): Promise<{ approvals: PartResult[]; call: PartResult }>;
  };
  cosmos?(chainId: string): { simulate(tx: Extract<Tx, { cosmos_tx: unknown }>['cosmos_tx']): Promise<PartResult> };
  solana?(chainId: string): { simulate(tx: Extract<Tx, { svm_tx: unknown }>['svm_tx']): Promise<PartResult> };
  /** Whether the operator configured a node of this chain for estimates. */
  has(chainId: string): boolean;
}

/**
 * The same nodes, each estimate bounded by a deadline: a slow node must not hold up the answer, whose transactions are
 * what the caller came for. A part without an answer in time is a failed part (the table's figure, and the reason).
 */
export function nodesWithDeadline(nodes: GasNodes, ms: number): GasNodes {
  const late = (err: unknown): PartResult => ({ ok: false, reason: (err as Error).message });
  return {
    has: (chainId) => nodes.has(chainId),
    ...(nodes.evm && {
      evm: (chainId: string) => ({
        estimate: (tx: Parameters<ReturnType<NonNullable<GasNodes['evm']>>['estimate']>[0]) =>
          withDeadline(ms, () => nodes.evm!(chainId).estimate(tx)).catch((err: unknown) => ({
            approvals: tx.required_erc20_approvals.map(() => late(err)),
            call: late(err),
          })),
      }),
    }),
    ...(nodes.cosmos && {
      cosmos: (chainId: string) => ({
        simulate: (tx: Parameters<ReturnType<NonNullable<GasNodes['cosmos']>>['simulate']>[0]) =>
          withDeadline(ms, () => nodes.cosmos!(chainId).simulate(tx)).catch(late),
      }),
    }),
    ...(nodes.solana && {
      solana: (chainId: string) => ({
        simulate: (tx: Parameters<ReturnType<NonNullable<GasNodes['solana']>>['simulate']>[0]) =>
          withDeadline(ms, () => nodes.solana!(chainId).simulate(tx)).catch(late),
      }),
    }),
  };
}

type Part = GasEstimate['parts'][number];

const tablePart = (message: string, gas: bigint): Part => ({
  message,
  gas: gas.toString(),
  gas_limit: null,
  basis: 'table',
});
const nodePart = (message: string, r: { gas: bigint; limit?: bigint }): Part => ({
  message,
  gas: r.gas.toString(),
  gas_limit: r.limit === undefined ? null : r.limit.toString(),
  basis: 'node',
});

function basisOf(parts: readonly Part[]): GasEstimate['basis'] {
  const node = parts.filter((p) => p.basis === 'node').length;
  return node === 0 ? 'table' : node === parts.length ? 'node' : 'node_and_table';
}

/** The table's parts of an EVM transaction: each approval the transaction lists, then its call. */
function evmTableParts(table: GasTable, g: TxGas, approvals: number): Part[] {
  const call = g.messages.filter((m) => m !== 'erc20_approve');
  const callGas = g.gas - (g.messages.includes('erc20_approve') ? table.evmGas('erc20_approve') : 0n);
  return [
    ...Array.from({ length: approvals }, () => tablePart('erc20_approve', table.evmGas('erc20_approve'))),
    tablePart(call.join('+') || 'contract_call', callGas),
  ];
}

async function evmEstimate(
  table: GasTable,
  g: TxGas,
  tx: Extract<Tx, { evm_tx: unknown }>['evm_tx'],
  nodes: GasNodes | undefined,
): Promise<{ parts: Part[]; note: string | null }> {
  const parts = evmTableParts(table, g, tx.required_erc20_approvals.length);
  if (!nodes?.evm || !nodes.has(g.chainId))
    return { parts, note: nodes ? 'no node configured for this chain: gas table figures' : null };
  const node = await nodes.evm(g.chainId).estimate(tx);
  const notes: string[] = [];
  node.approvals.forEach((r, i) => {
    if (r.ok) parts[i] = nodePart('erc20_approve', r);
    else notes.push(`approval ${i + 1} from the table: the node could not estimate it (${r.reason})`);
  });
  const call = parts.length - 1;
  if (node.call.ok) parts[call] = nodePart(parts[call]!.message, node.call);
  else if (tx.required_erc20_approvals.length > 0)
    notes.push(
      `the call from the table: the node estimates it against today's state, where the approval it needs is not granted yet (${node.call.reason})`,
    );
  else notes.push(`the call from the table: the node could not estimate it (${node.call.reason})`);
  return { parts, note: notes.length > 0 ? notes.join('; ') : null };
}

async function cosmosEstimate(
  g: TxGas,
  tx: Extract<Tx, { cosmos_tx: unknown }>['cosmos_tx'],
  nodes: GasNodes | undefined,
): Promise<{ parts: Part[]; note: string | null }> {
  const table = [tablePart(g.messages.join('+'), g.gas)];
  if (!nodes?.cosmos || !nodes.has(g.chainId))
    return { parts: table, note: nodes ? 'no node configured for this chain: gas table figures' : null };
  const r = await nodes.cosmos(g.chainId).simulate(tx);
  if (r.ok) return { parts: [nodePart(tx.msgs.map((m) => m.msg_type_url).join('+'), { gas: r.gas })], note: null };
  return { parts: table, note: `from the table: the simulation failed (${r.reason})` };
}

/**
 * Solana: the fee is the table's (a fee per signature plus the priority fee: the route cost counts the same); the
 * node, where asked, simulates the transaction for the compute units it consumes.
 */
async function solanaEstimate(
  txIndex: number,
  g: TxGas,
  tx: Extract<Tx, { svm_tx: unknown }>['svm_tx'],
  nodes: GasNodes | undefined,
  usdOf: UsdOf,
): Promise<GasEstimate> {
  const fee = {
    tx_index: txIndex,
    chain_id: g.chainId,
    gas_limit: null,
    gas_price: null,
    fee_denom: g.feeDenom,
    fee_amount: g.feeAmount.toString(),
    fee_usd: usdOf(g.chainId, g.feeDenom, g.feeAmount) ?? null,
  };
  const table = {
    ...fee,
    basis: 'table' as const,
    gas_unit: 'signatures' as const,
    gas: g.gas.toString(),
    parts: [tablePart('solana_transaction', g.gas)],
  };
  const tableFee = 'the fee per signature plus the priority fee of data/gas.json';
  if (!nodes) return { ...table, note: `${tableFee} (node estimates are for callers with an API key)` };
  if (!nodes.solana || !nodes.has(g.chainId))
    return { ...table, note: `${tableFee}; no node configured for this chain` };
  const r = await nodes.solana(g.chainId).simulate(tx);
  if (!r.ok) return { ...table, note: `${tableFee}; the simulation failed (${r.reason})` };
  return {
    ...fee,
    basis: 'node',
    gas_unit: 'compute_units',
    gas: r.gas.toString(),
    parts: [nodePart('solana_transaction', r)],
    note: `compute units simulated by the node; the fee is ${tableFee}`,
  };
}

const TABLE_ONLY = 'gas table figures (node estimates are for callers with an API key)';

/**
 * Estimates of every transaction of the answer. `nodes` undefined: the caller may not use the nodes (no API key), and
 * every estimate is the table's, labelled as such.
 */
export async function gasEstimates(
  registry: Registry,
  route: Pick<PlannedRoute, 'steps' | 'txIndices'>,
  txs: readonly Tx[],
  table: GasTable,
  usdOf: UsdOf,
  nodes: GasNodes | undefined,
  live?: GasPrices,
): Promise<GasEstimate[]> {
  const priced = routeGas(registry, route, table, live);
  const out = await Promise.all(
    txs.map(async (tx, i): Promise<GasEstimate | undefined> => {
      const g = priced.find((p) => p.txIndex === i);
      // A chain without a gas price has no fee to estimate: left out, as the route's cost leaves it out.
      if (!g || g.chainId !== signerOf(tx).chainId) return undefined;
      if ('svm_tx' in tx) return solanaEstimate(i, g, tx.svm_tx, nodes, usdOf);
      const { parts, note } =
        'evm_tx' in tx ? await evmEstimate(table, g, tx.evm_tx, nodes) : await cosmosEstimate(g, tx.cosmos_tx, nodes);
      const gas = parts.reduce((s, p) => s + BigInt(p.gas), 0n);
      const limits = parts.map((p) => p.gas_limit);
      const gasLimit = limits.every((l) => l !== null) ? limits.reduce((s, l) => s + BigInt(l), 0n) : undefined;
      let price: Decimal;
      if ('evm_tx' in tx) price = Decimal.fromInt(evmGasPriceWei(table, live, g.chainId)!);
      else price = cosmosGasPrice(registry, g.chainId)!.price;
      const fee = BigInt(Decimal.fromInt(gas).mul(price).toFixed(0, 'ceil'));
      return {
        tx_index: i,
        chain_id: g.chainId,
        basis: basisOf(parts),
        gas_unit: 'gas',
        gas: gas.toString(),
        gas_limit: gasLimit === undefined ? null : gasLimit.toString(),
        gas_price: price.toString(),
        fee_denom: g.feeDenom,
        fee_amount: fee.toString(),
        fee_usd: usdOf(g.chainId, g.feeDenom, fee) ?? null,
        parts,
        note: note ?? (nodes ? null : TABLE_ONLY),
      };
    }),
  );
  return out.filter((e): e is GasEstimate => e !== undefined);
}
