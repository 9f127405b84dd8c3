/**
 * The hop after a CCTP mint into a Noble forwarding account (noble-forwarding.ts): the account sends the USDC on by
 * IBC once it is registered, at the end of the block in which it is registered or receives funds (noble-assets/
 * forwarding keeper ExecuteForwards: a MsgTransfer from the account, no memo). Steps, once the mint is seen:
 *
 * 1. Registered? The auth module's account query: a `/noble.forwarding.v1.ForwardingAccount` is registered (by
 *    Junction or anyone), the plain BaseAccount the mint created is not.
 * 2. Not registered: with NOBLE_FORWARDING_SIGNER_KEY Junction signs and broadcasts MsgRegisterAccount itself
 *    (forwarding-register.ts); without it the status's next_step is that message, ready for anyone to sign (the
 *    user's own Noble address, the fallback, is named as its signer).
 * 3. The forward: the IBC transfer is not a transaction of its own but part of the block, found by a block event
 *    query (`ibc_transfer.sender=<account>`, then that block's `send_packet`); the IBC leg that follows it starts
 *    there, its send_tx being the transaction of that block that set it off (the registration, or the mint).
 *
 * The fields of the account come from the store (forwarding-book.ts): a mint into an account Junction did not build
 * is an ordinary mint.
 */
import { bech32 } from 'bech32';
import type { NextStep } from '../../wire/tx.js';
import { attr } from '../../tx/cosmos-client.js';
import type { CctpLeg, Leg, NobleForward } from '../../tx/record.js';
import type { TrackerEnv } from '../../tx/tracker.js';
import { legOf } from '../ibc/track.js';
import {
  ACCOUNT_QUERY_PATH,
  accountQueryData,
  FORWARDING_ACCOUNT_TYPE_URL,
  nobleSigner,
  readAccount,
  registrationTx,
  type NobleSigner,
} from './forwarding-register.js';
import { MSG_REGISTER_ACCOUNT_TYPE_URL, registerAccountMsg } from './noble-forwarding.js';

const NOBLE = 'noble-1';

/** The Noble address a 32-byte mint recipient names (its last 20 bytes). */
function nobleAddressOf(mintRecipient: string): string {
  return bech32.encode('noble', bech32.toWords(Buffer.from(mintRecipient.slice(-40), 'hex')));
}

/** Looks the mint recipient up among the accounts Junction built (null: an ordinary account). */
export async function forwardOf(leg: CctpLeg, env: TrackerEnv): Promise<NobleForward | null> {
  if (leg.to_chain_id !== NOBLE || !env.nobleForwarding) return null;
  const address = nobleAddressOf(leg.message.mint_recipient);
  const fields = await env.nobleForwarding.lookup(address);
  if (!fields) return null;
  return {
    address,
    ...fields,
    registered: false,
    registration_tx: null,
    registration_error: null,
    forwarded: false,
  };
}

let signerCache: { key: string; signer: NobleSigner } | undefined;
function signerOf(env: TrackerEnv): NobleSigner | undefined {
  const key = env.nobleForwarding?.signerKey;
  if (!key) return undefined;
  if (signerCache?.key !== key) signerCache = { key, signer: nobleSigner(key) };
  return signerCache.signer;
}

/** One look at the forward after the mint; returns the IBC leg once the forward's packet is found. */
export async function advanceForward(leg: CctpLeg, forward: NobleForward, env: TrackerEnv): Promise<Leg | null> {
  const noble = env.clients.cosmos(NOBLE);
  const packet = await findForwardPacket(forward, env);
  if (packet) {
    forward.forwarded = true;
    forward.registered = true;
    const trigger = forward.registration_tx ?? leg.receive_tx;
    return legOf(
      {
        chainId: NOBLE,
        hash: trigger?.tx_hash ?? '',
        height: packet.height,
        time: packet.time,
        ok: true,
        code: 0,
        log: '',
        events: [packet.event],
        logs: [],
      },
      packet.event,
      env,
    );
  }
  if (forward.registered) return null;
  const account = await noble.abciQuery(ACCOUNT_QUERY_PATH, accountQueryData(forward.address));
  const state = account.code === 0 ? readAccount(account.value) : null;
  if (state?.typeUrl === FORWARDING_ACCOUNT_TYPE_URL) {
    forward.registered = true;
    return null;
  }
  const signer = signerOf(env);
  if (!signer || forward.registration_tx) return null;
  const own = await noble.abciQuery(ACCOUNT_QUERY_PATH, accountQueryData(signer.address));
  const mine = own.code === 0 ? readAccount(own.value) : null;
  if (!mine) {
    forward.registration_error = `the registering key's account ${signer.address} does not exist on Noble (fund it)`;
    return null;
  }
  const result = await noble.broadcast(await registrationTx(signer, forward, mine));
  if (result.code === 0) {
    forward.registration_tx = env.chainTx(NOBLE, result.hash, null);
    forward.registration_error = null;
  } else {
    forward.registration_error = result.log || `refused with code ${result.code}`;
  }
  return null;
}

/** The forward's send_packet: in a block whose events hold an ICS-20 transfer from the account over its channel. */
async function findForwardPacket(forward: NobleForward, env: TrackerEnv) {
  const blocks = await env.clients.cosmos(NOBLE).searchBlockEvents(`ibc_transfer.sender='${forward.address}'`);
  for (const block of blocks) {
    for (const event of block.events) {
      if (event.type !== 'send_packet' || attr(event, 'packet_src_channel') !== forward.channel) continue;
      try {
        const data = JSON.parse(attr(event, 'packet_data') ?? '') as { sender?: string; receiver?: string };
        if (data.sender === forward.address && data.receiver === forward.recipient)
          return { height: block.height, time: block.time, event };
      } catch {
        // not ICS-20 packet data
      }
    }
  }
  return null;
}

/** While the minted USDC waits in an unregistered account: the registration anyone may sign. */
export function forwardStep(forward: NobleForward): NextStep | null {
  if (forward.forwarded || forward.registered || forward.registration_tx) return null;
  const msg = registerAccountMsg({
    signer: forward.fallback,
    channel: forward.channel,
    recipient: forward.recipient,
    fallback: forward.fallback,
  });
  return {
    action: 'execute',
    chain_id: NOBLE,
    message: `the USDC waits in the Noble forwarding account ${forward.address}, which is not registered${forward.registration_error ? ` (Junction's registration was refused: ${forward.registration_error})` : ''}: sign ${MSG_REGISTER_ACCOUNT_TYPE_URL} (any funded Noble account may; the fallback's is named) and the account sends it on over ${forward.channel} in that block`,
    tx: { chain_id: NOBLE, to: msg.msg_type_url, data: msg.msg },
  };
}
