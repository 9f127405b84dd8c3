// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

/// The destination side of a Stargate V2 taxi in tests: what a pool emits when TokenMessaging hands it a delivered
/// packet (IOFT's OFTReceived, with the event signature of LayerZero's IOFT.sol that Stargate V2 pools implement). Placed at a pool's
/// mainnet address on a second local chain, where Stargate's own contracts cannot be recreated (their deployment
/// records ship for Ethereum only).
contract OftReceivedStandIn {
    event OFTReceived(bytes32 indexed guid, uint32 srcEid, address indexed toAddress, uint256 amountReceivedLD);

    function receiveTaxi(bytes32 guid, uint32 srcEid, address to, uint256 amountLD) external {
        emit OFTReceived(guid, srcEid, to, amountLD);
    }
}
