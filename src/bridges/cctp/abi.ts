/** Circle's TokenMessenger (V1) and Skip's CCTPRelayer: the ABIs alone, importable without the server's config (the explorer page decodes with them). */
import { parseAbi } from 'viem';

export const TOKEN_MESSENGER_ABI = parseAbi([
  'function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken) returns (uint64 nonce)',
  'event DepositForBurn(uint64 indexed nonce, address indexed burnToken, uint256 amount, address indexed depositor, bytes32 mintRecipient, uint32 destinationDomain, bytes32 destinationTokenMessenger, bytes32 destinationCaller)',
]);

/** Skip's CCTPRelayer (execution-mechanics §5.3): pulls transferAmount + feeAmount, burns transferAmount. */
export const CCTP_RELAYER_ABI = parseAbi([
  'function requestCCTPTransferWithCaller(uint256 transferAmount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, uint256 feeAmount, bytes32 destinationCaller)',
  // Skip's swap-then-burn entry (skip-mev/skip-go-evm-contracts CCTPRelayer.sol, abi/CCTPRelayer.json): takes
  // inputAmount of inputToken (the zero address: the native token, as value), calls its swap router with
  // swapCalldata, keeps feeAmount of the USDC that comes out and burns the rest.
  'function swapAndRequestCCTPTransferWithCaller(address inputToken, uint256 inputAmount, bytes swapCalldata, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, uint256 feeAmount, bytes32 destinationCaller) payable',
]);
