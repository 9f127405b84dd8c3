/**
 * The gas fields of a /msgs or /msgs_direct answer, beside its transactions: `junction_gas_estimates` always
 * (gas-estimates.ts), and with `enable_gas_warnings` Skip's `warning` and `junction_gas_checks` (gas-needs.ts,
 * gas-warnings.ts). The chain side is handed in (tx/gas-services.ts); without it (a service with no chain clients)
 * every balance is unreadable and every estimate the table's.
 */
import type { PriceSource } from '../pricing/index.js';
import type { Registry } from '../registry/registry.js';
import { usdOfPrices } from '../routing/fee-usd.js';
import { gasTable, type GasTable } from '../routing/gas/table.js';
import type { PlannedRoute } from '../routing/types.js';
import type { GasCheck, GasEstimate, MsgsWarning } from '../wire/gas.js';
import type { Tx } from '../wire/msgs.js';
import { gasEstimates, nodesWithDeadline, type GasNodes } from './gas-estimates.js';
import { gasNeeds } from './gas-needs.js';
import { gasWarnings, type GasBalanceReader } from './gas-warnings.js';
import type { CallerTier } from './revenue-share.js';

/** Balances and node estimates of the chains (tx/gas-services.ts). */
export interface GasChainAccess {
  balanceReader(prices: PriceSource): GasBalanceReader;
  nodes: GasNodes;
}

export interface GasContext {
  chains?: GasChainAccess;
  /** How long a gas balance (or a node's estimate) may take before the chain is reported unreadable (or the table used). */
  balanceTimeoutMs: number;
  /** The gas table (data/gas.json unless a test gives its own). */
  table?: GasTable;
}

/** A short deadline: the warning must not hold up the answer for a slow node. */
export const GAS_BALANCE_TIMEOUT_MS = 3_000;

export interface GasFields {
  warning?: MsgsWarning;
  junction_gas_checks?: GasCheck[];
  junction_gas_estimates: GasEstimate[];
}

const NO_NODES: GasNodes = { has: () => false };

const noClients: GasBalanceReader = async () => {
  throw new Error('this service has no chain clients');
};

export async function gasFields(
  gas: GasContext | undefined,
  registry: Registry,
  route: PlannedRoute,
  txs: readonly Tx[],
  addresses: ReadonlyMap<string, string>,
  prices: PriceSource,
  nowMs: number,
  o: {
    enableWarnings: boolean;
    tier: CallerTier;
    /** Called with the number of chains before their gas balances are read (the anonymous rate limit charges them). */
    beforeBalanceReads?: (chains: number) => Promise<void>;
  },
): Promise<GasFields> {
  const table = gas?.table ?? gasTable();
  const usdOf = usdOfPrices(registry, prices, nowMs);
  // A key holder on a service without chain clients: every chain is one without a configured node.
  const timeoutMs = gas?.balanceTimeoutMs ?? GAS_BALANCE_TIMEOUT_MS;
  const nodes = o.tier === 'key' ? nodesWithDeadline(gas?.chains?.nodes ?? NO_NODES, timeoutMs) : undefined;
  const needs = o.enableWarnings ? gasNeeds(registry, route, txs, addresses, table) : undefined;
  if (needs) await o.beforeBalanceReads?.(needs.length);
  const [estimates, warnings] = await Promise.all([
    gasEstimates(registry, route, txs, table, usdOf, nodes),
    needs
      ? gasWarnings(
          registry,
          needs,
          gas?.chains?.balanceReader(prices) ?? noClients,
          timeoutMs,
          route.dest.wire.chain_id,
        )
      : undefined,
  ]);
  return {
    ...(warnings?.warning ? { warning: warnings.warning } : {}),
    ...(warnings ? { junction_gas_checks: warnings.checks } : {}),
    junction_gas_estimates: estimates,
  };
}
