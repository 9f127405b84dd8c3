/**
 * Stargate V2 (stargate_transfer): USDC, USDT and native ETH between the pools of EVM chains, with the pool's IOFT
 * `send` in taxi mode (the transfer's own LayerZero message, sent at once) from one transaction on the source chain;
 * the destination pool pays out when the message is delivered, so the hop ends the user's transaction.
 */
import { decodeFunctionResult, encodeFunctionData } from 'viem';
import type { Registry } from '../../registry/registry.js';
import { perRegistry } from '../../registry/per-registry.js';
import { ethCall, type LiveFeeProbe } from '../live-fees.js';
import { oftLaneTx, probeSendParam, quoteSendFee } from '../oft/evm.js';
import { IOFT_ABI, minAmountAfterSlippage } from '../oft/oft.js';
import type { BridgeTxInput, LaneBridge } from '../types.js';
import { stargateConfig } from './config.js';
import { stargateLanes, type StargateLane } from './lanes.js';
import { STARGATE_ECHOED_FIELDS, stargateLaneOfRecord, stargateRecord } from './operation.js';
import { stargateFees, stargateQuote } from './quote.js';

const lanes = perRegistry(stargateLanes);

function buildTx(input: BridgeTxInput<StargateLane>) {
  const { lane } = input.step;
  const q = stargateQuote(lane, input.amount, 'in');
  if ('refused' in q) throw new Error(`Stargate lane refused its committed amount: ${q.refused}`);
  return oftLaneTx(input, {
    contract: lane.pool,
    approvalRequired: !lane.nativeToken,
    nativeToken: lane.nativeToken,
    expectedOutSd: q.amountOut / lane.outRate,
    nativeFee: stargateFees(lane).nativeFee,
  });
}

const PPM = 1_000_000n;

/**
 * quoteSend (taxi) and quoteOFT for one whole token to a placeholder recipient: the messaging fee, and the pool's
 * current fee as a rate (a reward, when the pool pays one, counts as no fee). FeeLibV1 charges floor(sd × rate /
 * 10^6) + 1 shared units, so on 10^6 shared units the fee is the rate plus one: the rate is the fee less one unit,
 * scaled (the smallest whole rate that gives this fee when the quote was capped to a smaller amount).
 */
function feeProbes(registry: Registry): LiveFeeProbe[] {
  return lanes(registry).map((lane) => ({
    lane,
    chainId: lane.fromChainId,
    quote: async (client) => {
      const param = probeSendParam(lane);
      const [nativeFee, oft] = await Promise.all([
        quoteSendFee(client, lane.pool, param),
        ethCall(client, lane.pool, encodeFunctionData({ abi: IOFT_ABI, functionName: 'quoteOFT', args: [param] })),
      ]);
      const [, , receipt] = decodeFunctionResult({ abi: IOFT_ABI, functionName: 'quoteOFT', data: oft });
      // Both amounts of the receipt are in the source pool's local decimals.
      const received = receipt.amountReceivedLD / lane.rate;
      const sentSd = receipt.amountSentLD / lane.rate;
      const feeSd = sentSd > received ? sentSd - received : 0n;
      return {
        nativeFee,
        feePpm: feeSd > 0n ? ((feeSd - 1n) * PPM + sentSd - 1n) / sentSd : 0n,
      };
    },
  }));
}

export const stargateBridge: LaneBridge<StargateLane> = {
  kind: 'lanes',
  id: 'STARGATE',
  name: 'Stargate',
  operationKind: 'stargate_transfer',
  logoUri: stargateConfig().logoUri,
  lanes,
  quote: stargateQuote,
  operation: (registry, step) => stargateRecord(registry, step),
  laneOfRecord: (registry, record, at, expected) => stargateLaneOfRecord(lanes(registry), record, at, expected),
  echoedFields: STARGATE_ECHOED_FIELDS,
  buildTx,
  // The send's minAmountLD (oft/evm.ts), in the destination pool's decimals.
  minOutput: (lane, amountOut, slippagePpm) =>
    minAmountAfterSlippage(amountOut / lane.outRate, slippagePpm, lane.outRate),
  // The destination pool pays out when LayerZero delivers the message, in a transaction of its own.
  carriesNext: () => false,
  feeProbes,
};
