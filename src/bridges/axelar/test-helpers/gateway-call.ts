/**
 * An EVM source transaction of an Axelar GMP call with token, as Skip's AxelarHandler makes it in one transaction
 * (gmpTransferERC20Token): the gas service's NativeGasPaidForContractCallWithToken, then the gateway's
 * ContractCallWithToken (axelar-cgp-solidity IAxelarGateway / IAxelarGasService), at the addresses of
 * data/contracts.json. For the contract suite's tracking sample.
 */
import { keccak256, parseAbiItem, getAbiItem, type Hex } from 'viem';
import { evmLog, evmSourceTx } from '../../test-helpers/source-txs.js';
import type { IncludedTx } from '../../../tx/tracker.js';
import { GATEWAY_ABI } from '../abi.js';
import { axelarConfig } from '../config.js';

const NATIVE_GAS_PAID = parseAbiItem(
  'event NativeGasPaidForContractCallWithToken(address indexed sourceAddress, string destinationChain, string destinationAddress, bytes32 indexed payloadHash, string symbol, uint256 amount, uint256 gasFeeAmount, address refundAddress)',
);

export interface GatewayCall {
  chainId: string;
  /** Axelar's name of the destination chain (bridge-domains.json axelar_chain_name). */
  destinationChain: string;
  destinationContractAddress: string;
  payload: Hex;
  symbol: string;
  amount: bigint;
  refundAddress: string;
}

export function contractCallWithTokenTx(call: GatewayCall): IncludedTx {
  const cfg = axelarConfig();
  const handler = cfg.handler.get(call.chainId)!;
  const payloadHash = keccak256(call.payload);
  const common = { destinationChain: call.destinationChain, payloadHash, symbol: call.symbol, amount: call.amount };
  return evmSourceTx(call.chainId, handler, [
    evmLog(cfg.gasService, NATIVE_GAS_PAID, {
      ...common,
      sourceAddress: handler,
      destinationAddress: call.destinationContractAddress,
      gasFeeAmount: 10n ** 17n,
      refundAddress: call.refundAddress,
    }),
    evmLog(cfg.gateway.get(call.chainId)!, getAbiItem({ abi: GATEWAY_ABI, name: 'ContractCallWithToken' }), {
      ...common,
      sender: handler,
      destinationContractAddress: call.destinationContractAddress,
      payload: call.payload,
    }),
  ]);
}
