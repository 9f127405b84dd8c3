// SPDX-License-Identifier: Apache-2.0
// Junction's own test contracts (not Hyperlane's code), written from Hyperlane's published interfaces: a warp route's
// synthetic router (TokenRouter.transferRemote(uint32,bytes32,uint256) payable, quoteGasPayment(uint32),
// SentTransferRemote event; the TokenMessage body recipient | amount), the Mailbox's dispatch with Dispatch and
// DispatchId events and the message layout (version | nonce | origin | sender | destination | recipient | body), and
// the interchain gas paymaster as the dispatch hook (quoteGasPayment, GasPayment event, refund of any over-payment to
// the refund address of the standard hook metadata). Why not the real bytecode: @hyperlane-xyz/core, the package that
// ships it, is a 110 MB tarball (it bundles the Chainlink CCIP, Optimism and Arbitrum sources); its older versions
// pull @hyperlane-xyz/utils and its CosmJS and ethers trees.
pragma solidity ^0.8.20;

/// The interchain gas paymaster: a flat price per unit of destination gas.
contract TestInterchainGasPaymaster {
    uint256 public immutable gasPrice;

    event GasPayment(bytes32 indexed messageId, uint32 indexed destinationDomain, uint256 gasAmount, uint256 payment);

    constructor(uint256 gasPrice_) {
        gasPrice = gasPrice_;
    }

    function quoteGasPayment(uint32, uint256 gasAmount) public view returns (uint256) {
        return gasAmount * gasPrice;
    }

    /// Standard hook metadata: variant (uint16) | msgValue (uint256) | gasLimit (uint256) | refundAddress (address).
    function postDispatch(bytes calldata metadata, bytes32 messageId, uint32 destination) external payable {
        uint256 gasLimit = uint256(bytes32(metadata[34:66]));
        address refundAddress = address(bytes20(metadata[66:86]));
        uint256 payment = quoteGasPayment(destination, gasLimit);
        require(msg.value >= payment, "IGP: insufficient interchain gas payment");
        emit GasPayment(messageId, destination, gasLimit, payment);
        if (msg.value > payment) {
            (bool ok, ) = refundAddress.call{value: msg.value - payment}("");
            require(ok, "IGP: refund failed");
        }
    }
}

contract TestMailbox {
    uint32 public immutable localDomain;
    TestInterchainGasPaymaster public immutable defaultHook;
    uint32 public nonce;

    event Dispatch(address indexed sender, uint32 indexed destination, bytes32 indexed recipient, bytes message);
    event DispatchId(bytes32 indexed messageId);

    constructor(uint32 localDomain_, TestInterchainGasPaymaster hook) {
        localDomain = localDomain_;
        defaultHook = hook;
    }

    function dispatch(uint32 destination, bytes32 recipient, bytes calldata body, bytes calldata metadata) external payable returns (bytes32 id) {
        bytes memory message = abi.encodePacked(uint8(3), nonce++, localDomain, bytes32(uint256(uint160(msg.sender))), destination, recipient, body);
        id = keccak256(message);
        emit Dispatch(msg.sender, destination, recipient, message);
        emit DispatchId(id);
        defaultHook.postDispatch{value: msg.value}(metadata, id, destination);
    }
}

/// A synthetic warp router: an ERC-20 whose transferRemote burns the sender's tokens and dispatches the transfer.
contract TestHypERC20 {
    string public constant symbol = "TIA.n";
    uint8 public immutable decimals;
    TestMailbox public immutable mailbox;
    uint256 public immutable destinationGas;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(uint32 => bytes32) public routers;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event SentTransferRemote(uint32 indexed destination, bytes32 indexed recipient, uint256 amount);

    constructor(TestMailbox mailbox_, uint8 decimals_, uint256 destinationGas_) {
        mailbox = mailbox_;
        decimals = decimals_;
        destinationGas = destinationGas_;
    }

    function enrollRemoteRouter(uint32 domain, bytes32 router) external {
        routers[domain] = router;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function quoteGasPayment(uint32 destination) external view returns (uint256) {
        return mailbox.defaultHook().quoteGasPayment(destination, destinationGas);
    }

    function transferRemote(uint32 destination, bytes32 recipient, uint256 amount) external payable returns (bytes32 messageId) {
        bytes32 router = routers[destination];
        require(router != bytes32(0), "No router enrolled for domain");
        balanceOf[msg.sender] -= amount;
        totalSupply -= amount;
        emit Transfer(msg.sender, address(0), amount);
        bytes memory metadata = abi.encodePacked(uint16(1), uint256(0), destinationGas, msg.sender);
        messageId = mailbox.dispatch{value: msg.value}(destination, router, abi.encodePacked(recipient, amount), metadata);
        emit SentTransferRemote(destination, recipient, amount);
    }
}
