/** Uniswap's SwapRouter02: the ABIs alone, importable without the server's config (the explorer page decodes with them). */
import { parseAbi } from 'viem';

export const SWAP_ROUTER_02_ABI = parseAbi([
  'struct ExactInputParams { bytes path; address recipient; uint256 amountIn; uint256 amountOutMinimum; }',
  'function exactInput(ExactInputParams params) payable returns (uint256 amountOut)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to) payable returns (uint256 amountOut)',
  'function unwrapWETH9(uint256 amountMinimum) payable',
  'function sweepToken(address token, uint256 amountMinimum) payable',
  // PeripheryPaymentsWithFeeExtended: pay the caller what the router holds less floor(balance × feeBips / 10⁴),
  // which goes to feeRecipient; 0 < feeBips ≤ 100; amountMinimum is checked on the balance before the fee.
  'function unwrapWETH9WithFee(uint256 amountMinimum, uint256 feeBips, address feeRecipient) payable',
  'function sweepTokenWithFee(address token, uint256 amountMinimum, uint256 feeBips, address feeRecipient) payable',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
]);
