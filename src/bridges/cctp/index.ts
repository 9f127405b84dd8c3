/**
 * CCTP V1: Circle's burn-and-mint transfer of native USDC into and out of Noble (from and to Ethereum, Avalanche,
 * OP Mainnet, Arbitrum, Base, Polygon PoS and Solana); every other pair is CCTP V2 (src/bridges/cctp-v2/). The burn is the user's transaction on the source chain; after Circle attests it, the
 * mint on the destination is a separate relayed transaction, so a CCTP hop always ends the user's transaction and
 * whatever follows it (an IBC transfer from Noble, say) needs another one.
 */
import { getAddress } from 'viem';
import { ApiError, GrpcCode, invalidArgument } from '../../errors.js';
import { uniswapChain } from '../../venues/uniswap/chains.js';
import type { Registry } from '../../registry/registry.js';
import { perRegistry } from '../../registry/per-registry.js';
import type { BridgeTxInput, EvmSwapCall, EvmSwapRunners, LaneBridge } from '../types.js';
import { isSkipGoSwapRouter, swapRunners } from '../skip-go-swap-router.js';
import { cctpConfig } from './config.js';
import { cctpLanes, type CctpLane } from './lanes.js';
import { evmBurnTx, evmRelayedBurnTx, evmSwapAndRelayedBurnTx } from './evm.js';
import { leftPad32, mintRecipient } from './mint-recipient.js';
import { announceForwardingAccount } from './forwarding-book.js';
import { forwardingAccountBytes, forwardingAddress } from './noble-forwarding.js';
import { nobleBurnTx, nobleRelayedBurnTx } from './noble.js';
import { CCTP_ECHOED_FIELDS, cctpLaneOfRecord, cctpRecord } from './operation.js';
import { cctpQuote } from './quote.js';
import { solanaBurnTx } from './solana.js';

const lanes = perRegistry(cctpLanes);

function buildTx({
  registry,
  step,
  amount,
  sender,
  recipient,
  operationIndices,
  solana,
  swapBefore,
  ibcForward,
}: BridgeTxInput<CctpLane>) {
  const { lane } = step;
  // Carrying the IBC transfer from Noble: mint to the forwarding account for that channel and receiver, with the
  // user's Noble address as the fallback that receives the USDC should the forward fail.
  let recipientBytes: Uint8Array;
  if (ibcForward) {
    recipientBytes = leftPad32(forwardingAccountBytes(ibcForward.channel, ibcForward.receiver, recipient));
    // The account forwards once registered; the tracker registers it after the mint and needs these fields for it.
    announceForwardingAccount({
      address: forwardingAddress(ibcForward.channel, ibcForward.receiver, recipient),
      channel: ibcForward.channel,
      recipient: ibcForward.receiver,
      fallback: recipient,
    });
  } else {
    recipientBytes = mintRecipient(registry, lane.toChainId, recipient);
  }
  const path = [lane.fromChainId, lane.toChainId];
  if (swapBefore && !swapsBefore(registry, lane, swapRunners(swapBefore)))
    throw new Error(`no swap-then-burn entry point on ${lane.fromChainId}`);
  if (lane.relayed)
    return relayedTx(registry, lane, amount, sender, recipientBytes, path, operationIndices, swapBefore);
  switch (registry.chain(lane.fromChainId)?.wire.chain_type) {
    case 'cosmos':
      return {
        cosmos_tx: nobleBurnTx(
          {
            from: sender,
            amount,
            destinationDomain: lane.destinationDomain,
            mintRecipient: recipientBytes,
            burnToken: lane.denomIn,
          },
          path,
        ),
        operations_indices: operationIndices,
      };
    case 'evm':
      return {
        evm_tx: evmBurnTx({
          chainId: lane.fromChainId,
          tokenMessenger: cctpConfig().tokenMessenger.get(lane.fromChainId)!,
          usdc: lane.denomIn,
          amount,
          destinationDomain: lane.destinationDomain,
          mintRecipient: recipientBytes,
          signer: sender,
        }),
        operations_indices: operationIndices,
      };
    case 'svm': {
      if (!solana) {
        throw new ApiError(
          GrpcCode.FAILED_PRECONDITION,
          'a Solana transaction needs a recent blockhash, and this instance has no Solana RPC endpoint: set CHAIN_RPC_URLS=solana=<JSON-RPC URL>',
          { reason: 'NO_SOLANA_ENDPOINT' },
        );
      }
      return {
        svm_tx: solanaBurnTx({
          owner: sender,
          feePayer: solana.feePayer,
          amount,
          destinationDomain: lane.destinationDomain,
          mintRecipient: recipientBytes,
          recentBlockhash: solana.recentBlockhash,
          eventKeySeed: solana.newKeypairSeed(),
        }),
        operations_indices: operationIndices,
      };
    }
    default:
      throw new Error(`CCTP lane from unknown chain ${lane.fromChainId}`);
  }
}

/** The smart-relayed burn: out of Noble (burn with caller + fee bank send) or into Noble (Skip's relayer). */
function relayedTx(
  registry: Registry,
  lane: CctpLane,
  amount: bigint,
  sender: string,
  recipientBytes: Uint8Array,
  path: string[],
  operationIndices: number[],
  swapBefore?: EvmSwapCall,
) {
  const { relay } = cctpConfig();
  const fee = lane.relayFee;
  if (amount <= fee) throw invalidArgument(`the amount ${amount} does not cover the CCTP relaying fee of ${fee}`);
  const burnt = amount - fee;
  if (lane.fromChainId === 'noble-1') {
    return {
      cosmos_tx: nobleRelayedBurnTx(
        {
          from: sender,
          amount: burnt,
          destinationDomain: lane.destinationDomain,
          mintRecipient: recipientBytes,
          burnToken: lane.denomIn,
          destinationCaller: mintRecipient(registry, lane.toChainId, relay.evmCaller),
          fee,
          feeReceiver: relay.nobleFeeReceiver,
        },
        path,
      ),
      operations_indices: operationIndices,
    };
  }
  const fields = {
    chainId: lane.fromChainId,
    tokenMessenger: cctpConfig().tokenMessenger.get(lane.fromChainId)!,
    relayer: relay.relayer.get(lane.fromChainId)!,
    usdc: lane.denomIn,
    amount: burnt,
    fee,
    destinationDomain: lane.destinationDomain,
    mintRecipient: recipientBytes,
    destinationCaller: mintRecipient(registry, 'noble-1', relay.nobleFeeReceiver),
    signer: sender,
  };
  return {
    evm_tx: swapBefore
      ? evmSwapAndRelayedBurnTx(fields, relayerSwap(lane.fromChainId, swapBefore))
      : evmRelayedBurnTx(fields),
    operations_indices: operationIndices,
  };
}

/**
 * Skip's CCTP relayer swaps before it burns (swapAndRequestCCTPTransferWithCaller): a relayed lane from an EVM chain
 * where the relayer is deployed takes a swap on that chain into the same transaction, when the router the relayer
 * calls can run it — Uniswap's SwapRouter02 a swap of Uniswap's own pools, Skip's SkipGoSwapRouter one path of pools its
 * adapters take (Aerodrome Slipstream's too, where its VELODROME adapter is deployed).
 */
function swapsBefore(_registry: Registry, lane: CctpLane, swap: EvmSwapRunners): boolean {
  if (!lane.relayed || !cctpConfig().relay.relayer.has(lane.fromChainId)) return false;
  const router = relayerRouter(lane.fromChainId);
  return (router === 'swap-router-02' && swap.swapRouter02) || (router === 'skip-go' && swap.skipGo);
}

/** The kind of router the chain's relayer calls with the swap calldata (its setSwapRouter), if Junction knows it. */
function relayerRouter(chainId: string): 'swap-router-02' | 'skip-go' | undefined {
  const { relay } = cctpConfig();
  const router = relay.relayerSwapRouter.get(chainId);
  if (router === undefined) return undefined;
  if (getAddress(router) === uniswapChain(chainId)?.swapRouter02) return 'swap-router-02';
  return isSkipGoSwapRouter(chainId, router) ? 'skip-go' : undefined;
}

/** The swap's calldata for the router the chain's relayer calls. */
function relayerSwap(chainId: string, swap: EvmSwapCall): EvmSwapCall {
  const router = relayerRouter(chainId);
  if (router === 'swap-router-02') {
    // SwapRouter02 pays one affiliate of at most 100 bps; SkipGoSwapRouter pays them all.
    if (swap.calldataRefused) throw invalidArgument(swap.calldataRefused);
    return swap;
  }
  if (router === 'skip-go' && swap.skipGoCalldata) return { ...swap, calldata: swap.skipGoCalldata };
  throw new Error(`Skip's CCTP relayer on ${chainId} cannot run this swap`);
}

/**
 * A relayed burn out of Noble sent by Noble's Orbiter module when an ICS-20 packet brings the USDC: the packet goes to
 * the Orbiter module account with an `orbiter` memo whose fee action pays the relaying fee to Noble's relayer account
 * and whose CCTP forwarding burns the rest, the EVM relayer as its only caller (noble-assets/orbiter
 * docs/integration.md; the memo as Skip's August 2026 answers write it, v2 fee attributes with a fixed amount:
 * alloyrebalancer test-fixtures stageE1-good.json at 51cbcc2). A failing action or burn reverts the packet's receipt,
 * so the error acknowledgement refunds the sender on the source chain.
 */
const sentOnArrival: NonNullable<LaneBridge<CctpLane>['sentOnArrival']> = {
  applies(registry, lane) {
    return (
      lane.fromChainId === 'noble-1' &&
      lane.relayed &&
      cctpConfig().relay.nobleOrbiter !== undefined &&
      registry.chain(lane.toChainId)?.wire.chain_type === 'evm'
    );
  },
  arrival({ registry, lane, recipient }) {
    const { relay } = cctpConfig();
    const base64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
    return {
      receiver: relay.nobleOrbiter!,
      memo: {
        orbiter: {
          pre_actions: [
            {
              id: 'ACTION_FEE',
              attributes: {
                '@type': '/noble.orbiter.controller.action.v2.FeeAttributes',
                fees_info: [{ recipient: relay.nobleFeeReceiver, amount: { value: lane.relayFee.toString() } }],
              },
            },
          ],
          forwarding: {
            protocol_id: 'PROTOCOL_CCTP',
            attributes: {
              '@type': '/noble.orbiter.controller.forwarding.v1.CCTPAttributes',
              destination_domain: lane.destinationDomain,
              mint_recipient: base64(mintRecipient(registry, lane.toChainId, recipient)),
              destination_caller: base64(mintRecipient(registry, lane.toChainId, relay.evmCaller)),
            },
            passthrough_payload: '',
          },
        },
      },
    };
  },
};

export const cctpBridge: LaneBridge<CctpLane> = {
  kind: 'lanes',
  id: 'CCTP',
  name: 'CCTP',
  operationKind: 'cctp_transfer',
  logoUri: 'https://raw.githubusercontent.com/cosmos/chain-registry/master/noble/images/USDCoin.svg',
  lanes,
  quote: cctpQuote,
  operation: (_registry, step) => cctpRecord(step),
  laneOfRecord: (registry, record, at, expected) => cctpLaneOfRecord(lanes, registry, record, at, expected),
  echoedFields: CCTP_ECHOED_FIELDS,
  buildTx,
  sentOnArrival,
  swapsBefore,
  // The mint is a relayed transaction on the destination. Into Noble, an IBC transfer out of Noble rides along: the
  // burn mints to a forwarding account that sends it on (noble-forwarding.ts); anything else waits for the user.
  forwardsByIbc: true,
  carriesNext: (_registry, step, next) =>
    step.lane.toChainId === 'noble-1' && next?.kind === 'transfer' && next.chainId === 'noble-1',
  eligible: (lane, options) => {
    // Every relayed lane has its unrelayed twin (lanes.ts).
    if (lane.relayed && !options.smartRelay)
      return { why: 'smart_relay is false: CCTP burns go unrelayed (no relaying fee)', twinOpen: true };
    // Unrelayed burns into Noble are minted by Noble's own CCTP relayers, for nothing: with smart_relay both forms
    // stay open and the cost decides (the free one, unless an operator's figures make the relayed one faster).
    // Anywhere else the user would have to mint, so smart_relay takes the relayed form where there is one.
    if (!lane.relayed && options.smartRelay && lane.relayedTwin && lane.toChainId !== 'noble-1')
      return { why: 'smart_relay: the relayed form of the CCTP transfer is used', twinOpen: true };
    if (!lane.relayed && options.smartRelay && lane.toChainId !== 'noble-1')
      return {
        why: `smart_relay: nobody mints CCTP transfers on ${lane.toChainId} for the user (set smart_relay to false to submit the mint yourself)`,
        twinOpen: false,
      };
    return undefined;
  },
};
