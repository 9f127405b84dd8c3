/**
 * @solana/web3.js, loaded on first use. The library and its curve code cost ~50 ms of a cold start, and most
 * deployments never touch Solana: the first request that builds or reads a Solana transaction pays it once instead.
 * Every module that needs a value from the library goes through here; types are imported as types.
 */
import { createRequire } from 'node:module';
import type * as Web3 from '@solana/web3.js';

let loaded: typeof Web3 | undefined;

export function solanaWeb3(): typeof Web3 {
  return (loaded ??= createRequire(import.meta.url)('@solana/web3.js') as typeof Web3);
}
