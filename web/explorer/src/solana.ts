/**
 * A Solana transaction (base64 of its wire bytes, as `svm_tx.tx` carries it) made readable: who must sign and
 * whether they already have, the fee payer, the recent blockhash, and each instruction with its program, accounts
 * and data; Circle's `deposit_for_burn` is decoded into its arguments. Legacy and v0 messages; accounts a v0
 * message takes from address lookup tables are named by table and index (resolving them needs the chain).
 */
import bs58 from 'bs58';

interface SvmAccount {
  pubkey: string;
  signer: boolean;
  writable: boolean;
  /** What the instruction calls this account, when the page knows the instruction. */
  role?: string;
}
interface SvmInstruction {
  programId: string;
  accounts: SvmAccount[];
  dataHex: string;
  /** The instruction's name and its decoded arguments, when known. */
  name?: string;
  args?: { name: string; value: string }[];
}
export interface DecodedSvmTx {
  version: 'legacy' | number;
  signatures: { signer: string; present: boolean }[];
  feePayer: string;
  recentBlockhash: string;
  instructions: SvmInstruction[];
  lookupTables: string[];
}

/** Anchor discriminators (sha256("global:<name>")[0..8]) of the instructions the page decodes; checked in the tests. */
const DEPOSIT_FOR_BURN = [215, 60, 61, 46, 114, 55, 128, 176];

/** deposit_for_burn's accounts in order (Circle's TokenMessengerMinter V1; the order src/bridges/cctp/solana.ts sends). */
const DEPOSIT_FOR_BURN_ACCOUNTS = [
  'owner',
  'event_rent_payer',
  'sender_authority_pda',
  'burn_token_account',
  'message_transmitter',
  'token_messenger',
  'remote_token_messenger',
  'token_minter',
  'local_token',
  'burn_token_mint',
  'message_sent_event_data',
  'message_transmitter_program',
  'token_messenger_minter_program',
  'token_program',
  'system_program',
  'event_authority',
  'program',
];

class Reader {
  i = 0;
  constructor(readonly b: Uint8Array) {}
  byte(): number {
    if (this.i >= this.b.length) throw new Error('transaction ends early');
    return this.b[this.i++]!;
  }
  bytes(n: number): Uint8Array {
    if (this.i + n > this.b.length) throw new Error('transaction ends early');
    const out = this.b.subarray(this.i, this.i + n);
    this.i += n;
    return out;
  }
  /** Solana's compact-u16 (shortvec): 7 bits per byte, low first. */
  compactU16(): number {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const b = this.byte();
      value |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) return value;
    }
    throw new Error('bad compact-u16');
  }
}

export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

export function decodeSvmTx(base64: string): DecodedSvmTx {
  const r = new Reader(base64ToBytes(base64));
  const sigCount = r.compactU16();
  const sigs = Array.from({ length: sigCount }, () => r.bytes(64));
  const first = r.byte();
  let version: DecodedSvmTx['version'] = 'legacy';
  let numRequired = first;
  if (first & 0x80) {
    version = first & 0x7f;
    numRequired = r.byte();
  }
  const readonlySigned = r.byte();
  const readonlyUnsigned = r.byte();
  const keys = Array.from({ length: r.compactU16() }, () => bs58.encode(r.bytes(32)));
  const recentBlockhash = bs58.encode(r.bytes(32));
  const raw = Array.from({ length: r.compactU16() }, () => {
    const program = r.byte();
    const accounts = Array.from(r.bytes(r.compactU16()));
    const data = r.bytes(r.compactU16());
    return { program, accounts, data };
  });
  const lookupTables: string[] = [];
  const lookupNames: string[] = [];
  if (version !== 'legacy') {
    const tables = Array.from({ length: r.compactU16() }, () => ({
      key: bs58.encode(r.bytes(32)),
      writable: Array.from(r.bytes(r.compactU16())),
      readonly: Array.from(r.bytes(r.compactU16())),
    }));
    for (const t of tables) lookupTables.push(t.key);
    // Loaded addresses follow the static keys: every table's writable entries, then every table's read-only ones.
    for (const t of tables)
      for (const i of t.writable) lookupNames.push(`lookup ${t.key.slice(0, 6)}…[${i}] (writable)`);
    for (const t of tables) for (const i of t.readonly) lookupNames.push(`lookup ${t.key.slice(0, 6)}…[${i}]`);
  }
  const account = (index: number): SvmAccount => {
    if (index >= keys.length)
      return { pubkey: lookupNames[index - keys.length] ?? `account #${index}`, signer: false, writable: false };
    const signer = index < numRequired;
    const writable = signer ? index < numRequired - readonlySigned : index < keys.length - readonlyUnsigned;
    return { pubkey: keys[index]!, signer, writable };
  };
  const instructions = raw.map(({ program, accounts, data }): SvmInstruction => {
    const ix: SvmInstruction = {
      programId: account(program).pubkey,
      accounts: accounts.map(account),
      dataHex: toHex(data),
    };
    return describe(ix, data);
  });
  return {
    version,
    signatures: sigs.map((s, i) => ({ signer: keys[i] ?? `signer #${i}`, present: s.some((b) => b !== 0) })),
    feePayer: keys[0] ?? '',
    recentBlockhash,
    instructions,
    lookupTables,
  };
}

function describe(ix: SvmInstruction, data: Uint8Array): SvmInstruction {
  if (data.length === 8 + 8 + 4 + 32 && DEPOSIT_FOR_BURN.every((b, i) => data[i] === b)) {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    return {
      ...ix,
      name: 'deposit_for_burn',
      args: [
        { name: 'amount', value: view.getBigUint64(8, true).toString() },
        { name: 'destination_domain', value: String(view.getUint32(16, true)) },
        { name: 'mint_recipient', value: `0x${toHex(data.subarray(20, 52))}` },
      ],
      accounts: ix.accounts.map((a, i) => ({
        ...a,
        ...(DEPOSIT_FOR_BURN_ACCOUNTS[i] ? { role: DEPOSIT_FOR_BURN_ACCOUNTS[i] } : {}),
      })),
    };
  }
  return ix;
}
