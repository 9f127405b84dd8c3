// SPDX-License-Identifier: Apache-2.0
// Junction's own stand-in for Skip's CCTPRelayer (not Skip's code): it implements the published entry the user's
// transaction calls, `requestCCTPTransferWithCaller(uint256 transferAmount, uint32 destinationDomain, bytes32
// mintRecipient, address burnToken, uint256 feeAmount, bytes32 destinationCaller)` (selector 0xd77d6ec0): it pulls
// transferAmount + feeAmount from the caller, keeps feeAmount as the relayer's payment and burns transferAmount through
// Circle's TokenMessenger `depositForBurnWithCaller`. The TokenMessenger address is an immutable so that the runtime
// code can be copied to the mainnet relayer address with anvil_setCode.
pragma solidity ^0.8.20;

interface IERC20Min {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

interface ITokenMessengerV1 {
    function depositForBurnWithCaller(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken, bytes32 destinationCaller)
        external
        returns (uint64 nonce);
}

contract TestCCTPRelayer {
    address public immutable tokenMessenger;

    event PaymentForRelay(uint64 nonce, uint256 paymentAmount);

    constructor(address tokenMessenger_) {
        tokenMessenger = tokenMessenger_;
    }

    function requestCCTPTransferWithCaller(
        uint256 transferAmount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        uint256 feeAmount,
        bytes32 destinationCaller
    ) external {
        require(IERC20Min(burnToken).transferFrom(msg.sender, address(this), transferAmount + feeAmount), "pull failed");
        IERC20Min(burnToken).approve(tokenMessenger, transferAmount);
        uint64 nonce = ITokenMessengerV1(tokenMessenger).depositForBurnWithCaller(
            transferAmount, destinationDomain, mintRecipient, burnToken, destinationCaller
        );
        emit PaymentForRelay(nonce, feeAmount);
    }
}
