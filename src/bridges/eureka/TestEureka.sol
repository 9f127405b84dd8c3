// SPDX-License-Identifier: Apache-2.0
// Junction's own stand-ins for the Ethereum side of IBC Eureka (not the cosmos/solidity-ibc-eureka or Skip code).
// TestICS20Transfer implements the published ICS20Transfer entry `sendTransfer((address denom, uint256 amount,
// string receiver, string sourceClient, string destPort, uint64 timeoutTimestamp, string memo))` (0x2ac3dc38): it
// escrows the tokens with transferFrom and hands the router one ICS-20 payload (version ics20-1, encoding
// application/x-solidity-abi) whose value is the ABI-encoded FungibleTokenPacketData (denom = the ERC-20 address in
// lowercase hex, sender, receiver, amount, memo).
// TestICS26Router stands in for the published ICS26Router's events (cosmos/solidity-ibc-eureka
// contracts/interfaces/IICS26Router.sol): sendPacket emits `SendPacket(string indexed clientId, uint256 indexed
// sequence, Packet packet)` and, like the published sendPacket, refuses a timeout not after block.timestamp
// (IBCInvalidTimeoutTimestamp) or more than MAX_TIMEOUT_DURATION = 1 day after it (IBCInvalidTimeoutDuration). The
// relayer's calls emit what the published router emits for them, without proofs: recvPacket
// `WriteAcknowledgement(string indexed clientId (the destination client), uint256 indexed sequence, Packet packet,
// bytes[] acknowledgements)`, ackPacket `AckPacket(string indexed clientId (the source client), uint256 indexed
// sequence, Packet packet, bytes acknowledgement)`, timeoutPacket `TimeoutPacket(string indexed clientId, uint256
// indexed sequence, Packet packet)`.
// TestEurekaHandler implements Skip's published EurekaHandler entry `transfer(uint256, TransferParams, Fees)`
// (0xeecf31f9) as the published contract (skip-mev/skip-go-evm-contracts EurekaHandler.sol) runs it: the relay fee
// moves straight from the user to relayFeeRecipient (transferFrom), the amount to the handler, which hands it to
// ICS20Transfer.sendTransferWithSender naming the user as the packet's sender (so a refund returns to the user), then
// emits its own `Transfer(address indexed token, uint256 amount, uint256 relayFee)` (not the ERC-20 event).
// TestICS20Transfer.sendTransferWithSender (the published entry is restricted to a delegate-sender role, not modelled
// here) escrows from the caller and puts `sender` in the packet.
// Addresses are immutables so that the runtime code can be copied to the mainnet addresses with anvil_setCode.
pragma solidity ^0.8.20;

interface IToken {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

struct SendTransferMsg {
    address denom;
    uint256 amount;
    string receiver;
    string sourceClient;
    string destPort;
    uint64 timeoutTimestamp;
    string memo;
}

struct Payload {
    string sourcePort;
    string destPort;
    string version;
    string encoding;
    bytes value;
}

struct Packet {
    uint64 sequence;
    string sourceClient;
    string destClient;
    uint64 timeoutTimestamp;
    Payload[] payloads;
}

struct FungibleTokenPacketData {
    string denom;
    string sender;
    string receiver;
    uint256 amount;
    string memo;
}

struct MsgSendPacket {
    string sourceClient;
    uint64 timeoutTimestamp;
    Payload payload;
}

contract TestICS26Router {
    uint64 public sequence;
    uint256 private constant MAX_TIMEOUT_DURATION = 1 days;

    error IBCInvalidTimeoutTimestamp(uint256 timeoutTimestamp, uint256 comparedTimestamp);
    error IBCInvalidTimeoutDuration(uint256 maxTimeoutDuration, uint256 timeoutDuration);

    event SendPacket(string indexed clientId, uint256 indexed sequence, Packet packet);
    event WriteAcknowledgement(string indexed clientId, uint256 indexed sequence, Packet packet, bytes[] acknowledgements);
    event AckPacket(string indexed clientId, uint256 indexed sequence, Packet packet, bytes acknowledgement);
    event TimeoutPacket(string indexed clientId, uint256 indexed sequence, Packet packet);

    function sendPacket(MsgSendPacket calldata m) external returns (uint64) {
        if (m.timeoutTimestamp <= block.timestamp) {
            revert IBCInvalidTimeoutTimestamp(m.timeoutTimestamp, block.timestamp);
        }
        if (m.timeoutTimestamp - block.timestamp > MAX_TIMEOUT_DURATION) {
            revert IBCInvalidTimeoutDuration(MAX_TIMEOUT_DURATION, m.timeoutTimestamp - block.timestamp);
        }
        sequence += 1;
        Payload[] memory payloads = new Payload[](1);
        payloads[0] = m.payload;
        emit SendPacket(m.sourceClient, sequence, Packet(sequence, m.sourceClient, "08-wasm-1369", m.timeoutTimestamp, payloads));
        return sequence;
    }

    function recvPacket(Packet calldata packet, bytes calldata ack) external {
        bytes[] memory acks = new bytes[](1);
        acks[0] = ack;
        emit WriteAcknowledgement(packet.destClient, packet.sequence, packet, acks);
    }

    function ackPacket(Packet calldata packet, bytes calldata ack) external {
        emit AckPacket(packet.sourceClient, packet.sequence, packet, ack);
    }

    function timeoutPacket(Packet calldata packet) external {
        emit TimeoutPacket(packet.sourceClient, packet.sequence, packet);
    }
}

contract TestICS20Transfer {
    address public immutable router;

    constructor(address router_) {
        router = router_;
    }

    function sendTransfer(SendTransferMsg calldata m) external returns (uint64) {
        return send(m, msg.sender);
    }

    function sendTransferWithSender(SendTransferMsg calldata m, address sender) external returns (uint64) {
        return send(m, sender);
    }

    function send(SendTransferMsg calldata m, address sender) internal returns (uint64) {
        require(IToken(m.denom).transferFrom(msg.sender, address(this), m.amount), "escrow failed");
        Payload memory payload = Payload(
            "transfer",
            m.destPort,
            "ics20-1",
            "application/x-solidity-abi",
            abi.encode(FungibleTokenPacketData(hexOf(m.denom), hexOf(sender), m.receiver, m.amount, m.memo))
        );
        return TestICS26Router(router).sendPacket(MsgSendPacket(m.sourceClient, m.timeoutTimestamp, payload));
    }

    function hexOf(address a) internal pure returns (string memory) {
        bytes memory digits = "0123456789abcdef";
        bytes memory out = new bytes(42);
        out[0] = "0";
        out[1] = "x";
        uint160 v = uint160(a);
        for (uint256 i = 41; i > 1; i--) {
            out[i] = digits[v & 0xf];
            v >>= 4;
        }
        return string(out);
    }
}

struct TransferParams {
    address token;
    string recipient;
    string sourceClient;
    string destPort;
    uint64 timeoutTimestamp;
    string memo;
}

struct Fees {
    uint256 relayFee;
    address relayFeeRecipient;
    uint64 quoteExpiry;
}

contract TestEurekaHandler {
    address public immutable ics20Transfer;

    event Transfer(address indexed token, uint256 amount, uint256 relayFee);

    constructor(address ics20Transfer_) {
        ics20Transfer = ics20Transfer_;
    }

    function transfer(uint256 amount, TransferParams calldata p, Fees calldata fees) external payable {
        require(fees.quoteExpiry > block.timestamp, "fee quote expired");
        IToken token = IToken(p.token);
        if (fees.relayFee > 0) {
            require(token.transferFrom(msg.sender, fees.relayFeeRecipient, fees.relayFee), "fee payment failed");
        }
        require(token.transferFrom(msg.sender, address(this), amount), "pull failed");
        token.approve(ics20Transfer, amount);
        TestICS20Transfer(ics20Transfer).sendTransferWithSender(
            SendTransferMsg(p.token, amount, p.recipient, p.sourceClient, p.destPort, p.timeoutTimestamp, p.memo),
            msg.sender
        );
        emit Transfer(p.token, amount, fees.relayFee);
    }
}
