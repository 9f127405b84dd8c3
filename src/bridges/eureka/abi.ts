/** IBC Eureka's ICS20Transfer and Skip's Eureka handler: the ABIs alone, importable without the server's config (the explorer page decodes with them). */
import { parseAbi, parseAbiItem, parseAbiParameters } from 'viem';

export const ICS20_TRANSFER_ABI = parseAbi([
  'struct SendTransferMsg { address denom; uint256 amount; string receiver; string sourceClient; string destPort; uint64 timeoutTimestamp; string memo; }',
  'function sendTransfer(SendTransferMsg msg_) returns (uint64 sequence)',
]);

export const EUREKA_HANDLER_ABI = parseAbi([
  'struct TransferParams { address token; string recipient; string sourceClient; string destPort; uint64 timeoutTimestamp; string memo; }',
  'struct Fees { uint256 relayFee; address relayFeeRecipient; uint64 quoteExpiry; }',
  'function transfer(uint256 amount, TransferParams transferParams, Fees fees) payable',
]);

/**
 * The ICS26 router's packet events (cosmos/solidity-ibc-eureka contracts/interfaces/IICS26Router.sol): the client id
 * topic is the source client for SendPacket, AckPacket and TimeoutPacket, the destination client for
 * WriteAcknowledgement (which the router emits when it receives a packet).
 */
const PACKET_STRUCTS = [
  'struct Payload { string sourcePort; string destPort; string version; string encoding; bytes value; }',
  'struct Packet { uint64 sequence; string sourceClient; string destClient; uint64 timeoutTimestamp; Payload[] payloads; }',
] as const;
export const SEND_PACKET_EVENT = parseAbiItem([
  ...PACKET_STRUCTS,
  'event SendPacket(string indexed clientId, uint256 indexed sequence, Packet packet)',
]);
export const WRITE_ACKNOWLEDGEMENT_EVENT = parseAbiItem([
  ...PACKET_STRUCTS,
  'event WriteAcknowledgement(string indexed clientId, uint256 indexed sequence, Packet packet, bytes[] acknowledgements)',
]);
export const ACK_PACKET_EVENT = parseAbiItem([
  ...PACKET_STRUCTS,
  'event AckPacket(string indexed clientId, uint256 indexed sequence, Packet packet, bytes acknowledgement)',
]);
export const TIMEOUT_PACKET_EVENT = parseAbiItem([
  ...PACKET_STRUCTS,
  'event TimeoutPacket(string indexed clientId, uint256 indexed sequence, Packet packet)',
]);

/** ICS-20's FungibleTokenPacketData as the application/x-solidity-abi encoding lays it out (one tuple). */
export const ICS20_PACKET_DATA = parseAbiParameters(
  '(string denom, string sender, string receiver, uint256 amount, string memo)',
);
