/**
 * How the user funds a swap-then-bridge entry point (Skip's CCTP relayer, AxelarHandler, GoFastHandler): a native
 * input (the zero address) travels as the transaction's value; an ERC-20 input is pulled by the entry point, which
 * the wallet approves first for the swap's input amount.
 */
import { zeroAddress } from 'viem';
import type { EvmSwapCall } from './types.js';

export function swapInputFunding(
  swap: EvmSwapCall,
  entryPoint: string,
): { native: bigint; required_erc20_approvals: { token_contract: string; spender: string; amount: string }[] } {
  return swap.inputToken === zeroAddress
    ? { native: swap.amountIn, required_erc20_approvals: [] }
    : {
        native: 0n,
        required_erc20_approvals: [
          { token_contract: swap.inputToken, spender: entryPoint, amount: swap.amountIn.toString() },
        ],
      };
}
