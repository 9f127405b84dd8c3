/**
 * `enable_gas_warnings` of /msgs and /msgs_direct: the user's gas balance is read on every chain of gas-needs.ts, in
 * parallel and each within a short deadline, and compared with what the chain needs. A chain whose balance cannot be
 * read in time (no node, node down, slow) is reported as unreadable, never guessed; one without a gas price as
 * unpriced. The result is Skip's `warning` (one `{type, message}`: the first shortfall names the type, the message
 * lists them all) and Junction's `junction_gas_checks` (every check).
 */
import type { Registry } from '../registry/registry.js';
import { Decimal } from '../pricing/index.js';
import type { GasCheck, MsgsWarning } from '../wire/gas.js';
import type { GasNeed } from './gas-needs.js';

/** Reads one balance (base units of denom); rejects when the chain cannot be read. */
export type GasBalanceReader = (
  chainId: string,
  address: string,
  denom: string,
  signal: AbortSignal,
) => Promise<bigint>;

export interface GasWarnings {
  warning?: MsgsWarning;
  checks: GasCheck[];
}

class Timeout extends Error {}

/** The call's answer, or a rejection (Timeout) once the deadline passes (its signal is aborted then). */
export async function withDeadline<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ctl = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctl.abort();
      reject(new Timeout(`no answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([run(ctl.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** An amount in whole tokens with its symbol where the registry knows the asset ("0.0021 ETH"), else base units. */
function shown(registry: Registry, chainId: string, denom: string, amount: bigint): string {
  const asset = registry.asset(chainId, denom)?.wire;
  if (!asset || asset.decimals == null) return `${amount} ${denom}`;
  return `${Decimal.of(amount, asset.decimals).toString()} ${asset.recommended_symbol ?? asset.symbol}`;
}

/** What the gas pays for, as the subject of "need(s) about …". */
function whatFor(n: GasNeed): { what: string; verb: string } {
  const words = n.neededFor.map((p) =>
    p === 'transactions'
      ? n.txIndices.length === 1
        ? 'the transaction to sign there'
        : 'the transactions to sign there'
      : p === 'claim'
        ? 'the claim to make there'
        : 'one transaction to move the funds on',
  );
  const plural = words.length > 1 || (n.neededFor[0] === 'transactions' && n.txIndices.length > 1);
  return { what: words.join(' and '), verb: plural ? 'need' : 'needs' };
}

async function check(registry: Registry, read: GasBalanceReader, timeoutMs: number, n: GasNeed): Promise<GasCheck> {
  const base = {
    chain_id: n.chainId,
    address: n.address,
    needed_for: n.neededFor,
    tx_indices: n.txIndices,
    fee_denom: n.feeDenom,
    required_amount: n.required === undefined ? null : n.required.toString(),
  };
  const name = registry.chain(n.chainId)?.wire.pretty_name ?? n.chainId;
  const { what, verb } = whatFor(n);
  let balance: bigint;
  try {
    if (!n.feeDenom) throw new Error('the chain lists no fee asset');
    balance = await withDeadline(timeoutMs, (signal) => read(n.chainId, n.address, n.feeDenom, signal));
  } catch (err) {
    const why = err instanceof Timeout ? err.message : (err as Error).message;
    return {
      ...base,
      balance: null,
      shortfall: null,
      status: 'unreadable',
      message: `could not read the gas balance of ${n.address} on ${name} (${n.chainId}): ${why}; it was not checked`,
    };
  }
  if (n.required === undefined)
    return {
      ...base,
      balance: balance.toString(),
      shortfall: null,
      status: 'unpriced',
      message: `no gas price is known for ${name} (${n.chainId}): the balance of ${shown(registry, n.chainId, n.feeDenom, balance)} was not compared`,
    };
  const held = shown(registry, n.chainId, n.feeDenom, balance);
  const needed = shown(registry, n.chainId, n.feeDenom, n.required);
  if (balance >= n.required)
    return {
      ...base,
      balance: balance.toString(),
      shortfall: null,
      status: 'enough',
      message: `${n.address} holds ${held} on ${name} (${n.chainId}); ${what} ${verb} about ${needed}`,
    };
  const short = n.required - balance;
  return {
    ...base,
    balance: balance.toString(),
    shortfall: short.toString(),
    status: 'insufficient',
    message: `${n.address} holds ${held} on ${name} (${n.chainId}), ${what} ${verb} about ${needed}: short by ${shown(registry, n.chainId, n.feeDenom, short)}`,
  };
}

export async function gasWarnings(
  registry: Registry,
  needs: readonly GasNeed[],
  read: GasBalanceReader,
  timeoutMs: number,
  destChainId: string,
): Promise<GasWarnings> {
  const checks = await Promise.all(needs.map((n) => check(registry, read, timeoutMs, n)));
  const short = checks.filter((c) => c.status === 'insufficient');
  if (short.length === 0) return { checks };
  return {
    checks,
    warning: {
      type: short[0]!.chain_id === destChainId ? 'INSUFFICIENT_GAS_AT_DEST_EOA' : 'INSUFFICIENT_GAS_AT_INTERMEDIATE',
      message: `Not enough gas: ${short.map((c) => c.message).join('; ')}.`,
    },
  };
}
