// SPDX-License-Identifier: Apache-2.0
// Junction's own test contracts for the Uniswap venue tests (not Uniswap's code): a mintable ERC-20 placed at real
// token addresses, a position minter that pays a V3 pool by minting test tokens to it (the mint-callback interface
// IUniswapV3MintCallback), and Multicall3's aggregate3 and getBlockNumber as its published interface specifies them.
pragma solidity ^0.8.20;

contract TestToken {
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint8 decimals_) {
        decimals = decimals_;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= amount, "ERC20: insufficient allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
        return true;
    }
}

interface IPoolForMint {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        returns (uint256 amount0, uint256 amount1);
}

contract PositionMinter {
    /// Mints one position per (lower, upper, liquidity) into `pool`.
    function mintMany(address pool, int24[] calldata lowers, int24[] calldata uppers, uint128[] calldata amounts) external {
        for (uint256 i = 0; i < lowers.length; i++) {
            IPoolForMint(pool).mint(address(this), lowers[i], uppers[i], amounts[i], abi.encode(pool));
        }
    }

    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata data) external {
        address pool = abi.decode(data, (address));
        require(msg.sender == pool, "not the pool");
        if (amount0Owed > 0) TestToken(IPoolForMint(pool).token0()).mint(pool, amount0Owed);
        if (amount1Owed > 0) TestToken(IPoolForMint(pool).token1()).mint(pool, amount1Owed);
    }
}

contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory ret) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }
}
