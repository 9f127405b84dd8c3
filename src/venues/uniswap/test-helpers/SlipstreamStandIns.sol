// SPDX-License-Identifier: Apache-2.0
// Junction's own test stand-ins for Aerodrome Slipstream's periphery on anvil (not Aerodrome's code): the published
// interface Skip's VelodromeAdapter reaches (aerodrome-finance/slipstream contracts/periphery/interfaces/ISwapRouter.sol
// exactInputSingle, contracts/core/interfaces/pool/ICLPoolConstants.sol tickSpacing), over a Uniswap V3 pool whose
// swap arithmetic is the one CLPool.swap runs.
// - SlipstreamRouterStandIn.exactInputSingle((tokenIn, tokenOut, int24 tickSpacing, recipient, deadline, amountIn,
//   amountOutMinimum, sqrtPriceLimitX96)): the pool of (tokens, tickSpacing) (set by the test, where Slipstream's
//   router derives it from its factory), swapped exact in to the recipient with MIN_SQRT_RATIO + 1 / MAX_SQRT_RATIO − 1
//   as the limit when none is given; the pool's callback is paid from the caller by transferFrom; the output must
//   reach amountOutMinimum. The mapping lives in storage, so the code can be copied to the router's address first.
// - SlipstreamPoolFace: answers tickSpacing() at a Slipstream pool's address (the only call the adapter makes to it).
pragma solidity ^0.8.20;

interface ISlipstreamStandInERC20 {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

interface ISlipstreamStandInV3Pool {
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

contract SlipstreamRouterStandIn {
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

    uint160 internal constant MIN_SQRT_RATIO = 4295128739;
    uint160 internal constant MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342;

    mapping(bytes32 => address) public pools;
    mapping(address => bool) internal isPool;

    function key(address a, address b, int24 tickSpacing) internal pure returns (bytes32) {
        (address t0, address t1) = a < b ? (a, b) : (b, a);
        return keccak256(abi.encode(t0, t1, tickSpacing));
    }

    function setPool(address a, address b, int24 tickSpacing, address pool) external {
        pools[key(a, b, tickSpacing)] = pool;
        isPool[pool] = true;
    }

    function exactInputSingle(ExactInputSingleParams calldata p) external payable returns (uint256 amountOut) {
        require(block.timestamp <= p.deadline, "Transaction too old");
        address pool = pools[key(p.tokenIn, p.tokenOut, p.tickSpacing)];
        require(pool != address(0), "no pool");
        bool zeroForOne = p.tokenIn < p.tokenOut;
        uint160 limit = p.sqrtPriceLimitX96 != 0 ? p.sqrtPriceLimitX96 : (zeroForOne ? MIN_SQRT_RATIO + 1 : MAX_SQRT_RATIO - 1);
        (int256 a0, int256 a1) = ISlipstreamStandInV3Pool(pool).swap(
            p.recipient, zeroForOne, int256(p.amountIn), limit, abi.encode(p.tokenIn, msg.sender)
        );
        amountOut = uint256(-(zeroForOne ? a1 : a0));
        require(amountOut >= p.amountOutMinimum, "Too little received");
    }

    function uniswapV3SwapCallback(int256 amount0, int256 amount1, bytes calldata data) external {
        require(isPool[msg.sender], "not a pool");
        (address tokenIn, address payer) = abi.decode(data, (address, address));
        uint256 owed = uint256(amount0 > 0 ? amount0 : amount1);
        require(ISlipstreamStandInERC20(tokenIn).transferFrom(payer, msg.sender, owed), "pay failed");
    }
}

contract SlipstreamPoolFace {
    int24 public immutable tickSpacing;

    constructor(int24 tickSpacing_) {
        tickSpacing = tickSpacing_;
    }
}
