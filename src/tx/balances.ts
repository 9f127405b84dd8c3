/**
 * POST /v2/info/balances (wire section 3.2): balances of addresses on several chains, read from the chains' nodes
 * (Cosmos REST bank queries, EVM JSON-RPC with one batch per address, Solana JSON-RPC). Chains are asked in
 * parallel and each denom answers on its own: a failing node or token gives that entry an `error` while the rest
 * answer. Decimals come from the registry, USD prices from the market's price sources (as routes are valued).
 *
 * Without `denoms`, a chain's query is universal: every bank balance on Cosmos, the native token and every ERC-20
 * the registry lists on EVM chains, SOL on Solana (SPL tokens must be named); only non-zero balances are returned.
 */
import { isAddress, getAddress } from 'viem';
import bs58 from 'bs58';
import { Decimal, formatUsd, usdValue, type PriceSource } from '../pricing/index.js';
import type { Registry } from '../registry/registry.js';
import type { ChainClients } from './clients.js';
import { describeFailure, nodeFor } from '../upstream-failure.js';

/** The gas token of an EVM chain or Solana on the wire: `<chain_name>-native` (wire format section 4.1). */
const nativeDenomOf = (chainName: string) => `${chainName}-native`;

/** Up to this many denoms are asked one by one; more are read from one query of every balance. */
const PER_DENOM_QUERIES = 8;

interface BalanceEntry {
  amount: string;
  decimals: number | null;
  formatted_amount: string;
  price: string | null;
  value_usd: string | null;
  error: { message: string } | null;
}

export type ChainBalances = { denoms: Record<string, BalanceEntry> };

function entry(
  registry: Registry,
  prices: PriceSource,
  now: number,
  chainId: string,
  denom: string,
  amount: bigint,
  decimalsHint?: number | null,
): BalanceEntry {
  const decimals = registry.asset(chainId, denom)?.wire.decimals ?? decimalsHint ?? null;
  const quote = decimals === null ? undefined : prices.usdPrice(chainId, denom, now);
  return {
    amount: amount.toString(),
    decimals,
    formatted_amount: decimals === null ? amount.toString() : Decimal.of(amount, decimals).toString(),
    price: quote ? quote.price.toString() : null,
    value_usd: quote && decimals !== null ? formatUsd(usdValue(amount, decimals, quote.price)) : null,
    error: null,
  };
}

const failed = (message: string): BalanceEntry => ({
  amount: '0',
  decimals: null,
  formatted_amount: '0',
  price: null,
  value_usd: null,
  error: { message },
});
/** By chain and kind, never the client's text: it quotes the node's URL, key included (src/upstream-failure.ts). */
const reason = (chainId: string, err: unknown) => `balance query failed: ${describeFailure(nodeFor(chainId), err)}`;

/** A Solana account address: base58 of 32 bytes. */
function isSolanaAddress(text: string): boolean {
  try {
    return bs58.decode(text).length === 32;
  } catch {
    return false;
  }
}

export async function chainBalances(
  clients: ChainClients,
  registry: Registry,
  prices: PriceSource,
  now: number,
  chainId: string,
  address: string,
  denoms: readonly string[] | undefined,
): Promise<ChainBalances> {
  const chain = registry.chain(chainId)!;
  const out: Record<string, BalanceEntry> = {};
  const put = (denom: string, amount: bigint, decimals?: number | null) => {
    out[denom] = entry(registry, prices, now, chainId, denom, amount, decimals);
  };
  switch (chain.wire.chain_type) {
    case 'cosmos': {
      const client = clients.cosmos(chainId);
      if (!denoms) {
        for (const c of await client.allBalances(address)) if (BigInt(c.amount) > 0n) put(c.denom, BigInt(c.amount));
        break;
      }
      if (denoms.length > PER_DENOM_QUERIES) {
        // Many denoms (the SDK's gas check names every fee asset): one query of all balances, absent ones are zero.
        try {
          const held = new Map((await client.allBalances(address)).map((c) => [c.denom, BigInt(c.amount)]));
          for (const d of denoms) put(d, held.get(d) ?? 0n);
        } catch (err) {
          for (const d of denoms) out[d] = failed(reason(chainId, err));
        }
        break;
      }
      await Promise.all(
        denoms.map(async (d) => {
          try {
            put(d, BigInt((await client.balance(address, d)).amount));
          } catch (err) {
            out[d] = failed(reason(chainId, err));
          }
        }),
      );
      break;
    }
    case 'evm': {
      const client = clients.evm(chainId);
      const native = nativeDenomOf(chain.wire.chain_name);
      const wanted = denoms ?? [
        native,
        ...[...registry.listedAssets(chainId)].map((a) => a.wire.denom).filter((d) => d !== native),
      ];
      const tokens = wanted.filter((d) => d !== native);
      const bad = tokens.filter((t) => !isAddress(t, { strict: false }));
      for (const t of bad) out[t] = failed('not an ERC-20 contract address');
      const good = tokens.filter((t) => isAddress(t, { strict: false }));
      const [nativeResult, tokenResults] = await Promise.all([
        wanted.includes(native)
          ? client.nativeBalance(address).then(
              (v) => ({ ok: true as const, v }),
              (e: unknown) => ({ ok: false as const, e }),
            )
          : undefined,
        client.erc20Balances(address, good),
      ]);
      // A universal query whose node cannot even give the native balance could not read the chain: the caller learns
      // it from the chain's `error`, not from an empty list that reads as "holds nothing".
      if (!denoms && nativeResult && !nativeResult.ok) throw nativeResult.e;
      if (nativeResult) {
        if (nativeResult.ok) put(native, nativeResult.v);
        else out[native] = failed(reason(chainId, nativeResult.e));
      }
      good.forEach((t, i) => {
        const r = tokenResults[i]!;
        // The registry lists ERC-20 denoms checksummed; answer under the spelling that was asked.
        const key = denoms ? t : getAddress(t);
        if (r.status === 'fulfilled') put(key, r.value);
        else out[key] = failed(reason(chainId, r.reason));
      });
      if (!denoms) for (const [d, e] of Object.entries(out)) if (e.error || e.amount === '0') delete out[d];
      break;
    }
    case 'svm': {
      const client = clients.solana(chainId);
      const native = nativeDenomOf(chain.wire.chain_name);
      const wanted = denoms ?? [native];
      const named = wanted.filter((d) => d !== native);
      for (const d of named) if (!isSolanaAddress(d)) out[d] = failed('not an SPL mint address');
      const mints = named.filter(isSolanaAddress);
      // At most three node calls whatever the number of denoms: SOL, and one per token program for every SPL mint.
      const [sol, spl] = await Promise.allSettled([
        wanted.includes(native) ? client.lamports(address) : Promise.resolve(0n),
        mints.length > 0 ? client.splBalances(address) : Promise.resolve(new Map()),
      ]);
      if (!denoms && sol.status === 'rejected') throw sol.reason;
      if (wanted.includes(native)) {
        if (sol.status === 'fulfilled') put(native, sol.value);
        else out[native] = failed(reason(chainId, sol.reason));
      }
      for (const mint of mints) {
        if (spl.status === 'rejected') out[mint] = failed(reason(chainId, spl.reason));
        else {
          const held = spl.value.get(mint);
          put(mint, held?.amount ?? 0n, held?.decimals ?? null);
        }
      }
      break;
    }
  }
  return { denoms: out };
}
