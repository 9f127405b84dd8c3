// SPDX-License-Identifier: Apache-2.0
// Junction's own test contracts (not LayerZero's or Stargate's code), written from the published interfaces: IOFT's
// SendParam / MessagingFee / OFTReceipt structs, its quoteOFT / quoteSend / send functions and OFTSent event, the
// endpoint's send(MessagingParams, refundAddress) with PacketSent, the OFT message (bytes32 to, uint64 amountSD) and
// Stargate's pool behaviour (IStargate extends IOFT; ERC-20 pools pull the token, the native pool takes it in the
// value; a protocol fee on the shared amount; taxi when oftCmd is empty). Why not the real bytecode: the npm packages
// that ship it bring large trees (@layerzerolabs/lz-evm-protocol-v2 has non-optional peers that pull hardhat-deploy;
// @stargatefinance/stg-evm-v2 is 40 MB with ethers 5 and a dozen LayerZero packages). Enough to run the transactions
// Junction builds end to end and to check what reaches the messaging layer.
pragma solidity ^0.8.20;

struct SendParam {
    uint32 dstEid;
    bytes32 to;
    uint256 amountLD;
    uint256 minAmountLD;
    bytes extraOptions;
    bytes composeMsg;
    bytes oftCmd;
}

struct MessagingFee {
    uint256 nativeFee;
    uint256 lzTokenFee;
}

struct MessagingReceipt {
    bytes32 guid;
    uint64 nonce;
    MessagingFee fee;
}

struct MessagingParams {
    uint32 dstEid;
    bytes32 receiver;
    bytes message;
    bytes options;
    bool payInLzToken;
}

struct OFTLimit {
    uint256 minAmountLD;
    uint256 maxAmountLD;
}

struct OFTFeeDetail {
    int256 feeAmountLD;
    string description;
}

struct OFTReceipt {
    uint256 amountSentLD;
    uint256 amountReceivedLD;
}

/// A LayerZero V2 endpoint reduced to what a sender sees: a quote, a fee check with refund of the excess, the packet.
contract TestEndpointV2 {
    uint32 public immutable eid;
    uint256 public nativeFee;
    uint64 public outboundNonce;

    event PacketSent(bytes encodedPayload, bytes options, address sendLibrary);

    constructor(uint32 eid_, uint256 nativeFee_) {
        eid = eid_;
        nativeFee = nativeFee_;
    }

    function setNativeFee(uint256 fee) external {
        nativeFee = fee;
    }

    function quote(MessagingParams calldata, address) external view returns (MessagingFee memory) {
        return MessagingFee(nativeFee, 0);
    }

    function send(MessagingParams calldata p, address refundAddress) external payable returns (MessagingReceipt memory r) {
        require(msg.value >= nativeFee, "LZ: insufficient fee");
        uint64 nonce = ++outboundNonce;
        bytes32 sender = bytes32(uint256(uint160(msg.sender)));
        bytes32 guid = keccak256(abi.encodePacked(nonce, eid, sender, p.dstEid, p.receiver));
        // Packet V1: version, nonce, srcEid, sender, dstEid, receiver | guid, message.
        emit PacketSent(abi.encodePacked(uint8(1), nonce, eid, sender, p.dstEid, p.receiver, guid, p.message), p.options, address(this));
        if (msg.value > nativeFee) {
            (bool ok, ) = refundAddress.call{value: msg.value - nativeFee}("");
            require(ok, "LZ: refund failed");
        }
        r = MessagingReceipt(guid, nonce, MessagingFee(nativeFee, 0));
    }
}

abstract contract OftBase {
    error SlippageExceeded(uint256 amountLD, uint256 minAmountLD);

    event OFTSent(bytes32 indexed guid, uint32 dstEid, address indexed fromAddress, uint256 amountSentLD, uint256 amountReceivedLD);

    TestEndpointV2 public immutable endpoint;
    uint256 public immutable decimalConversionRate;
    mapping(uint32 => bytes32) public peers;

    constructor(TestEndpointV2 endpoint_, uint8 localDecimals) {
        endpoint = endpoint_;
        decimalConversionRate = 10 ** (localDecimals - sharedDecimals());
    }

    function sharedDecimals() public pure returns (uint8) {
        return 6;
    }

    function setPeer(uint32 eid, bytes32 peer) external {
        peers[eid] = peer;
    }

    function _message(SendParam calldata p, uint256 amountReceivedLD) internal view returns (MessagingParams memory) {
        require(peers[p.dstEid] != bytes32(0), "OFT: no peer");
        return MessagingParams(p.dstEid, peers[p.dstEid], abi.encodePacked(p.to, uint64(amountReceivedLD / decimalConversionRate)), p.extraOptions, false);
    }

    function quoteSend(SendParam calldata p, bool) external view returns (MessagingFee memory) {
        (, uint256 received) = _amounts(p.amountLD);
        return endpoint.quote(_message(p, received), address(this));
    }

    function quoteOFT(SendParam calldata p) external view returns (OFTLimit memory, OFTFeeDetail[] memory details, OFTReceipt memory) {
        (uint256 sent, uint256 received) = _amounts(p.amountLD);
        details = new OFTFeeDetail[](sent > received ? 1 : 0);
        if (sent > received) details[0] = OFTFeeDetail(int256(sent - received), "protocol fee");
        return (OFTLimit(0, type(uint64).max * decimalConversionRate), details, OFTReceipt(sent, received));
    }

    /// Sent (debited) and received amounts: dust below one shared unit stays with the sender; a subclass may take a fee.
    function _amounts(uint256 amountLD) internal view virtual returns (uint256 sent, uint256 received) {
        sent = (amountLD / decimalConversionRate) * decimalConversionRate;
        received = sent;
    }

    function _send(SendParam calldata p, MessagingFee calldata fee, address refundAddress) internal returns (MessagingReceipt memory r, OFTReceipt memory o) {
        (uint256 sent, uint256 received) = _amounts(p.amountLD);
        if (received < p.minAmountLD || received == 0) revert SlippageExceeded(received, p.minAmountLD);
        _debit(msg.sender, sent, fee.nativeFee);
        r = endpoint.send{value: _feeValue(fee.nativeFee, sent)}(_message(p, received), refundAddress);
        o = OFTReceipt(sent, received);
        emit OFTSent(r.guid, p.dstEid, msg.sender, sent, received);
    }

    function _debit(address from, uint256 amountLD, uint256 nativeFee) internal virtual;

    /// What is passed on to the endpoint as the messaging fee (the endpoint refunds any excess).
    function _feeValue(uint256 nativeFee, uint256) internal view virtual returns (uint256) {
        return nativeFee;
    }
}

/// A native OFT: the token is the OFT; sending burns it. OApp senders require the value to equal the native fee.
contract TestOFT is OftBase {
    string public name;
    string public constant symbol = "OFT";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(TestEndpointV2 endpoint_, string memory name_) OftBase(endpoint_, 18) {
        name = name_;
    }

    function token() external view returns (address) {
        return address(this);
    }

    function approvalRequired() external pure returns (bool) {
        return false;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function send(SendParam calldata p, MessagingFee calldata fee, address refundAddress) external payable returns (MessagingReceipt memory, OFTReceipt memory) {
        require(msg.value == fee.nativeFee, "OApp: NotEnoughNative");
        return _send(p, fee, refundAddress);
    }

    function _debit(address from, uint256 amountLD, uint256) internal override {
        balanceOf[from] -= amountLD;
        totalSupply -= amountLD;
        emit Transfer(from, address(0), amountLD);
    }
}

interface IERC20Min {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

enum StargateType {
    Pool,
    OFT
}

struct Ticket {
    uint72 ticketId;
    bytes passengerBytes;
}

/// A Stargate V2 pool: an ERC-20 pool pulls the token (the value is exactly the messaging fee); the native pool takes
/// amount + fee in the value. A protocol fee in parts per million of the shared amount; taxi only (empty oftCmd).
contract TestStargatePool is OftBase {
    address public immutable token;
    uint256 public immutable feePpm;

    constructor(TestEndpointV2 endpoint_, address token_, uint8 localDecimals, uint256 feePpm_) OftBase(endpoint_, localDecimals) {
        token = token_;
        feePpm = feePpm_;
    }

    function approvalRequired() external view returns (bool) {
        return token != address(0);
    }

    function stargateType() external pure returns (StargateType) {
        return StargateType.Pool;
    }

    function _amounts(uint256 amountLD) internal view override returns (uint256 sent, uint256 received) {
        uint256 sd = amountLD / decimalConversionRate;
        uint256 outSd = sd - (sd * feePpm + 999_999) / 1_000_000;
        return (sd * decimalConversionRate, outSd * decimalConversionRate);
    }

    function send(SendParam calldata p, MessagingFee calldata fee, address refundAddress) external payable returns (MessagingReceipt memory r, OFTReceipt memory o) {
        require(p.oftCmd.length == 0, "test pool: taxi only");
        (r, o) = _send(p, fee, refundAddress);
    }

    function sendToken(SendParam calldata p, MessagingFee calldata fee, address refundAddress) external payable returns (MessagingReceipt memory r, OFTReceipt memory o, Ticket memory t) {
        require(p.oftCmd.length == 0, "test pool: taxi only");
        (r, o) = _send(p, fee, refundAddress);
        t = Ticket(0, "");
    }

    function _debit(address from, uint256 amountLD, uint256 nativeFee) internal override {
        if (token == address(0)) {
            require(msg.value >= nativeFee + amountLD, "Stargate_InvalidAmount");
        } else {
            require(msg.value == nativeFee, "Stargate_InvalidAmount");
            require(IERC20Min(token).transferFrom(from, address(this), amountLD), "transferFrom failed");
        }
    }

    /// The native pool passes whatever the value holds beyond the amount it keeps (its dust included) as the fee.
    function _feeValue(uint256 nativeFee, uint256 sent) internal view override returns (uint256) {
        return token == address(0) ? msg.value - sent : nativeFee;
    }

    receive() external payable {}
}
