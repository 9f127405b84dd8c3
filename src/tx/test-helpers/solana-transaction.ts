/**
 * A Solana node's `getTransaction` answer (JSON-RPC, encoding "json", docs.solana.com/api/http#gettransaction) for a
 * signed legacy transaction: its message as compiled (account keys, header, instructions with base58 data), and the
 * metadata, including the instructions its programs invoked (`innerInstructions`, by top-level index).
 */
import bs58 from 'bs58';
import { Transaction } from '@solana/web3.js';

export interface InnerInstruction {
  /** The program invoked, and the accounts passed, as base58 keys of the transaction's account list. */
  programId: string;
  accounts: string[];
  data: Uint8Array;
}

export function getTransactionResult(
  signed: Uint8Array,
  at: { slot: number; blockTime: number },
  inner: InnerInstruction[] = [],
): unknown {
  const tx = Transaction.from(Buffer.from(signed));
  const message = tx.compileMessage();
  const keys = message.accountKeys.map((k) => k.toBase58());
  const indexOf = (key: string) => {
    const i = keys.indexOf(key);
    if (i < 0) throw new Error(`${key} is not an account of the transaction`);
    return i;
  };
  return {
    slot: at.slot,
    blockTime: at.blockTime,
    meta: {
      err: null,
      fee: 5000,
      status: { Ok: null },
      preBalances: keys.map(() => 0),
      postBalances: keys.map(() => 0),
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: [],
      logMessages: [],
      loadedAddresses: { readonly: [], writable: [] },
      computeUnitsConsumed: 150_000,
      innerInstructions:
        inner.length === 0
          ? []
          : [
              {
                index: 0,
                instructions: inner.map((ix) => ({
                  programIdIndex: indexOf(ix.programId),
                  accounts: ix.accounts.map(indexOf),
                  data: bs58.encode(ix.data),
                  stackHeight: 2,
                })),
              },
            ],
    },
    transaction: {
      signatures: tx.signatures.map((s) => bs58.encode(s.signature ?? Buffer.alloc(64))),
      message: {
        accountKeys: keys,
        header: message.header,
        recentBlockhash: message.recentBlockhash,
        instructions: message.instructions.map((ix) => ({ ...ix, stackHeight: null })),
      },
    },
    version: 'legacy',
  };
}
