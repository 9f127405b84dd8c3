/** Hyperlane's warp route router: the ABIs alone, importable without the server's config (the explorer page decodes with them). */
import { parseAbi } from 'viem';

export const WARP_ROUTER_ABI = parseAbi([
  'function transferRemote(uint32 _destination, bytes32 _recipient, uint256 _amountOrId) payable returns (bytes32 messageId)',
  'function quoteGasPayment(uint32 _destinationDomain) view returns (uint256)',
]);
