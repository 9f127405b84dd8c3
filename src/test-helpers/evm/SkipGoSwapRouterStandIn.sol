// SPDX-License-Identifier: Apache-2.0
// Junction's own test stand-in for Skip's SkipGoSwapRouter (not Skip's code): the published entry Junction's
// transactions reach and its documented behaviour (skip-mev/skip-go-evm-contracts SwapRouter/src/SkipGoSwapRouter.sol
// and its Uniswap adapters):
// - swapExactIn(uint256 amountIn, uint256 amountOutMin, address tokenIn, address tokenOut, (uint8, bytes)[] hops,
//   (address, uint256)[] affiliates): native in (tokenIn zero) must come as exactly amountIn of value and is wrapped
//   into WETH, a token is pulled from the caller; each hop swaps the whole amount held so far: exchange type 1
//   (Uniswap V3) decodes (tokenIn, tokenOut, fee, quoter, swapRouter) and calls exactInputSingle on that router
//   (SwapRouter02's parameters, minimum 1), type 0 (Uniswap V2) decodes (pair, tokenIn, tokenOut, fee in basis
//   points), pays the pair and takes amountIn·(10000−fee)·reserveOut / (reserveIn·10000 + amountIn·(10000−fee));
//   type 2 (VELODROME, VelodromeAdapter.sol) decodes VelodromeData (poolType, pool, tokenIn, tokenOut, quoter,
//   swapRouter) and, for a CL pool (poolType 1; the stand-in takes no V2 Velodrome pool), calls exactInputSingle on
//   that Slipstream SwapRouter with the pool's tickSpacing(), deadline now, minimum 1, no price limit;
//   the last output must reach amountOutMin; then each affiliate is paid floor(output × feeBPS / 10000) of tokenOut
//   by an ERC-20 transfer (as _payAffiliateFees does: on the whole output, after the minimum check) and the caller
//   gets the rest (unwrapped when tokenOut is zero). WETH is an immutable, so the runtime code can be copied to Skip's
//   address.
pragma solidity ^0.8.20;

interface ISkipGoStandInERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
}

interface ISkipGoStandInWETH {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

interface ISkipGoStandInV3Router {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint24 fee;
        address recipient;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }

    function exactInputSingle(ExactInputSingleParams calldata params) external payable returns (uint256 amountOut);
}

interface ISkipGoStandInSlipstreamRouter {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        int24 tickSpacing;
        address recipient;
        uint256 deadline;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }

    function exactInputSingle(ExactInputSingleParams calldata params) external payable returns (uint256 amountOut);
}

interface ISkipGoStandInCLPool {
    function tickSpacing() external view returns (int24);
}

interface ISkipGoStandInPair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function token0() external view returns (address);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

contract SkipGoSwapRouterStandIn {
    struct Hop {
        uint8 exchangeType;
        bytes data;
    }

    struct Affiliate {
        address recipient;
        uint256 feeBPS;
    }

    address public immutable weth;

    constructor(address weth_) {
        weth = weth_;
    }

    receive() external payable {}

    function swapExactIn(
        uint256 amountIn,
        uint256 amountOutMin,
        address tokenIn,
        address tokenOut,
        Hop[] calldata hops,
        Affiliate[] calldata affiliates
    ) external payable returns (uint256 amountOut) {
        require(msg.value == (tokenIn == address(0) ? amountIn : 0), "invalid msg.value");
        if (tokenIn == address(0)) ISkipGoStandInWETH(weth).deposit{value: amountIn}();
        else require(ISkipGoStandInERC20(tokenIn).transferFrom(msg.sender, address(this), amountIn), "pull failed");
        amountOut = amountIn;
        for (uint256 i = 0; i < hops.length; i++) {
            if (hops[i].exchangeType == 1) amountOut = v3Hop(amountOut, hops[i].data);
            else if (hops[i].exchangeType == 0) amountOut = v2Hop(amountOut, hops[i].data);
            else if (hops[i].exchangeType == 2) amountOut = velodromeHop(amountOut, hops[i].data);
            else revert("Adapter not found");
        }
        require(amountOut >= amountOutMin, "amount out is less than amount out min");
        uint256 paid = 0;
        for (uint256 i = 0; i < affiliates.length; i++) {
            uint256 fee = (amountOut * affiliates[i].feeBPS) / 10000;
            paid += fee;
            require(ISkipGoStandInERC20(tokenOut).transfer(affiliates[i].recipient, fee), "affiliate fee failed");
        }
        amountOut -= paid;
        if (tokenOut == address(0)) {
            ISkipGoStandInWETH(weth).withdraw(amountOut);
            payable(msg.sender).transfer(amountOut);
        } else {
            require(ISkipGoStandInERC20(tokenOut).transfer(msg.sender, amountOut), "transfer failed");
        }
    }

    function v3Hop(uint256 amountIn, bytes calldata data) internal returns (uint256) {
        (address tIn, address tOut, uint24 fee,, address router) =
            abi.decode(data, (address, address, uint24, address, address));
        require(ISkipGoStandInERC20(tIn).approve(router, amountIn), "approve failed");
        return ISkipGoStandInV3Router(router).exactInputSingle(
            ISkipGoStandInV3Router.ExactInputSingleParams(tIn, tOut, fee, address(this), amountIn, 1, 0)
        );
    }

    function velodromeHop(uint256 amountIn, bytes calldata data) internal returns (uint256) {
        (uint8 poolType, address pool, address tIn, address tOut,, address router) =
            abi.decode(data, (uint8, address, address, address, address, address));
        require(poolType == 1, "stand-in: CL pools only");
        require(ISkipGoStandInERC20(tIn).approve(router, amountIn), "approve failed");
        return ISkipGoStandInSlipstreamRouter(router).exactInputSingle(
            ISkipGoStandInSlipstreamRouter.ExactInputSingleParams(
                tIn, tOut, ISkipGoStandInCLPool(pool).tickSpacing(), address(this), block.timestamp, amountIn, 1, 0
            )
        );
    }

    function v2Hop(uint256 amountIn, bytes calldata data) internal returns (uint256 out) {
        (address pair, address tIn,, uint256 fee) = abi.decode(data, (address, address, address, uint256));
        (uint112 r0, uint112 r1,) = ISkipGoStandInPair(pair).getReserves();
        bool zeroForOne = tIn == ISkipGoStandInPair(pair).token0();
        (uint256 rIn, uint256 rOut) = zeroForOne ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
        uint256 inWithFee = amountIn * (10000 - fee);
        out = (inWithFee * rOut) / (rIn * 10000 + inWithFee);
        require(ISkipGoStandInERC20(tIn).transfer(pair, amountIn), "pay pair failed");
        if (zeroForOne) ISkipGoStandInPair(pair).swap(0, out, address(this), "");
        else ISkipGoStandInPair(pair).swap(out, 0, address(this), "");
    }
}
