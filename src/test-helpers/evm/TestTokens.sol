// SPDX-License-Identifier: Apache-2.0
// Junction's own test contracts (not Circle's code): a minimal mintable and burnable ERC-20 standing in for USDC, a
// minimal token minter implementing the ITokenMinter interface Circle's TokenMessenger calls (burn of what it was
// sent), and the two public functions of the address library Circle's TokenMessenger and MessageTransmitter bytecode
// is linked against (src/messages/Message.sol:Message, selectors 0x82c947b7 and 0x5ced058e). Enough for Circle's real
// TokenMessenger and MessageTransmitter bytecode to run a depositForBurn end to end.
pragma solidity ^0.8.20;

contract TestUSDC {
    string public constant name = "USD Coin (test)";
    string public constant symbol = "USDC";
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function mint(address to, uint256 amount) external returns (bool) {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
        return true;
    }

    function burn(uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        totalSupply -= amount;
        emit Transfer(msg.sender, address(0), amount);
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

interface IBurnable {
    function burn(uint256 amount) external;
}

contract TestTokenMinter {
    address public tokenController;

    function burn(address burnToken, uint256 amount) external {
        IBurnable(burnToken).burn(amount);
    }

    function mint(uint32, bytes32, address, uint256) external pure returns (address) {
        revert("not used in tests");
    }

    function getLocalToken(uint32, bytes32) external pure returns (address) {
        return address(0);
    }

    function setTokenController(address newTokenController) external {
        tokenController = newTokenController;
    }
}

library Message {
    function addressToBytes32(address addr) public pure returns (bytes32) {
        return bytes32(uint256(uint160(addr)));
    }

    function bytes32ToAddress(bytes32 buf) public pure returns (address) {
        return address(uint160(uint256(buf)));
    }
}
