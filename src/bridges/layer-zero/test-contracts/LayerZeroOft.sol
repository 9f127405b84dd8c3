// SPDX-License-Identifier: Apache-2.0
// LayerZero's own OFT, imported from @layerzerolabs/lz-evm-oapp-v2 in node_modules (compiled at test time, not copied):
// the package's OFT is abstract, so this makes it concrete. Its owner mints, to fund the tests' sender.
pragma solidity ^0.8.20;

import { OFT } from "@layerzerolabs/lz-evm-oapp-v2/contracts/oft/OFT.sol";
import { Ownable } from "@openzeppelin/contracts/access/Ownable.sol";

contract LayerZeroOft is OFT {
    // OpenZeppelin 5's Ownable takes its first owner in the constructor (the OApp leaves it to the concrete contract).
    constructor(string memory name_, string memory symbol_, address endpoint_, address owner_)
        OFT(name_, symbol_, endpoint_, owner_)
        Ownable(owner_)
    {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
