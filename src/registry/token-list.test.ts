/** The installed token list's facts the registry build relies on. */
import { describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { loadDataFiles } from './data-files.js';
import { loadTokenList, tokenListAssets } from './token-list.js';

describe('Uniswap default token list', () => {
  const list = loadTokenList();
  const entries = loadDataFiles().nonCosmosChains.chains;

  it('writes every EVM address of the chains Junction lists with a valid EIP-55 checksum when it mixes case', () => {
    for (const entry of entries.filter((e) => e.chain_type === 'evm')) {
      for (const a of tokenListAssets(list, entry)) {
        if (/[a-f]/.test(a.address!) && /[A-F]/.test(a.address!))
          expect(getAddress(a.address!), `${entry.chain_id} ${a.symbol}`).toBe(a.address);
      }
    }
  });

  // Chains listed for CCTP V2 whose tokens Uniswap's default list does not carry (Linea, Sonic, Sei: none; World
  // Chain: 4): their USDC comes from data/bridge-tokens.json instead.
  const FEW_IN_LIST = new Set(['59144', '146', '1329', '480']);

  it('has tokens for every EVM chain and for Solana (chain id 501000101), but the CCTP V2 chains it lacks', () => {
    for (const entry of entries) {
      const n = tokenListAssets(list, entry).length;
      if (FEW_IN_LIST.has(entry.chain_id)) expect(n, entry.chain_id).toBeLessThanOrEqual(20);
      else expect(n, entry.chain_id).toBeGreaterThan(20);
    }
  });
});
