/** The Go Fast gateway's ABI on its own, so the explorer page can decode orders without the server's config files. */
import { parseAbi } from 'viem';

export const GO_FAST_GATEWAY_ABI = parseAbi([
  'function submitOrder(bytes32 sender, bytes32 recipient, uint256 amountIn, uint256 amountOut, uint32 destinationDomain, uint64 timeoutTimestamp, bytes data) returns (bytes32)',
  'event OrderSubmitted(bytes32 indexed orderID, bytes order)',
]);

/**
 * Skip's GoFastHandler (skip-go-evm-contracts AxelarHandler/src/GoFastHandler.sol): swaps `swapAmountIn` of `tokenIn`
 * (zero: the native token, sent as value) through its swap router and submits the order of the whole output, the
 * recipient to be paid that output less `executionFeeAmount` and `solverFeeBPS` of it; the unswapped input is refunded.
 */
export const GO_FAST_HANDLER_ABI = parseAbi([
  'function swapAndSubmitOrder(address tokenIn, uint256 swapAmountIn, bytes swapCalldata, uint256 executionFeeAmount, uint256 solverFeeBPS, bytes32 sender, bytes32 recipient, uint32 destinationDomain, uint64 timeoutTimestamp, bytes destinationCalldata) payable returns (bytes32)',
  'function submitOrder(bytes32 sender, bytes32 recipient, uint256 amountIn, uint256 amountOut, uint32 destinationDomain, uint64 timeoutTimestamp, bytes data) returns (bytes32)',
]);
