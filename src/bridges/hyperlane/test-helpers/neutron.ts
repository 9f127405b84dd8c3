/**
 * TIA warp messages from Neutron's CosmWasm router to Arbitrum's synthetic TIA.n, and the events Neutron's mailbox
 * emits when it dispatches one (many-things/cw-hyperlane contracts/core/mailbox/src/event.rs at 7569749c:
 * `wasm-mailbox_dispatch` with sender, destination, recipient and the message in hex, `wasm-mailbox_dispatch_id` with
 * its id). Used by track.test.ts (on a local Neutron) and by the contract suite's tracking sample.
 */
import { encodePacked, getAddress, keccak256, pad, slice, type Hex } from 'viem';
import type { CosmosEvent } from '../../../tx/tracker.js';
import { bech32Bytes32 } from '../../test-helpers/source-txs.js';

export const TIA_N = getAddress('0xD56734d7f9979dD94FAE3d67C7e928234e71cD4C');
export const ARBITRUM_DOMAIN = 42161;
export const NEUTRON_DOMAIN = 1853125230;
export const NEUTRON_ROUTER = 'neutron1jyyjd3x0jhgswgm6nnctxvzla8ypx50tew3ayxxwkrjfxhvje6kqzvzudq';
/** Neutron's Hyperlane mailbox (hyperlane-monorepo's Neutron deployment scripts and agent tests name it). */
const NEUTRON_MAILBOX = 'neutron1sjzzd4gwkggy6hrrs8kxxatexzcuz3jecsxm3wqgregkulzj8r7qlnuef4';

/** A warp message from Neutron's router to Arbitrum's (Message.sol layout; warp body: recipient, amount). */
export function neutronWarpMessage(m: { version: number; nonce: number; to: Hex; amount: bigint }): Hex {
  return encodePacked(
    ['uint8', 'uint32', 'uint32', 'bytes32', 'uint32', 'bytes32', 'bytes32', 'uint256'],
    [
      m.version,
      m.nonce,
      NEUTRON_DOMAIN,
      bech32Bytes32(NEUTRON_ROUTER),
      ARBITRUM_DOMAIN,
      pad(TIA_N),
      pad(m.to),
      m.amount,
    ],
  );
}

/** The events of the Neutron transaction in which the warp router's transfer_remote dispatched `message`. */
export function neutronDispatchEvents(message: Hex): CosmosEvent[] {
  const hex = (h: Hex) => h.slice(2).toLowerCase();
  return [
    {
      type: 'wasm-mailbox_dispatch',
      attributes: [
        { key: '_contract_address', value: NEUTRON_MAILBOX },
        { key: 'sender', value: hex(slice(message, 9, 41)) },
        { key: 'destination', value: String(ARBITRUM_DOMAIN) },
        { key: 'recipient', value: hex(slice(message, 45, 77)) },
        { key: 'message', value: hex(message) },
      ],
    },
    {
      type: 'wasm-mailbox_dispatch_id',
      attributes: [
        { key: '_contract_address', value: NEUTRON_MAILBOX },
        { key: 'message_id', value: hex(keccak256(message)) },
      ],
    },
  ];
}
