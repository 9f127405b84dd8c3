// SPDX-License-Identifier: Apache-2.0
// Junction's own stand-in for Skip's Go Fast FastTransferGateway (not Skip's code): it implements only the published
// interface the user's transaction touches, `submitOrder(bytes32,bytes32,uint256,uint256,uint32,uint64,bytes)`
// (selector 0x6ad1b6ac), and emits the published event `OrderSubmitted(bytes32 indexed orderID, bytes order)` with the
// order packed as the gateway documents it: sender, recipient, amountIn, amountOut (32 bytes each), nonce,
// sourceDomain, destinationDomain (4 bytes each), timeoutTimestamp (8 bytes), then data; the order id is its keccak256.
// It pulls amountIn of its token from the caller, as the real gateway does. Token and local domain are immutables so
// that the runtime code can be copied to the mainnet gateway address with anvil_setCode.
// The refund of a timed-out order arrives at the real gateway as a Hyperlane message from the destination gateway
// (handle → _refundOrder): here `refundTimedOut` stands in for that delivery, with the real effect (amountIn back to the
// order's sender, once) and the real event `OrderRefunded(bytes32 indexed orderID)`.
pragma solidity ^0.8.20;

interface IERC20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

contract TestGoFastGateway {
    address public immutable token;
    uint32 public immutable localDomain;
    uint32 public nonce;

    struct Refundable {
        bytes32 sender;
        uint256 amount;
        uint64 timeoutTimestamp;
    }
    mapping(bytes32 => Refundable) public refundable;

    event OrderSubmitted(bytes32 indexed orderID, bytes order);
    event OrderRefunded(bytes32 indexed orderID);

    constructor(address token_, uint32 localDomain_) {
        token = token_;
        localDomain = localDomain_;
    }

    function submitOrder(
        bytes32 sender,
        bytes32 recipient,
        uint256 amountIn,
        uint256 amountOut,
        uint32 destinationDomain,
        uint64 timeoutTimestamp,
        bytes calldata data
    ) external returns (bytes32 orderID) {
        require(timeoutTimestamp > block.timestamp, "order already expired");
        require(amountOut <= amountIn, "amountOut above amountIn");
        nonce += 1;
        bytes memory order = abi.encodePacked(
            sender, recipient, amountIn, amountOut, nonce, localDomain, destinationDomain, timeoutTimestamp, data
        );
        orderID = keccak256(order);
        refundable[orderID] = Refundable(sender, amountIn, timeoutTimestamp);
        emit OrderSubmitted(orderID, order);
        require(IERC20Like(token).transferFrom(msg.sender, address(this), amountIn), "transferFrom failed");
    }

    function refundTimedOut(bytes32 orderID) external {
        Refundable memory r = refundable[orderID];
        require(r.amount > 0, "order not found or settled");
        require(r.timeoutTimestamp < block.timestamp, "order not timed out");
        delete refundable[orderID];
        require(IERC20Like(token).transfer(address(uint160(uint256(r.sender))), r.amount), "transfer failed");
        emit OrderRefunded(orderID);
    }
}
