/**
 * The main ERC-20 and SPL tokens of the EVM chains and Solana, from the Uniswap default token list (npm package
 * @uniswap/default-token-list, a well-kept list with one entry per token and chain; its Solana entries use chain id
 * 501000101). The chain-registry package lists only a few tokens per EVM chain; the token list fills in the rest.
 * Entries are shaped as chain-registry assets so the registry build treats both sources alike; chain-registry wins
 * where both list a token.
 */
import { createRequire } from 'node:module';
import type { Asset as CrAsset } from '@chain-registry/types';
import type { NonCosmosChainEntry } from './data-files.js';

interface TokenListToken {
  chainId: number;
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoURI?: string;
}

export interface TokenList {
  name: string;
  version: { major: number; minor: number; patch: number };
  tokens: TokenListToken[];
}

export function loadTokenList(): TokenList {
  return createRequire(import.meta.url)('@uniswap/default-token-list') as TokenList;
}

/** A token as a chain-registry asset of type `erc20` (the type chain-registry also uses for SPL mints). */
export function erc20Asset(t: {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  coingeckoId?: string | undefined;
  logoUri?: string | undefined;
}): CrAsset {
  return {
    base: t.address,
    address: t.address,
    typeAsset: 'erc20',
    name: t.name,
    symbol: t.symbol,
    display: t.symbol,
    denomUnits: [
      { denom: t.address, exponent: 0 },
      { denom: t.symbol, exponent: t.decimals },
    ],
    ...(t.coingeckoId ? { coingeckoId: t.coingeckoId } : {}),
    ...(t.logoUri ? { logoURIs: { png: t.logoUri } } : {}),
  } as CrAsset;
}

/** The token list's tokens on a Junction chain, in list order. */
export function tokenListAssets(list: TokenList, entry: NonCosmosChainEntry): CrAsset[] {
  if (entry.token_list_chain_id === undefined) return [];
  return list.tokens
    .filter((t) => t.chainId === entry.token_list_chain_id && Number.isInteger(t.decimals))
    .map((t) => erc20Asset({ ...t, logoUri: t.logoURI }));
}
