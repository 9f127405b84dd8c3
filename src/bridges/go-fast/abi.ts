/** The Go Fast gateway's ABI on its own, so the explorer page can decode orders without the server's config files. */
import { parseAbi } from 'viem';

export const GO_FAST_GATEWAY_ABI = parseAbi([
  'function submitOrder(bytes32 sender, bytes32 recipient, uint256 amountIn, uint256 amountOut, uint32 destinationDomain, uint64 timeoutTimestamp, bytes data) returns (bytes32)',
  'event OrderSubmitted(bytes32 indexed orderID, bytes order)',
]);
