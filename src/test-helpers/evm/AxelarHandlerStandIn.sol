// SPDX-License-Identifier: Apache-2.0
// Junction's own test stand-in for Skip's AxelarHandler (not Skip's code): only the published entry point
// gmpTransferERC20Token(string,string,bytes,string,uint256,uint256) (selector 0xd421c105) and its documented
// behaviour: the native value must equal the gas payment, the token is looked up by its gateway symbol and pulled from
// the caller, the gas service is paid for the contract call with token (sender = this contract, refund = the caller),
// then the gateway's callContractWithToken sends it. The gateway and gas service are immutables, so the runtime code
// can be copied to the handler address of data/contracts.json.
pragma solidity ^0.8.20;

interface IStandInERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

interface IStandInGateway {
    function tokenAddresses(string calldata symbol) external view returns (address);
    function callContractWithToken(
        string calldata destinationChain,
        string calldata contractAddress,
        bytes calldata payload,
        string calldata symbol,
        uint256 amount
    ) external;
}

interface IStandInGasService {
    function payNativeGasForContractCallWithToken(
        address sender,
        string calldata destinationChain,
        string calldata destinationAddress,
        bytes calldata payload,
        string calldata symbol,
        uint256 amount,
        address refundAddress
    ) external payable;
}

contract AxelarHandlerStandIn {
    IStandInGateway public immutable gateway;
    IStandInGasService public immutable gasService;

    constructor(address gateway_, address gasService_) {
        gateway = IStandInGateway(gateway_);
        gasService = IStandInGasService(gasService_);
    }

    function gmpTransferERC20Token(
        string calldata destinationChain,
        string calldata contractAddress,
        bytes calldata payload,
        string calldata symbol,
        uint256 amount,
        uint256 gasPaymentAmount
    ) external payable {
        require(amount > 0, "zero amount");
        require(gasPaymentAmount > 0, "zero gas");
        require(msg.value == gasPaymentAmount, "value must equal the gas payment");
        address token = gateway.tokenAddresses(symbol);
        require(token != address(0), "token not supported");
        require(IStandInERC20(token).transferFrom(msg.sender, address(this), amount), "pull failed");
        gasService.payNativeGasForContractCallWithToken{value: gasPaymentAmount}(
            address(this), destinationChain, contractAddress, payload, symbol, amount, msg.sender
        );
        require(IStandInERC20(token).approve(address(gateway), amount), "approve failed");
        gateway.callContractWithToken(destinationChain, contractAddress, payload, symbol, amount);
    }
}
