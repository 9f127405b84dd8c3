/**
 * The EVM transaction of an IOFT `send` (LayerZero OFTs and Stargate V2 pools, execution mechanics §11): taxi mode,
 * `minAmountLD` from the caller's slippage tolerance, the native messaging fee as `MessagingFee.nativeFee` and as the
 * value (plus the amount itself when the token is the chain's gas token), the sender as refund address. An ERC-20
 * the contract pulls with `transferFrom` needs an approval of the contract first.
 */
import type { Static } from '@sinclair/typebox';
import { decodeFunctionResult, encodeFunctionData, pad, type Hex, type PublicClient } from 'viem';
import type { EvmTx } from '../../wire/msgs.js';
import { ethCall } from '../live-fees.js';
import type { BridgeTxInput, Lane } from '../types.js';
import { encodeSend, IOFT_ABI, minAmountAfterSlippage, oftRecipient, taxiSendParam, type SendParam } from './oft.js';

interface OftSendFields {
  chainId: string;
  /** The OFT / pool the wallet calls. */
  contract: string;
  /** The ERC-20 approved to the contract when `approvalRequired`. */
  token: string;
  approvalRequired: boolean;
  /** The amount is the chain's gas token: it rides in the value. */
  nativeToken: boolean;
  dstEid: number;
  to: Hex;
  amount: bigint;
  minAmountLD: bigint;
  nativeFee: bigint;
  signer: string;
}

function oftSendTx(f: OftSendFields): Static<typeof EvmTx> {
  const data = encodeSend(taxiSendParam(f.dstEid, f.to, f.amount, f.minAmountLD), f.nativeFee, f.signer as Hex);
  return {
    chain_id: f.chainId,
    to: f.contract,
    value: (f.nativeFee + (f.nativeToken ? f.amount : 0n)).toString(),
    // The wire carries calldata without 0x; the SDK prepends it.
    data: data.slice(2),
    required_erc20_approvals: f.approvalRequired
      ? [{ token_contract: f.token, spender: f.contract, amount: f.amount.toString() }]
      : [],
    signer_address: f.signer,
  };
}

/** When the caller gives no slippage tolerance (messages/build.ts always passes one). */
const DEFAULT_SLIPPAGE_PPM = 10_000n;

/** What the OFT bridges' lanes (LayerZero OFTs, Stargate pools) have in common. */
interface OftLane extends Lane {
  readonly dstEid: number;
  /** Local decimals per shared decimal on the source chain. */
  readonly rate: bigint;
}

/** How one OFT bridge sends on a lane: its contract, the token's handling, and its quote for the committed amount. */
interface OftLaneSend {
  contract: string;
  approvalRequired: boolean;
  nativeToken: boolean;
  /** The quoted output in shared decimals, from which the caller's slippage tolerance sets `minAmountLD`. */
  expectedOutSd: bigint;
  nativeFee: bigint;
}

/** An OFT bridge's buildTx answer: the lane's IOFT `send` of the committed amount. */
export function oftLaneTx(input: BridgeTxInput<OftLane>, send: OftLaneSend) {
  const { lane } = input.step;
  return {
    evm_tx: oftSendTx({
      chainId: lane.fromChainId,
      contract: send.contract,
      token: lane.denomIn,
      approvalRequired: send.approvalRequired,
      nativeToken: send.nativeToken,
      dstEid: lane.dstEid,
      to: oftRecipient(input.registry, lane.toChainId, input.recipient),
      amount: input.amount,
      minAmountLD: minAmountAfterSlippage(send.expectedOutSd, input.slippagePpm ?? DEFAULT_SLIPPAGE_PPM, lane.rate),
      nativeFee: send.nativeFee,
      signer: input.sender,
    }),
    operations_indices: input.operationIndices,
  };
}

/**
 * The send the OFT bridges' live fee probes quote: one whole token (10^6 shared units) to a placeholder recipient
 * (the messaging fee depends on neither).
 */
export const probeSendParam = (lane: OftLane): SendParam =>
  taxiSendParam(lane.dstEid, pad('0x01' as Hex), lane.rate * 10n ** 6n, 0n);

/** `quoteSend(param, false)` on `contract`: the native messaging fee. */
export async function quoteSendFee(client: PublicClient, contract: string, param: SendParam): Promise<bigint> {
  const fee = await ethCall(
    client,
    contract,
    encodeFunctionData({ abi: IOFT_ABI, functionName: 'quoteSend', args: [param, false] }),
  );
  return decodeFunctionResult({ abi: IOFT_ABI, functionName: 'quoteSend', data: fee }).nativeFee;
}
