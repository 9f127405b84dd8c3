/** IBC Eureka's ICS20Transfer and Skip's Eureka handler: the ABIs alone, importable without the server's config (the explorer page decodes with them). */
import { parseAbi } from 'viem';

export const ICS20_TRANSFER_ABI = parseAbi([
  'struct SendTransferMsg { address denom; uint256 amount; string receiver; string sourceClient; string destPort; uint64 timeoutTimestamp; string memo; }',
  'function sendTransfer(SendTransferMsg msg_) returns (uint64 sequence)',
]);

export const EUREKA_HANDLER_ABI = parseAbi([
  'struct TransferParams { address token; string recipient; string sourceClient; string destPort; uint64 timeoutTimestamp; string memo; }',
  'struct Fees { uint256 relayFee; address relayFeeRecipient; uint64 quoteExpiry; }',
  'function transfer(uint256 amount, TransferParams transferParams, Fees fees) payable',
]);
