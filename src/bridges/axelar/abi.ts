/** Axelar's gateway and Skip's Axelar handler: the ABIs alone, importable without the server's config (the explorer page decodes with them). */
import { parseAbi } from 'viem';

export const GATEWAY_ABI = parseAbi([
  'event ContractCallWithToken(address indexed sender, string destinationChain, string destinationContractAddress, bytes32 indexed payloadHash, bytes payload, string symbol, uint256 amount)',
]);

export const HANDLER_ABI = parseAbi([
  'function gmpTransferERC20Token(string destinationChain, string contractAddress, bytes payload, string symbol, uint256 amount, uint256 gasPaymentAmount) payable',
  'function swapAndGmpTransferERC20Token(address inputToken, uint256 amount, bytes swapCalldata, string destinationChain, string contractAddress, bytes payload, string symbol, uint256 gasPaymentAmount) payable',
]);
