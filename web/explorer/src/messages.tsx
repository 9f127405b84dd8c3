/**
 * The messages to sign for a route (POST /v2/fungible/msgs with one address per required chain), decoded per
 * transaction: Cosmos messages and their memos in words and as JSON, EVM calls as function and arguments with the
 * approvals they need first, Solana instructions with their program, accounts and arguments; the raw JSON of each
 * transaction (and of the whole answer) can be copied.
 */
import { bech32 } from 'bech32';
import { useState } from 'preact/hooks';
import { api } from './api.js';
import type { Catalog } from './catalog.js';
import { CopyButton, ErrorBox } from './common.js';
import { describeCosmosMsg, type AmountFormat } from './cosmos.js';
import { readMintRecipient } from './cctp.js';
import { decodeCalldata, signatureOf } from './evm.js';
import { prettyJson } from './exact-json.js';
import { chainOfCctpDomain, labelOf } from './known.js';
import type { RouteResult } from './route-form.js';
import { decodeSvmTx } from './solana.js';
import type { EvmTx, MsgsResponse, SvmTx, Tx } from './wire.js';

const Named = ({ address }: { address: string }) => {
  const label = labelOf(address);
  return (
    <>
      <code class="addr">{address}</code>
      {label && <span class="label"> ({label})</span>}
    </>
  );
};

function placeholder(catalog: Catalog, chainId: string): string {
  const c = catalog.chain(chainId);
  if (c?.chain_type === 'evm') return '0x…';
  if (c?.chain_type === 'svm') return 'base58 address';
  return c?.bech32_prefix ? `${c.bech32_prefix}1…` : '';
}

export function Messages({
  catalog,
  result,
  onWatch,
}: {
  catalog: Catalog;
  result: RouteResult;
  onWatch: (chainId: string) => void;
}) {
  const { route } = result;
  const [addresses, setAddresses] = useState<Record<string, string>>({});
  const [msgs, setMsgs] = useState<MsgsResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  // Memos run on later chains of the route: a denom without its chain is looked up on the route's chains.
  const fmt: AmountFormat = (chainId, denom, amount) =>
    catalog.amount(
      chainId && catalog.asset(chainId, denom) ? chainId : route.chain_ids.find((id) => catalog.asset(id, denom)),
      denom,
      amount,
    );

  /** Re-encodes the first Cosmos address for every other Cosmos chain of the route (same key, other prefix). */
  const fillCosmos = () => {
    const from = route.required_chain_addresses
      .map((id) => addresses[id]?.trim() ?? '')
      .find((a) => /^[a-z]+1[02-9ac-hj-np-z]+$/.test(a));
    if (!from) return setNote('Type one Cosmos address first.');
    let words: number[];
    try {
      words = bech32.decode(from, 1023).words;
    } catch {
      return setNote('That first Cosmos address is not valid bech32.');
    }
    const next = { ...addresses };
    for (const id of route.required_chain_addresses) {
      const c = catalog.chain(id);
      if (c?.chain_type === 'cosmos' && c.bech32_prefix && !next[id]?.trim())
        next[id] = bech32.encode(c.bech32_prefix, words, 1023);
    }
    setAddresses(next);
    setNote(
      'Filled from the same key. Only right if your wallet uses one key on these chains (coin type 118); check them.',
    );
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setMsgs(null);
    try {
      const body = {
        source_asset_chain_id: route.source_asset_chain_id,
        source_asset_denom: route.source_asset_denom,
        dest_asset_chain_id: route.dest_asset_chain_id,
        dest_asset_denom: route.dest_asset_denom,
        amount_in: route.amount_in,
        amount_out: route.amount_out,
        operations: route.operations,
        address_list: route.required_chain_addresses.map((id) => addresses[id]?.trim() ?? ''),
        slippage_tolerance_percent: result.slippage,
      };
      setMsgs(await api<MsgsResponse>('/v2/fungible/msgs', body));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-labelledby="msgs-title">
      <h2 id="msgs-title">Messages to sign</h2>
      <form onSubmit={(e) => void submit(e)}>
        <p class="muted small">
          One address per chain the route touches: the sender, intermediate receivers (where a failed hop refunds) and
          the recipient.
        </p>
        {route.required_chain_addresses.map((id) => (
          <div class="field" key={id}>
            <label for={`addr-${id}`}>
              Address on {catalog.chainName(id)} ({id})
            </label>
            <input
              id={`addr-${id}`}
              autocomplete="off"
              spellcheck={false}
              placeholder={placeholder(catalog, id)}
              value={addresses[id] ?? ''}
              onInput={(e) => setAddresses({ ...addresses, [id]: e.currentTarget.value })}
            />
          </div>
        ))}
        <div class="buttons">
          <button type="button" class="secondary" onClick={fillCosmos}>
            Fill the other Cosmos addresses from the first
          </button>
          <button type="submit" disabled={busy}>
            {busy ? 'Building…' : 'Get messages'}
          </button>
        </div>
        {note && (
          <p class="muted small" role="status">
            {note}
          </p>
        )}
      </form>
      <ErrorBox error={error} title="The messages could not be built" />
      {msgs && (
        <div class="msgs">
          <p>
            {msgs.txs.length} transaction{msgs.txs.length === 1 ? '' : 's'}; guaranteed minimum delivered:{' '}
            <strong>{catalog.amount(route.dest_asset_chain_id, route.dest_asset_denom, msgs.min_amount_out)}</strong>.{' '}
            <CopyButton text={JSON.stringify(msgs, null, 2)} label="Copy the whole answer (JSON)" />
          </p>
          {msgs.txs.map((tx, i) => (
            <TxCard key={i} catalog={catalog} tx={tx} index={i} count={msgs.txs.length} fmt={fmt} onWatch={onWatch} />
          ))}
        </div>
      )}
    </section>
  );
}

function TxCard({
  catalog,
  tx,
  index,
  count,
  fmt,
  onWatch,
}: {
  catalog: Catalog;
  tx: Tx;
  index: number;
  count: number;
  fmt: AmountFormat;
  onWatch: (chainId: string) => void;
}) {
  // Exactly one of the three is present (the wire type is their union).
  const cosmos = 'cosmos_tx' in tx ? tx.cosmos_tx : undefined;
  const evm = 'evm_tx' in tx ? tx.evm_tx : undefined;
  const svm = 'svm_tx' in tx ? tx.svm_tx : undefined;
  const { chain_id: chainId, signer_address: signer } = cosmos ?? evm ?? svm ?? { chain_id: '', signer_address: '' };
  const family = cosmos ? 'Cosmos' : evm ? 'EVM' : 'Solana';
  return (
    <article class="tx-card" aria-labelledby={`tx-${index}-title`}>
      <h3 id={`tx-${index}-title`}>
        Transaction {index + 1} of {count}: {family} on {catalog.chainName(chainId)}
      </h3>
      <p class="muted small">
        Signed by <code class="addr">{signer}</code>; executes step{tx.operations_indices.length === 1 ? '' : 's'}{' '}
        {tx.operations_indices.map((i) => i + 1).join(', ')}.
      </p>
      {cosmos?.msgs.map((m, k) => {
        const r = describeCosmosMsg(m.msg_type_url, m.msg, chainId, fmt, (id) => catalog.chain(id));
        return (
          <div class="msg" key={k}>
            <h4>
              {r.title} <code class="muted">{m.msg_type_url}</code>
            </h4>
            <ul>
              {r.lines.map((l, j) => (
                <li key={j}>{l}</li>
              ))}
            </ul>
            <details>
              <summary>Decoded message (memo and contract message expanded)</summary>
              <pre tabIndex={0}>{prettyJson(r.value)}</pre>
            </details>
          </div>
        );
      })}
      {evm && <EvmCall catalog={catalog} tx={evm} fmt={fmt} />}
      {svm && <SolanaTx catalog={catalog} tx={svm} fmt={fmt} />}
      <div class="buttons">
        <CopyButton text={JSON.stringify(tx, null, 2)} label={`Copy transaction ${index + 1} (raw JSON)`} />
        <button type="button" class="secondary" onClick={() => onWatch(chainId)}>
          Watch transaction {index + 1} once broadcast
        </button>
      </div>
    </article>
  );
}

function EvmCall({ catalog, tx, fmt }: { catalog: Catalog; tx: EvmTx; fmt: AmountFormat }) {
  const call = decodeCalldata(tx.data);
  const token = call.args.find((a) => a.name === 'burnToken')?.value;
  const domain = call.args.find((a) => a.name === 'destinationDomain')?.value;
  const destChain = domain === undefined ? undefined : chainOfCctpDomain(Number(domain));
  const note = (name: string, value: string): string | null => {
    if (name === 'amount' && token)
      return fmt(
        tx.chain_id,
        catalog.asset(tx.chain_id, token)
          ? token
          : (catalog.assets(tx.chain_id).find((a) => a.denom.toLowerCase() === token)?.denom ?? token),
        value,
      );
    if (name === 'destinationDomain')
      return chainOfCctpDomain(Number(value))
        ? `CCTP domain of ${catalog.chainName(chainOfCctpDomain(Number(value)))}`
        : null;
    if (name === 'mintRecipient')
      return readMintRecipient(value, catalog.chain(destChain)) ?? 'the recipient, 32 bytes';
    if (name === 'burnToken' || name === 'spender' || name === 'to') return labelOf(value) ?? null;
    return null;
  };
  const tokenDenom = (address: string) =>
    catalog.assets(tx.chain_id).find((a) => a.denom.toLowerCase() === address.toLowerCase())?.denom ?? address;
  return (
    <div class="msg">
      <h4>EVM call</h4>
      {tx.required_erc20_approvals.length > 0 && (
        <>
          <p>
            First, ERC-20 approval{tx.required_erc20_approvals.length > 1 ? 's' : ''} (your wallet sends these before
            the call):
          </p>
          <ul>
            {tx.required_erc20_approvals.map((a, i) => (
              <li key={i}>
                approve(
                <Named address={a.spender} />, {fmt(tx.chain_id, tokenDenom(a.token_contract), a.amount)}) on token{' '}
                <Named address={a.token_contract} />
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        Call <code>{call.fn ? signatureOf(call.fn) : `unknown function 0x${call.selector}`}</code> on{' '}
        <Named address={tx.to} />
        {tx.value && tx.value !== '0' ? `, sending ${fmt(tx.chain_id, 'wei', tx.value)}` : ', sending no native value'}.
      </p>
      {call.problem && <p class="problem">Calldata: {call.problem}</p>}
      <table>
        <caption class="visually-hidden">Arguments</caption>
        <thead>
          <tr>
            <th scope="col">Argument</th>
            <th scope="col">Type</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {call.args.map((a) => (
            <tr key={a.name}>
              <th scope="row">{a.name}</th>
              <td class="type">{a.type}</td>
              <td class="value">
                <code class="addr">{a.value}</code>
                {note(a.name, a.value) && <span class="label"> ({note(a.name, a.value)})</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary>Calldata (hex)</summary>
        <pre tabIndex={0}>0x{tx.data}</pre>
      </details>
    </div>
  );
}

const solanaDest = (args: { name: string; value: string }[] | undefined) => {
  const d = args?.find((a) => a.name === 'destination_domain')?.value;
  return d === undefined ? undefined : chainOfCctpDomain(Number(d));
};

function SolanaTx({ catalog, tx, fmt }: { catalog: Catalog; tx: SvmTx; fmt: AmountFormat }) {
  let decoded;
  try {
    decoded = decodeSvmTx(tx.tx);
  } catch (err) {
    return <p class="problem">The Solana transaction could not be decoded: {(err as Error).message}</p>;
  }
  const usdc = catalog.assets('solana').find((a) => a.symbol === 'USDC')?.denom;
  return (
    <div class="msg">
      <h4>Solana transaction ({decoded.version === 'legacy' ? 'legacy' : `v${decoded.version}`})</h4>
      <p>
        Fee payer <code class="addr">{decoded.feePayer}</code>; recent blockhash{' '}
        <code class="addr">{decoded.recentBlockhash}</code>.
      </p>
      <ul>
        {decoded.signatures.map((s) => (
          <li key={s.signer}>
            Signature of <code class="addr">{s.signer}</code>:{' '}
            {s.present ? 'already signed (by Junction, for the event account it created)' : 'needed from your wallet'}
          </li>
        ))}
      </ul>
      {decoded.instructions.map((ix, i) => (
        <div key={i} class="instruction">
          <h5>
            Instruction {i + 1}: {ix.name ?? 'unknown instruction'} on <Named address={ix.programId} />
          </h5>
          {ix.args && (
            <ul>
              {ix.args.map((a) => (
                <li key={a.name}>
                  {a.name}: <code class="addr">{a.value}</code>
                  {a.name === 'amount' && usdc ? ` (${fmt('solana', usdc, a.value)})` : ''}
                  {a.name === 'destination_domain' && chainOfCctpDomain(Number(a.value))
                    ? ` (${catalog.chainName(chainOfCctpDomain(Number(a.value)))})`
                    : ''}
                  {a.name === 'mint_recipient' && solanaDest(ix.args)
                    ? ` (${readMintRecipient(a.value, catalog.chain(solanaDest(ix.args))) ?? '32 bytes'})`
                    : ''}
                </li>
              ))}
            </ul>
          )}
          <details>
            <summary>{ix.accounts.length} accounts and data</summary>
            <ol class="accounts">
              {ix.accounts.map((a, k) => (
                <li key={k}>
                  {a.role ? `${a.role}: ` : ''}
                  <Named address={a.pubkey} />
                  {a.signer ? ' · signer' : ''}
                  {a.writable ? ' · writable' : ''}
                </li>
              ))}
            </ol>
            <pre tabIndex={0}>data 0x{ix.dataHex}</pre>
          </details>
        </div>
      ))}
    </div>
  );
}
