/**
 * CCTP V2: Circle's burn-and-mint of native USDC between V2 domains (EVM chains and Solana), in a standard form
 * (attested at hard finality, free) and a Fast Transfer form (attested in seconds for Circle's fee), each either
 * forwarded (Circle mints on the destination: smart_relay) or left for the recipient to mint. Noble has no V2 domain:
 * USDC into and out of Noble stays on CCTP V1 (src/bridges/cctp/).
 */
import { ApiError, GrpcCode } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import type { BridgeTxInput, LaneBridge } from '../types.js';
import { mintRecipient } from '../cctp/mint-recipient.js';
import { cctpV2Config } from './config.js';
import { evmV2BurnTx, forwardHookData } from './evm.js';
import { cctpV2Lanes, type CctpV2Lane } from './lanes.js';
import { CctpV2FeeRefresher } from './live-fees.js';
import { CCTP_V2_ECHOED_FIELDS, cctpV2LaneOfRecord, cctpV2Record } from './operation.js';
import { cctpV2MaxFee, cctpV2Quote } from './quote.js';
import { solanaV2BurnTx } from './solana.js';

const lanesByRegistry = new WeakMap<Registry, readonly CctpV2Lane[]>();

function lanes(registry: Registry): readonly CctpV2Lane[] {
  let l = lanesByRegistry.get(registry);
  if (!l) lanesByRegistry.set(registry, (l = cctpV2Lanes(registry)));
  return l;
}

/** The V2 lane refresher of this registry's lanes (the objects the engine quotes, so their live fees are the ones read). */
export function cctpV2FeeRefresher(registry: Registry, feesUrl: string | undefined, timeoutMs: number) {
  return new CctpV2FeeRefresher(lanes(registry), feesUrl, { timeoutMs });
}

function buildTx({ registry, step, amount, sender, recipient, operationIndices, solana }: BridgeTxInput<CctpV2Lane>) {
  const { lane } = step;
  const fields = {
    amount,
    destinationDomain: lane.destinationDomain,
    mintRecipient: mintRecipient(registry, lane.toChainId, recipient),
    maxFee: cctpV2MaxFee(lane, amount),
    minFinalityThreshold: lane.minFinalityThreshold,
    ...(lane.forwarded ? { hookData: forwardHookData() } : {}),
  };
  if (registry.chain(lane.fromChainId)?.wire.chain_type === 'svm') {
    if (!solana) {
      throw new ApiError(
        GrpcCode.FAILED_PRECONDITION,
        'a Solana transaction needs a recent blockhash, and this instance has no Solana RPC endpoint: set CHAIN_RPC_URLS=solana=<JSON-RPC URL>',
        { reason: 'NO_SOLANA_ENDPOINT' },
      );
    }
    return {
      svm_tx: solanaV2BurnTx({
        ...fields,
        owner: sender,
        feePayer: solana.feePayer,
        recentBlockhash: solana.recentBlockhash,
        eventKeySeed: solana.newKeypairSeed(),
      }),
      operations_indices: operationIndices,
    };
  }
  return {
    evm_tx: evmV2BurnTx({
      ...fields,
      chainId: lane.fromChainId,
      tokenMessenger: cctpV2Config().tokenMessenger,
      usdc: lane.denomIn,
      signer: sender,
    }),
    operations_indices: operationIndices,
  };
}

export const cctpV2Bridge: LaneBridge<CctpV2Lane> = {
  kind: 'lanes',
  id: 'CCTP_V2',
  name: 'CCTP V2',
  operationKind: 'cctp_transfer_v2',
  logoUri: 'https://raw.githubusercontent.com/cosmos/chain-registry/master/noble/images/USDCoin.svg',
  lanes,
  quote: cctpV2Quote,
  operation: (_registry, step) => cctpV2Record(step),
  laneOfRecord: (registry, record, at, expected) => cctpV2LaneOfRecord(lanes(registry), record, at, expected),
  echoedFields: CCTP_V2_ECHOED_FIELDS,
  buildTx,
  // The mint is a transaction of its own on the destination (Circle's, or the recipient's).
  carriesNext: () => false,
  eligible: (lane, options) => {
    // Every forwarded lane has its unforwarded twin and every fast lane its standard twin (lanes.ts).
    if (lane.forwarded && !options.smartRelay)
      return {
        why: 'smart_relay is false: the CCTP V2 mint is left to the recipient (no forwarding fee)',
        twinOpen: true,
      };
    if (!lane.forwarded && options.smartRelay) {
      return lane.forwardedTwin
        ? { why: "smart_relay: Circle's Forwarding Service mints on the destination", twinOpen: true }
        : {
            why: `smart_relay: nobody mints CCTP V2 transfers on ${lane.toChainId} for the user (set smart_relay to false to submit the mint yourself)`,
            twinOpen: false,
          };
    }
    if (lane.speed === 'fast' && !options.goFast)
      return { why: 'go_fast is false: the standard (free) CCTP V2 transfer is used', twinOpen: true };
    if (lane.speed === 'standard' && options.goFast && lane.fastTwin)
      return { why: 'go_fast: the CCTP V2 Fast Transfer is used', twinOpen: true };
    return undefined;
  },
};
