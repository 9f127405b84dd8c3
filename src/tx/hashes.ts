/** Transaction hashes per chain type: the one spelling the store keys on, and explorer links. */
import bs58 from 'bs58';
import type { ChainType } from '../wire/chain.js';
import type { RegistryChain } from '../registry/types.js';

/** The normalised hash, or undefined when `hash` cannot be a transaction hash of that chain type. */
export function normalizeHash(chainType: ChainType, hash: string): string | undefined {
  const h = hash.trim();
  if (chainType === 'cosmos') {
    const hex = h.replace(/^0x/i, '');
    return /^[0-9a-fA-F]{64}$/.test(hex) ? hex.toUpperCase() : undefined;
  }
  if (chainType === 'evm') return /^0x[0-9a-fA-F]{64}$/.test(h) ? h.toLowerCase() : undefined;
  try {
    return bs58.decode(h).length === 64 ? h : undefined;
  } catch {
    return undefined;
  }
}

export const HASH_FORMS: Record<ChainType, string> = {
  cosmos: '64 hexadecimal digits',
  evm: '0x followed by 64 hexadecimal digits',
  svm: 'a base58 transaction signature (64 bytes)',
};

export function explorerLink(chain: RegistryChain | undefined, hash: string): string {
  const page = chain?.explorerTxPage;
  return page ? page.replace('${txHash}', hash) : '';
}
