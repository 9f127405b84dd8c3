// SPDX-License-Identifier: Apache-2.0
// Junction's own stand-in for the swap-then-burn entry of Skip's CCTPRelayer (not Skip's code): it implements the
// published entry `swapAndRequestCCTPTransferWithCaller(address inputToken, uint256 inputAmount, bytes swapCalldata,
// uint32 destinationDomain, bytes32 mintRecipient, address burnToken, uint256 feeAmount, bytes32 destinationCaller)`
// as skip-mev/skip-go-evm-contracts documents its behaviour: take inputAmount of inputToken from the caller (the zero
// address: the native token, sent as value), call the swap router with swapCalldata, measure the USDC it gained,
// keep feeAmount of it and burn the rest through Circle's TokenMessenger `depositForBurnWithCaller`, refunding unused
// input. Router and TokenMessenger are immutables so the runtime code can be copied to the mainnet relayer address.
pragma solidity ^0.8.20;

interface IERC20Swap {
    function balanceOf(address) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

interface ITokenMessengerSwap {
    function depositForBurnWithCaller(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, bytes32 destinationCaller)
        external
        returns (uint64 nonce);
}

contract TestCCTPSwapRelayer {
    address public immutable tokenMessenger;
    address public immutable swapRouter;

    event PaymentForRelay(uint64 nonce, uint256 paymentAmount);

    constructor(address tokenMessenger_, address swapRouter_) {
        tokenMessenger = tokenMessenger_;
        swapRouter = swapRouter_;
    }

    function swapAndRequestCCTPTransferWithCaller(
        address inputToken,
        uint256 inputAmount,
        bytes memory swapCalldata,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        uint256 feeAmount,
        bytes32 destinationCaller
    ) external payable {
        require(inputAmount > 0 && feeAmount > 0, "zero amount");
        uint256 usdcBefore = IERC20Swap(burnToken).balanceOf(address(this));
        if (inputToken == address(0)) {
            require(msg.value == inputAmount, "value must equal inputAmount");
            uint256 before = address(this).balance - msg.value;
            (bool ok,) = swapRouter.call{value: inputAmount}(swapCalldata);
            require(ok, "swap failed");
            uint256 left = address(this).balance - before;
            if (left > 0) {
                (bool sent,) = msg.sender.call{value: left}("");
                require(sent, "refund failed");
            }
        } else {
            uint256 before = IERC20Swap(inputToken).balanceOf(address(this));
            require(IERC20Swap(inputToken).transferFrom(msg.sender, address(this), inputAmount), "pull failed");
            IERC20Swap(inputToken).approve(swapRouter, inputAmount);
            (bool ok,) = swapRouter.call(swapCalldata);
            require(ok, "swap failed");
            uint256 left = IERC20Swap(inputToken).balanceOf(address(this)) - before;
            if (left > 0) IERC20Swap(inputToken).transfer(msg.sender, left);
        }
        uint256 output = IERC20Swap(burnToken).balanceOf(address(this)) - usdcBefore;
        require(output > feeAmount, "output does not cover the fee");
        IERC20Swap(burnToken).approve(tokenMessenger, output - feeAmount);
        uint64 nonce = ITokenMessengerSwap(tokenMessenger).depositForBurnWithCaller(
            output - feeAmount, destinationDomain, mintRecipient, burnToken, destinationCaller
        );
        emit PaymentForRelay(nonce, feeAmount);
    }
}
