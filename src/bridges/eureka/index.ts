/**
 * IBC Eureka: IBC v2 between Ethereum and the Cosmos Hub, over the Hub's light client of Ethereum (08-wasm-1369) and
 * Ethereum's of the Hub (cosmoshub-0). Tokens move both ways: Ethereum ERC-20s to Hub vouchers (WBTC) and Hub coins
 * to the ERC-20s Eureka mints for them (ATOM), and back. A packet from Ethereum can carry on from the Hub in the same
 * signature: the Hub's IBC callbacks adapter runs the entry point with the received coin (an IBC transfer onward, to a
 * swap on Osmosis, say). Relaying: see lanes.ts and data/smart-relay-fees.json.
 */
import { invalidArgument } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { perRegistry } from '../../registry/per-registry.js';
import { stringifyWithBigInts } from '../../messages/json.js';
import type { BridgeTxInput, LaneBridge, NextStep } from '../types.js';
import { eurekaEvmTx } from './evm.js';
import { hubEurekaAction, hubEurekaTx } from './hub.js';
import { eurekaLanes, type EurekaLane } from './lanes.js';
import { entryContract, EUREKA_ECHOED_FIELDS, eurekaLaneOfRecord, eurekaRecord } from './operation.js';
import { eurekaLaneSeconds, eurekaQuote } from './quote.js';
import { eurekaPacketTimeoutSeconds } from './timeout.js';

const lanes = perRegistry(eurekaLanes);

function buildTx({
  registry,
  step,
  amount,
  sender,
  recipient,
  operationIndices,
  nowMs,
  opensAfterSeconds,
  timeoutSeconds,
  continuation,
}: BridgeTxInput<EurekaLane>) {
  const { lane } = step;
  const fee = lane.relayed ? lane.relayFee : 0n;
  if (amount <= fee)
    throw invalidArgument(`the amount ${amount} does not cover the Eureka relay fee of ${fee} ${lane.denomIn}`);
  const transferred = amount - fee;
  const nowSeconds = BigInt(Math.floor(nowMs / 1000));
  // The packet's timeout outlives the relay and stays within the day IBC v2 accepts (timeout.ts).
  const packetSeconds = BigInt(eurekaPacketTimeoutSeconds(eurekaLaneSeconds(lane), timeoutSeconds, opensAfterSeconds));
  const deadline = nowSeconds + packetSeconds;
  const from = registry.chain(lane.fromChainId)!;
  if (from.wire.chain_type === 'evm') {
    let receiver = recipient;
    let memo = '';
    if (continuation) {
      const adapter = registry.chain(lane.toChainId)?.entryPoint?.callbackAdapter;
      if (!adapter)
        throw invalidArgument(`${lane.toChainId} has no IBC callbacks adapter to continue the route on arrival`);
      // The adapter receives the coin and, on the destination callback, executes the entry point with it.
      receiver = adapter;
      memo = stringifyWithBigInts({
        dest_callback: { address: adapter },
        wasm: { contract: continuation.contract, msg: continuation.msg },
      });
    }
    return {
      evm_tx: eurekaEvmTx({
        chainId: lane.fromChainId,
        contract: entryContract(registry, lane),
        token: lane.denomIn,
        amount: transferred,
        receiver,
        sourceClient: lane.sourceClient,
        timeoutTimestamp: deadline,
        memo,
        relay: lane.relayed ? { fee, recipient: lane.feeRecipient!, quoteExpirySeconds: deadline } : undefined,
        signer: sender,
      }),
      operations_indices: operationIndices,
    };
  }
  return {
    cosmos_tx: hubEurekaTx({
      chainId: lane.fromChainId,
      sender,
      denom: lane.denomIn,
      amount: transferred,
      receiver: recipient,
      sourceClient: lane.sourceClient,
      nowSeconds,
      timeoutSeconds: packetSeconds,
      relay: lane.relayed
        ? { fee, recipient: lane.feeRecipient!, entryPoint: entryContract(registry, lane) }
        : undefined,
      path: [lane.fromChainId, lane.toChainId],
    }),
    operations_indices: operationIndices,
  };
}

/**
 * A relayed lane from the Hub as the entry point's action, run by the Hub's IBC callbacks adapter with the coins an
 * ICS-20 packet brings: the packet goes to the adapter, its memo names it as `dest_callback` and carries the `wasm`
 * call (Skip's August 2026 answers for Osmosis -> Hub -> Ethereum, alloyrebalancer test-fixtures pairETH-Y1-good.json
 * and pairUSDT-Y1-good.json at 51cbcc2). The unrelayed lane is a plain MsgTransfer the user signs on the Hub.
 */
const sentOnArrival: NonNullable<LaneBridge<EurekaLane>['sentOnArrival']> = {
  applies(registry, lane) {
    const from = registry.chain(lane.fromChainId);
    return (
      lane.relayed &&
      from?.wire.chain_type === 'cosmos' &&
      from.capabilities.ibcCallbacks &&
      from.entryPoint?.callbackAdapter !== undefined
    );
  },
  arrival({ registry, lane, sender, recipient, nowMs, opensAfterSeconds, timeoutSeconds }) {
    const adapter = registry.chain(lane.fromChainId)!.entryPoint!.callbackAdapter!;
    const packetSeconds = eurekaPacketTimeoutSeconds(eurekaLaneSeconds(lane), timeoutSeconds, opensAfterSeconds);
    const msg = hubEurekaAction({
      sourceClient: lane.sourceClient,
      denom: lane.denomIn,
      receiver: recipient,
      recoverAddress: sender,
      fee: lane.relayFee,
      feeRecipient: lane.feeRecipient!,
      deadlineSeconds: BigInt(Math.floor(nowMs / 1000)) + BigInt(packetSeconds),
    });
    return {
      receiver: adapter,
      memo: { dest_callback: { address: adapter }, wasm: { contract: entryContract(registry, lane), msg } },
    };
  },
};

/** From Ethereum to the Hub, the callbacks adapter can run the entry point on arrival; nothing runs on Ethereum. */
function carriesNext(registry: Registry, step: { lane: EurekaLane }, next?: NextStep): boolean {
  if (!next || next.kind === 'bridge' || next.chainId !== step.lane.toChainId) return false;
  const to = registry.chain(step.lane.toChainId);
  return (
    to?.wire.chain_type === 'cosmos' && to.capabilities.ibcCallbacks && to.entryPoint?.callbackAdapter !== undefined
  );
}

export const eurekaBridge: LaneBridge<EurekaLane> = {
  kind: 'lanes',
  id: 'EUREKA',
  name: 'IBC Eureka',
  operationKind: 'eureka_transfer',
  // No logo of its own in the chain registry: the Cosmos Hub's, the chain at the Cosmos end of every Eureka lane.
  logoUri: 'https://raw.githubusercontent.com/cosmos/chain-registry/master/cosmoshub/images/atom.svg',
  lanes,
  quote: eurekaQuote,
  operation: eurekaRecord,
  laneOfRecord: (registry, record, at, expected) => eurekaLaneOfRecord(lanes(registry), record, at, expected),
  echoedFields: EUREKA_ECHOED_FIELDS,
  buildTx,
  sentOnArrival,
  carriesNext,
  // A packet may be received until its timeout: what it carries must not expire before then.
  landsWithinSeconds: (lane, timeoutSeconds, opensAfterSeconds) =>
    eurekaPacketTimeoutSeconds(eurekaLaneSeconds(lane), timeoutSeconds, opensAfterSeconds),
  eligible: (lane, options) => {
    // Every relayed lane has its unrelayed twin (lanes.ts).
    if (lane.relayed && !options.smartRelay)
      return { why: 'smart_relay is false: IBC Eureka transfers go unrelayed (no relay fee)', twinOpen: true };
    if (!lane.relayed && options.smartRelay && lane.relayedTwin)
      return { why: 'smart_relay: the relayed form of the IBC Eureka transfer is used', twinOpen: true };
    return undefined;
  },
};
