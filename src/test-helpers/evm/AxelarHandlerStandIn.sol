// SPDX-License-Identifier: Apache-2.0
// Junction's own test stand-in for Skip's AxelarHandler (not Skip's code), the two published entry points Junction's
// transactions reach and their documented behaviour:
// - gmpTransferERC20Token(string,string,bytes,string,uint256,uint256) (selector 0xd421c105), on a source chain: the
//   native value must equal the gas payment, the token is looked up by its gateway symbol and pulled from the caller,
//   the gas service is paid for the contract call with token (sender = this contract, refund = the caller), then the
//   gateway's callContractWithToken sends it;
// - swapAndGmpTransferERC20Token(address,uint256,bytes,string,string,bytes,string,uint256), on a source chain: the
//   input (the zero address: native, value = amount + gas payment; else pulled from the caller, value = gas payment)
//   goes to the swap router with the calldata (native as the call's value, a token approved to the router), and what
//   the swap added to this contract's balance of the symbol's token is sent as above (gas paid for that amount);
// - executeWithToken(bytes32,string,string,bytes,string,uint256) (AxelarExecutable), on a destination chain: the
//   gateway must validate the approved call (validateContractCallAndMint releases the tokens to this contract), then
//   the payload is ABI (uint8 command, bytes data): 0 SendToken transfers the tokens to abi.decode(data, (address)),
//   1 SendNative unwraps them (WETH withdraw) and sends the native token there, falling back to the token itself when
//   unwrapping fails; 2 Swap decodes data as (address tokenOut, address destination, bytes swapCalldata), as the
//   deployed handler does (skip-mev/skip-go-evm-contracts AxelarHandler.sol at 5ace524 with its SkipSwapRouter
//   library): it approves the swap router for everything that arrived, calls the router with the calldata as it is,
//   pays what this contract's balance of tokenOut (the zero address: ether) gained to the destination and sends it
//   any input the call left; when the call reverts, the arrived tokens go to the destination unswapped; any other
//   command reverts.
// The swap router is set once after the code is placed (setSwapRouter), as Skip's owner sets it.
// The gateway and gas service are immutables, so the runtime code can be copied to the handler address of
// data/contracts.json.
pragma solidity ^0.8.20;

interface IStandInERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

interface IStandInWETH {
    function withdraw(uint256 amount) external;
}

interface IStandInSwapRouter02 {
    struct ExactInputParams {
        bytes path;
        address recipient;
        uint256 amountIn;
        uint256 amountOutMinimum;
    }

    function exactInput(ExactInputParams calldata params) external payable returns (uint256 amountOut);
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to)
        external
        payable
        returns (uint256 amountOut);
}

interface IStandInBalance {
    function balanceOf(address who) external view returns (uint256);
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
    function validateContractCallAndMint(
        bytes32 commandId,
        string calldata sourceChain,
        string calldata sourceAddress,
        bytes32 payloadHash,
        string calldata symbol,
        uint256 amount
    ) external returns (bool);
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

    IStandInSwapRouter02 public swapRouter;

    function setSwapRouter(address router) external {
        require(address(swapRouter) == address(0), "already set");
        swapRouter = IStandInSwapRouter02(router);
    }

    function swapAndGmpTransferERC20Token(
        address inputToken,
        uint256 amount,
        bytes memory swapCalldata,
        string memory destinationChain,
        string memory contractAddress,
        bytes memory payload,
        string memory symbol,
        uint256 gasPaymentAmount
    ) external payable {
        require(amount > 0, "zero amount");
        require(gasPaymentAmount > 0, "zero gas");
        address outputToken = gateway.tokenAddresses(symbol);
        require(outputToken != address(0), "token not supported");
        uint256 out = swapInto(outputToken, inputToken, amount, swapCalldata, gasPaymentAmount);
        gasService.payNativeGasForContractCallWithToken{value: gasPaymentAmount}(
            address(this), destinationChain, contractAddress, payload, symbol, out, msg.sender
        );
        require(IStandInERC20(outputToken).approve(address(gateway), out), "approve failed");
        gateway.callContractWithToken(destinationChain, contractAddress, payload, symbol, out);
    }

    /// Runs the swap router with the input; returns what it added to this contract's balance of `outputToken`.
    function swapInto(address outputToken, address inputToken, uint256 amount, bytes memory swapCalldata, uint256 gas)
        internal
        returns (uint256 out)
    {
        uint256 before = IStandInBalance(outputToken).balanceOf(address(this));
        bool ok;
        if (inputToken == address(0)) {
            require(msg.value == amount + gas, "value must equal amount and gas payment");
            (ok,) = address(swapRouter).call{value: amount}(swapCalldata);
        } else {
            require(msg.value == gas, "value must equal the gas payment");
            require(IStandInERC20(inputToken).transferFrom(msg.sender, address(this), amount), "pull failed");
            require(IStandInERC20(inputToken).approve(address(swapRouter), amount), "approve failed");
            (ok,) = address(swapRouter).call(swapCalldata);
        }
        require(ok, "swap failed");
        out = IStandInBalance(outputToken).balanceOf(address(this)) - before;
        require(out > 0, "no swap output");
    }

    error NotApprovedByGateway();
    error FunctionCodeNotSupported();
    error NativePaymentFailed();

    event Delivered(uint8 command, address token, address recipient, uint256 amount, bool unwrapped);

    function executeWithToken(
        bytes32 commandId,
        string calldata sourceChain,
        string calldata sourceAddress,
        bytes calldata payload,
        string calldata tokenSymbol,
        uint256 amount
    ) external {
        if (!gateway.validateContractCallAndMint(commandId, sourceChain, sourceAddress, keccak256(payload), tokenSymbol, amount)) {
            revert NotApprovedByGateway();
        }
        address token = gateway.tokenAddresses(tokenSymbol);
        (uint8 command, bytes memory data) = abi.decode(payload, (uint8, bytes));
        if (command == 2) {
            swapAndSend(token, amount, data);
            return;
        }
        address recipient = abi.decode(data, (address));
        if (command == 0) {
            require(IStandInERC20(token).transfer(recipient, amount), "transfer failed");
            emit Delivered(command, token, recipient, amount, false);
        } else if (command == 1) {
            try this.unwrapAndSend(token, amount, recipient) {
                emit Delivered(command, token, recipient, amount, true);
            } catch {
                require(IStandInERC20(token).transfer(recipient, amount), "transfer failed");
                emit Delivered(command, token, recipient, amount, false);
            }
        } else {
            revert FunctionCodeNotSupported();
        }
    }

    function swapAndSend(address token, uint256 amount, bytes memory data) internal {
        (address tokenOut, address destination, bytes memory swapCalldata) =
            abi.decode(data, (address, address, bytes));
        try this.swapVia(token, tokenOut, amount, destination, swapCalldata) returns (uint256 out) {
            if (tokenOut == address(0)) {
                (bool ok,) = destination.call{value: out}("");
                ok;
            } else {
                require(IStandInERC20(tokenOut).transfer(destination, out), "transfer failed");
            }
            emit Delivered(2, tokenOut, destination, out, tokenOut == address(0));
        } catch {
            require(IStandInERC20(token).transfer(destination, amount), "transfer failed");
            emit Delivered(2, token, destination, amount, false);
        }
    }

    /// Only this contract calls it, from executeWithToken (external so that a failed swap can be caught): the router
    /// call with `amount` of `token` approved; returns what the balance of `tokenOut` gained, the unused input sent on.
    function swapVia(address token, address tokenOut, uint256 amount, address destination, bytes memory swapCalldata)
        external
        returns (uint256 out)
    {
        require(msg.sender == address(this), "internal");
        uint256 inBefore = IStandInBalance(token).balanceOf(address(this)) - amount;
        uint256 outBefore =
            tokenOut == address(0) ? address(this).balance : IStandInBalance(tokenOut).balanceOf(address(this));
        require(IStandInERC20(token).approve(address(swapRouter), amount), "approve failed");
        (bool ok, bytes memory ret) = address(swapRouter).call(swapCalldata);
        if (!ok) {
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        out = (tokenOut == address(0) ? address(this).balance : IStandInBalance(tokenOut).balanceOf(address(this)))
            - outBefore;
        uint256 left = IStandInBalance(token).balanceOf(address(this)) - inBefore;
        if (left != 0) {
            require(IStandInERC20(token).approve(address(swapRouter), 0), "approve failed");
            require(IStandInERC20(token).transfer(destination, left), "transfer failed");
        }
    }

    /// Only this contract calls it, from executeWithToken (external so that a failed unwrap can be caught).
    function unwrapAndSend(address token, uint256 amount, address recipient) external {
        require(msg.sender == address(this), "internal");
        IStandInWETH(token).withdraw(amount);
        (bool ok,) = recipient.call{value: amount}("");
        if (!ok) revert NativePaymentFailed();
    }

    receive() external payable {}
}
