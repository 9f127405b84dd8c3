/**
 * Go Fast orders as the EVM gateway emits them: `OrderSubmitted(bytes32 indexed orderID, bytes order)`, the order
 * packed as the gateway's OrderEncoder does (sender, recipient, amountIn, amountOut as 32 bytes each, nonce,
 * sourceDomain, destinationDomain as 4, timeoutTimestamp as 8, then data) and its id the keccak of those bytes.
 * track.test.ts checks this packing against TestGoFastGateway.sol's; the contract suite's sample uses it.
 */
import { encodePacked, getAbiItem, keccak256 } from 'viem';
import { evmLog, evmSourceTx } from '../../test-helpers/source-txs.js';
import type { IncludedTx } from '../../../tx/tracker.js';
import { GO_FAST_GATEWAY_ABI } from '../abi.js';
import type { GoFastOrder } from '../track.js';

export const encodeOrder = (o: GoFastOrder) =>
  encodePacked(
    ['bytes32', 'bytes32', 'uint256', 'uint256', 'uint32', 'uint32', 'uint32', 'uint64', 'bytes'],
    [
      o.sender,
      o.recipient,
      o.amountIn,
      o.amountOut,
      o.nonce,
      o.sourceDomain,
      o.destinationDomain,
      o.timeoutTimestamp,
      o.data,
    ],
  );

/**
 * The user's transaction on `chainId` whose gateway emits the order's OrderSubmitted: a submitOrder sent to the
 * gateway itself, or (`to`: Skip's GoFastHandler) a swapAndSubmitOrder whose handler submits the order.
 */
export function orderSubmittedTx(chainId: string, gateway: string, order: GoFastOrder, to = gateway): IncludedTx {
  const bytes = encodeOrder(order);
  const event = getAbiItem({ abi: GO_FAST_GATEWAY_ABI, name: 'OrderSubmitted' });
  return evmSourceTx(chainId, to, [evmLog(gateway, event, { orderID: keccak256(bytes), order: bytes })]);
}
