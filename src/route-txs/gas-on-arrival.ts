/**
 * The messages of gas on arrival (routing/gas-on-arrival.ts): the slice's route is built like any route, with the
 * user's addresses, and its one transaction's messages are appended to the route's first transaction, which starts on
 * the same Cosmos chain and is signed by the same address. The chain executes both messages in that one transaction:
 * the route's own (a transfer, a swap through the entry point, a Noble burn...) and the slice's (an IBC transfer whose
 * IBC-hooks memo calls the destination's entry point to swap into the gas token and hand it to the user, or a swap
 * on the source chain followed by a transfer). Nothing is estimated here: both routes were simulated by the engine.
 *
 * The deprecated top-level `msgs` list holds one message per transaction, and none for a Cosmos transaction of
 * several messages (build.ts): the first transaction's entry is removed when it gains the slice's messages.
 */
import type { Registry } from '../registry/registry.js';
import type { PlannedRoute } from '../routing/types.js';
import { buildMessages, type BuiltMessages, type MessageOptions } from './build.js';

export function withGasOnArrivalMessages(
  registry: Registry,
  built: BuiltMessages,
  branch: PlannedRoute,
  addresses: ReadonlyMap<string, string>,
  opts: MessageOptions,
): BuiltMessages {
  // The slice pays no affiliate or operator share and carries no post-route action: it only buys gas.
  const { affiliates: _affiliates, integratorAffiliates: _own, postRouteHandler: _handler, ...plain } = opts;
  const slice = buildMessages(registry, branch, addresses, plain);
  const first = built.txs[0];
  const extra = slice.txs[0];
  if (!first || !extra || slice.txs.length !== 1 || !('cosmos_tx' in first) || !('cosmos_tx' in extra))
    throw new Error('gas on arrival: the route and its slice must each start with a Cosmos transaction');
  if (
    first.cosmos_tx.chain_id !== extra.cosmos_tx.chain_id ||
    first.cosmos_tx.signer_address !== extra.cosmos_tx.signer_address
  )
    throw new Error('gas on arrival: the slice must be signed on the same chain by the same address');
  const merged = {
    ...first,
    cosmos_tx: { ...first.cosmos_tx, msgs: [...first.cosmos_tx.msgs, ...extra.cosmos_tx.msgs] },
  };
  const firstHadEntry = first.cosmos_tx.msgs.length === 1;
  return {
    msgs: firstHadEntry ? built.msgs.slice(1) : built.msgs,
    txs: [merged, ...built.txs.slice(1)],
    minAmountOut: built.minAmountOut,
  };
}
