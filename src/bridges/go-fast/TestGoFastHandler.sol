// SPDX-License-Identifier: Apache-2.0
// Junction's own stand-in for Skip's GoFastHandler (not Skip's code): it implements only the published entry the
// user's transaction touches, `swapAndSubmitOrder(address tokenIn, uint256 swapAmountIn, bytes swapCalldata,
// uint256 executionFeeAmount, uint256 solverFeeBPS, bytes32 sender, bytes32 recipient, uint32 destinationDomain,
// uint64 timeoutTimestamp, bytes destinationCalldata)`, with the behaviour skip-mev/skip-go-evm-contracts
// AxelarHandler/src/GoFastHandler.sol documents: take swapAmountIn of tokenIn from the caller (the zero address: the
// native token, sent as value) and call the swap router with swapCalldata (and the value); the swap output is what
// the gateway's token balance gained; the order is submitted for that whole output, its amountOut being the output
// less executionFeeAmount and solverFeeBPS of it (the fees must not exceed it); the unused input goes back to the
// caller. Router and gateway are immutables so the runtime code can be copied to the mainnet handler address.
pragma solidity ^0.8.20;

interface IGoFastStandInERC20 {
    function balanceOf(address) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

interface IGoFastStandInGateway {
    function token() external view returns (address);
    function submitOrder(
        bytes32 sender,
        bytes32 recipient,
        uint256 amountIn,
        uint256 amountOut,
        uint32 destinationDomain,
        uint64 timeoutTimestamp,
        bytes calldata data
    ) external returns (bytes32);
}

contract TestGoFastHandler {
    address public immutable swapRouter;
    address public immutable fastTransferGateway;

    constructor(address swapRouter_, address fastTransferGateway_) {
        swapRouter = swapRouter_;
        fastTransferGateway = fastTransferGateway_;
    }

    function swapAndSubmitOrder(
        address tokenIn,
        uint256 swapAmountIn,
        bytes memory swapCalldata,
        uint256 executionFeeAmount,
        uint256 solverFeeBPS,
        bytes32 sender,
        bytes32 recipient,
        uint32 destinationDomain,
        uint64 timeoutTimestamp,
        bytes calldata destinationCalldata
    ) external payable returns (bytes32 orderId) {
        uint256 swapOut = _swap(tokenIn, swapAmountIn, swapCalldata);
        uint256 amountOut = _afterFees(swapOut, executionFeeAmount, solverFeeBPS);
        orderId = IGoFastStandInGateway(fastTransferGateway).submitOrder(
            sender, recipient, swapOut, amountOut, destinationDomain, timeoutTimestamp, destinationCalldata
        );
        _refund(tokenIn);
    }

    function _swap(address tokenIn, uint256 amountIn, bytes memory swapCalldata) internal returns (uint256 swapOut) {
        address tokenOut = IGoFastStandInGateway(fastTransferGateway).token();
        uint256 before = IGoFastStandInERC20(tokenOut).balanceOf(address(this));
        if (tokenIn != address(0)) {
            require(IGoFastStandInERC20(tokenIn).transferFrom(msg.sender, address(this), amountIn), "pull failed");
            require(IGoFastStandInERC20(tokenIn).approve(swapRouter, amountIn), "approve failed");
        }
        (bool ok, bytes memory reason) = swapRouter.call{value: msg.value}(swapCalldata);
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
        swapOut = IGoFastStandInERC20(tokenOut).balanceOf(address(this)) - before;
        require(swapOut != 0, "amount received from swap is zero");
        require(IGoFastStandInERC20(tokenOut).approve(fastTransferGateway, swapOut), "approve failed");
    }

    function _afterFees(uint256 swapOut, uint256 executionFeeAmount, uint256 solverFeeBPS)
        internal
        pure
        returns (uint256)
    {
        uint256 totalFee = executionFeeAmount + (swapOut * solverFeeBPS) / 10000;
        require(swapOut >= totalFee, "amount received from swap is less than fee");
        return swapOut - totalFee;
    }

    function _refund(address tokenIn) internal {
        if (tokenIn != address(0)) {
            uint256 left = IGoFastStandInERC20(tokenIn).balanceOf(address(this));
            if (left != 0) require(IGoFastStandInERC20(tokenIn).transfer(msg.sender, left), "refund failed");
        } else if (address(this).balance != 0) {
            payable(msg.sender).transfer(address(this).balance);
        }
    }

    receive() external payable {}
}
