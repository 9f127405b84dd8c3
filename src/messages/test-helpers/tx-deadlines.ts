/**
 * Every absolute deadline a built transaction carries, read back by decoding it as the chain would:
 * - Cosmos: `MsgTransfer` through cosmjs-types (its `timeout_timestamp`), then every JSON it carries, however deeply
 *   nested (packet-forward and IBC-hooks memos, the entry point's `swap_and_action` / `action` with their
 *   `timeout_timestamp`, `eureka_fee.timeout_timestamp`);
 * - EVM: the calldata through viem's decodeFunctionData against the ABIs of every contract Junction calls; each
 *   argument or struct field named like a deadline (`timeoutTimestamp`, `quoteExpiry`, ...) and any JSON the bytes
 *   arguments carry (an Axelar payload's or a Go Fast order's entry-point call).
 * A relative timeout (packet forwarding's "300s") counts from the forward, not from now, and is not listed.
 * Values follow the entry point's rule for its own field: above 9,999,999,999 nanoseconds, otherwise seconds (classic
 * IBC counts nanoseconds, IBC v2 and the EVM contracts seconds).
 */
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { decodeFunctionData, getAbiItem, hexToBytes, type Abi, type AbiParameter, type Hex } from 'viem';
import { HANDLER_ABI as AXELAR_HANDLER_ABI } from '../../bridges/axelar/evm.js';
import { CCTP_RELAYER_ABI, TOKEN_MESSENGER_ABI } from '../../bridges/cctp/evm.js';
import { TOKEN_MESSENGER_V2_ABI } from '../../bridges/cctp-v2/evm.js';
import { EUREKA_HANDLER_ABI, ICS20_TRANSFER_ABI } from '../../bridges/eureka/evm.js';
import { GO_FAST_GATEWAY_ABI } from '../../bridges/go-fast/evm.js';
import { WARP_ROUTER_ABI } from '../../bridges/hyperlane/messages.js';
import { IOFT_ABI } from '../../bridges/oft/oft.js';
import type { Tx } from '../../wire/msgs.js';
import { MSG_TRANSFER_TYPE_URL } from '../cosmos/msg-transfer.js';

/** Every contract function an evm_tx of Junction calls. A call not listed here fails the decoding, never passes. */
const EVM_ABIS: Abi = [
  ...AXELAR_HANDLER_ABI,
  ...TOKEN_MESSENGER_ABI,
  ...TOKEN_MESSENGER_V2_ABI,
  ...CCTP_RELAYER_ABI,
  ...TOKEN_MESSENGER_V2_ABI,
  ...ICS20_TRANSFER_ABI,
  ...EUREKA_HANDLER_ABI,
  ...GO_FAST_GATEWAY_ABI,
  ...WARP_ROUTER_ABI,
  ...IOFT_ABI,
];

export interface Deadline {
  /** Where in the transaction it was read. */
  where: string;
  /** Absolute Unix time in nanoseconds. */
  ns: bigint;
}

const NS_THRESHOLD = 9_999_999_999n;
const DEADLINE_KEY = /^timeout_?timestamp$/i;
const DEADLINE_PARAM = /timeout|deadline|expir/i;

function toNs(v: bigint): bigint {
  return v > NS_THRESHOLD ? v : v * 1_000_000_000n;
}

/** JSON.parse that keeps a bare timeout integer (beyond 2^53 in nanoseconds) exact, as a string of digits. */
function parseTimeoutsExact(text: string): unknown {
  return JSON.parse(text.replace(/("timeout_?timestamp"\s*:\s*)(\d+)/gi, '$1"$2"'));
}

/** Deadlines in a JSON value and in every JSON text it holds (memos are JSON inside JSON strings). */
function jsonDeadlines(v: unknown, where: string, out: Deadline[]): void {
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('{')) jsonDeadlines(parseTimeoutsExact(s), where, out);
    return;
  }
  if (Array.isArray(v)) return v.forEach((x, i) => jsonDeadlines(x, `${where}[${i}]`, out));
  if (typeof v !== 'object' || v === null) return;
  for (const [k, x] of Object.entries(v)) {
    if (DEADLINE_KEY.test(k)) {
      if (typeof x !== 'string' && typeof x !== 'number') throw new Error(`${where}.${k}: not a number`);
      out.push({ where: `${where}.${k}`, ns: toNs(BigInt(x)) });
    } else jsonDeadlines(x, `${where}.${k}`, out);
  }
}

/** The classic ICS-20 message as ibc-go decodes it (protobuf through cosmjs-types). */
function decodedMsgTransfer(json: Record<string, unknown>): MsgTransfer {
  const token = json.token as { denom: string; amount: string };
  const bytes = MsgTransfer.encode(
    MsgTransfer.fromPartial({
      sourcePort: json.source_port as string,
      sourceChannel: json.source_channel as string,
      token,
      sender: json.sender as string,
      receiver: json.receiver as string,
      timeoutTimestamp: BigInt(json.timeout_timestamp as string),
      memo: json.memo as string,
    }),
  ).finish();
  return MsgTransfer.decode(bytes);
}

function cosmosDeadlines(msg: { msg: string; msg_type_url: string }, where: string, out: Deadline[]): void {
  const json = parseTimeoutsExact(msg.msg) as Record<string, unknown>;
  if (msg.msg_type_url === MSG_TRANSFER_TYPE_URL) {
    const m = decodedMsgTransfer(json);
    // ibc-go v10 sends a MsgTransfer with an `encoding` over IBC v2 (Eureka): its timeout is in seconds.
    const name = json.encoding ? 'MsgTransfer(IBC v2)' : 'MsgTransfer';
    out.push({ where: `${where} ${name}.timeout_timestamp`, ns: toNs(m.timeoutTimestamp) });
    jsonDeadlines(m.memo, `${where} MsgTransfer.memo`, out);
    return;
  }
  jsonDeadlines(json, `${where} ${msg.msg_type_url}`, out);
}

/** A bytes or string argument that carries a JSON message (after a payload version prefix, say). */
function embeddedJson(value: unknown, where: string, out: Deadline[]): void {
  const text =
    typeof value === 'string' && value.startsWith('0x')
      ? new TextDecoder('utf-8', { fatal: false }).decode(hexToBytes(value as Hex))
      : String(value);
  const start = text.indexOf('{');
  if (start < 0) return;
  try {
    jsonDeadlines(parseTimeoutsExact(text.slice(start)), where, out);
  } catch (err) {
    // Binary that happens to hold a brace is not a message; a message that names a timeout must parse.
    if (/timeout/i.test(text)) throw err;
  }
}

function evmParamDeadlines(param: AbiParameter, value: unknown, where: string, out: Deadline[]): void {
  const at = `${where}.${param.name ?? '?'}`;
  if ('components' in param && param.components) {
    const fields = param.components;
    fields.forEach((c, i) =>
      evmParamDeadlines(
        c,
        Array.isArray(value) ? value[i] : (value as Record<string, unknown>)[c.name ?? String(i)],
        at,
        out,
      ),
    );
    return;
  }
  if (DEADLINE_PARAM.test(param.name ?? '')) {
    out.push({ where: at, ns: toNs(BigInt(value as bigint)) });
    return;
  }
  if (param.type === 'bytes' || param.type === 'string') embeddedJson(value, at, out);
}

function evmDeadlines(data: string, where: string, out: Deadline[]): void {
  const hex = (data.startsWith('0x') ? data : `0x${data}`) as Hex;
  const { functionName, args } = decodeFunctionData({ abi: EVM_ABIS, data: hex });
  const item = getAbiItem({ abi: EVM_ABIS, name: functionName, args: args as readonly unknown[] });
  if (!item || item.type !== 'function') throw new Error(`${where}: ${functionName} is not a function`);
  item.inputs.forEach((p, i) => evmParamDeadlines(p, (args ?? [])[i], `${where} ${functionName}`, out));
}

/** Every absolute deadline of a transaction (see the file comment); an svm_tx has none but its blockhash. */
export function txDeadlines(tx: Tx, where = 'tx'): Deadline[] {
  const out: Deadline[] = [];
  if ('cosmos_tx' in tx) tx.cosmos_tx.msgs.forEach((m, i) => cosmosDeadlines(m, `${where} msgs[${i}]`, out));
  else if ('evm_tx' in tx) evmDeadlines(tx.evm_tx.data, `${where} evm_tx`, out);
  return out;
}
