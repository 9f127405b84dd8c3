/**
 * Cosmos messages in words: what a MsgTransfer sends where and what its memo makes the next chains do (packet
 * forwarding, IBC-hooks calls into Skip's entry point: swap, minimum output, post-swap action), what a contract call
 * asks, what a CCTP burn mints where. The full decoded JSON is shown beside this; these lines are the reading aid.
 */
import { ExactNumber, expandNestedJson, NestedJson, parseExactJson } from './exact-json.js';
import { readMintRecipient } from './cctp.js';
import { chainOfCctpDomain, labelOf } from './known.js';
import { base64ToBytes, toHex } from './solana.js';

/** Formats a base-unit amount of a denom on a chain as "1.5 ATOM" (the page passes its asset list). */
export type AmountFormat = (chainId: string | undefined, denom: string, amount: string) => string;

/** A chain's kind and bech32 prefix (from the page's chain list), to read addresses in the destination's form. */
export type ChainKind = (chainId: string) => { chain_type: string; bech32_prefix: string } | undefined;

export interface ReadableMsg {
  title: string;
  lines: string[];
  /** The message with nested JSON strings (memo, contract msg) expanded. */
  value: unknown;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj =>
  v instanceof NestedJson ? obj(v.value) : v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};
const str = (v: unknown): string =>
  v instanceof ExactNumber
    ? v.text
    : typeof v === 'string'
      ? v
      : v === undefined || v === null
        ? ''
        : JSON.stringify(v);
const named = (address: string) => {
  const label = labelOf(address);
  return label ? `${address} (${label})` : address;
};

/** Nanoseconds since the epoch as an ISO time (exact digits in, whole seconds out). */
export function nanosToIso(ns: string): string {
  if (!/^\d+$/.test(ns)) return ns;
  const ms = Number(BigInt(ns) / 1_000_000n);
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

export function describeCosmosMsg(
  typeUrl: string,
  msgText: string,
  chainId: string | undefined,
  fmt: AmountFormat,
  chainOf: ChainKind = () => undefined,
): ReadableMsg {
  let parsed: unknown;
  try {
    parsed = parseExactJson(msgText);
  } catch {
    return { title: typeUrl, lines: ['the message is not valid JSON'], value: msgText };
  }
  const value = expandNestedJson(parsed);
  const m = obj(value);
  switch (typeUrl) {
    case '/ibc.applications.transfer.v1.MsgTransfer': {
      const token = obj(m.token);
      const lines = [
        `Send ${fmt(chainId, str(token.denom), str(token.amount))} from ${str(m.sender)} over ${str(m.source_port)}/${str(m.source_channel)} to ${named(str(m.receiver))}.`,
        `Times out at ${nanosToIso(str(m.timeout_timestamp))} (the funds come back if the packet is not received by then).`,
        ...describeMemo(m.memo, fmt),
      ];
      return { title: 'IBC transfer (MsgTransfer)', lines, value };
    }
    case '/cosmwasm.wasm.v1.MsgExecuteContract': {
      const funds = Array.isArray(m.funds)
        ? m.funds.map((f) => fmt(chainId, str(obj(f).denom), str(obj(f).amount))).join(', ')
        : '';
      const lines = [
        `Call ${named(str(m.contract))} as ${str(m.sender)}${funds ? `, attaching ${funds}` : ''}.`,
        ...describeContractMsg(m.msg, fmt, chainId),
      ];
      return { title: 'Contract call (MsgExecuteContract)', lines, value };
    }
    case '/cosmos.bank.v1beta1.MsgSend': {
      const coins = Array.isArray(m.amount)
        ? m.amount.map((c) => fmt(chainId, str(obj(c).denom), str(obj(c).amount))).join(', ')
        : '';
      return {
        title: 'Bank send (MsgSend)',
        lines: [`Send ${coins} from ${str(m.from_address)} to ${named(str(m.to_address))}.`],
        value,
      };
    }
    case '/circle.cctp.v1.MsgDepositForBurn':
    case '/circle.cctp.v1.MsgDepositForBurnWithCaller': {
      const domain = Number(str(m.destination_domain));
      const dest = chainOfCctpDomain(domain);
      const lines = [
        `Burn ${fmt(chainId, str(m.burn_token), str(m.amount))} from ${str(m.from)} with Circle CCTP; Circle attests and USDC is minted on domain ${domain}${dest ? ` (chain ${dest})` : ''}.`,
        `Mint recipient (32 bytes): ${mintRecipientHex(str(m.mint_recipient))}${recipientNote(mintRecipientHex(str(m.mint_recipient)), dest, chainOf)}.`,
      ];
      return { title: 'CCTP burn (MsgDepositForBurn)', lines, value };
    }
    default:
      return { title: typeUrl, lines: [], value };
  }
}

const recipientNote = (hex: string, dest: string | undefined, chainOf: ChainKind) => {
  const r = dest ? readMintRecipient(hex, chainOf(dest)) : null;
  return r ? ` (${r})` : '';
};

function mintRecipientHex(b64: string): string {
  try {
    return `0x${toHex(base64ToBytes(b64))}`;
  } catch {
    return b64;
  }
}

/** What a memo makes the receiving chain do, one line per action, following `next` chains. */
function describeMemo(memo: unknown, fmt: AmountFormat, depth = 0): string[] {
  if (depth > 8) return [];
  if (memo === '' || memo === undefined || memo === null)
    return depth === 0 ? ['No memo: the receiver simply gets the funds.'] : [];
  if (!(memo instanceof NestedJson)) return [`Memo (text): ${str(memo)}`];
  const m = obj(memo);
  const lines: string[] = [];
  if (m.forward) {
    const f = obj(m.forward);
    lines.push(
      `On arrival, packet forwarding sends the funds on over ${str(f.port)}/${str(f.channel)} to ${named(str(f.receiver))} (timeout ${str(f.timeout)}, ${str(f.retries)} retries).`,
    );
    lines.push(...describeMemo(f.next, fmt, depth + 1));
  }
  if (m.wasm) {
    const w = obj(m.wasm);
    lines.push(`On arrival, IBC hooks call ${named(str(w.contract))} with the funds:`);
    lines.push(...describeContractMsg(w.msg, fmt, undefined));
  }
  if (m.destination_chain || m.destination_address)
    lines.push(`Axelar general message to ${str(m.destination_chain)} ${str(m.destination_address)}.`);
  if (lines.length === 0) lines.push('Memo with fields the page does not explain: see the JSON.');
  return lines;
}

/** Skip entry-point messages in words; other contract messages are named by their top-level key. */
function describeContractMsg(msg: unknown, fmt: AmountFormat, chainId: string | undefined): string[] {
  const m = obj(msg);
  // The `_with_recover` form (a Go Fast order's or an Axelar call's) is the same call, its coins sent to recovery_addr
  // should it fail.
  const body = m.swap_and_action ?? m.swap_and_action_with_recover;
  const sa = body ? obj(body) : undefined;
  if (!sa) {
    const keys = Object.keys(m);
    return keys.length ? [`Contract message: ${keys.join(', ')}.`] : [];
  }
  const lines: string[] = [];
  const userSwap = obj(sa.user_swap);
  for (const [kind, body] of Object.entries(userSwap)) {
    const s = obj(body);
    const venue = str(s.swap_venue_name);
    const ops = Array.isArray(s.operations) ? s.operations.map(obj) : [];
    const routes = Array.isArray(s.routes) ? s.routes.map(obj) : [];
    const pools = (list: Obj[]) => list.map((o) => `pool ${str(o.pool)}`).join(' → ');
    if (routes.length) {
      lines.push(
        `Swap (${kind}) on ${venue}, split over ${routes.length} routes: ${routes.map((r) => `${str(r.offer_asset ? obj(obj(r.offer_asset).native).amount : '')} via ${pools(Array.isArray(r.operations) ? r.operations.map(obj) : [])}`).join('; ')}.`,
      );
    } else {
      lines.push(
        `Swap (${kind}) on ${venue} via ${pools(ops)}${kind === 'swap_exact_asset_out' && s.refund_address ? `; unused input refunded to ${str(s.refund_address)}` : ''}.`,
      );
    }
  }
  const min = obj(obj(sa.min_asset).native);
  if (min.denom)
    lines.push(`Refuses to deliver less than ${fmt(chainId, str(min.denom), str(min.amount))} (slippage limit).`);
  if (sa.timeout_timestamp !== undefined) lines.push(`Swap deadline ${nanosToIso(str(sa.timeout_timestamp))}.`);
  const action = obj(sa.post_swap_action);
  if (action.transfer) lines.push(`Then sends the output to ${str(obj(action.transfer).to_address)}.`);
  if (action.ibc_transfer) {
    const info = obj(obj(action.ibc_transfer).ibc_info);
    lines.push(
      `Then sends the output over ${str(info.source_channel)} to ${named(str(info.receiver))} (refunds to ${str(info.recover_address)} on failure).`,
    );
    lines.push(...describeMemo(info.memo, fmt, 1));
  }
  if (action.contract_call) lines.push(`Then calls ${named(str(obj(action.contract_call).contract_address))}.`);
  const affiliates = Array.isArray(sa.affiliates) ? sa.affiliates.map(obj) : [];
  if (affiliates.length)
    lines.push(
      `Affiliate fees: ${affiliates.map((a) => `${str(a.basis_points_fee)} bps to ${str(a.address)}`).join(', ')}.`,
    );
  if (sa.recovery_addr !== undefined) lines.push(`Should this fail, the coins go to ${str(sa.recovery_addr)}.`);
  return lines;
}
