// SPDX-License-Identifier: Apache-2.0
// Junction's own stand-ins for Circle's CCTP V2 EVM contracts (not Circle's code: no npm package ships their source or
// bytecode). They implement the published interface and events of TokenMessengerV2 and MessageTransmitterV2
// (circlefin/evm-cctp-contracts src/v2): depositForBurn / depositForBurnWithHook with their checks (nonzero amount
// and recipient, maxFee below the amount, a registered destination, hook data not empty), the burn through the USDC
// contract, the V2 message (MessageV2 header with a zero nonce the attester fills in, BurnMessageV2 body) emitted as
// MessageSent(bytes), and DepositForBurn with its indexed fields.
pragma solidity ^0.8.20;

interface ITestUSDC {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function burn(uint256 amount) external;
}

contract TestMessageTransmitterV2 {
    uint32 public constant version = 1;
    uint32 public localDomain;

    event MessageSent(bytes message);

    function initialize(uint32 domain) external {
        require(localDomain == 0, "initialized");
        localDomain = domain;
    }

    function sendMessage(
        uint32 destinationDomain,
        bytes32 recipient,
        bytes32 destinationCaller,
        uint32 minFinalityThreshold,
        bytes calldata messageBody
    ) external {
        require(destinationDomain != localDomain, "Domain is local domain");
        emit MessageSent(
            abi.encodePacked(
                version,
                localDomain,
                destinationDomain,
                bytes32(0),
                bytes32(uint256(uint160(msg.sender))),
                recipient,
                destinationCaller,
                minFinalityThreshold,
                uint32(0),
                messageBody
            )
        );
    }
}

contract TestTokenMessengerV2 {
    uint32 public constant messageBodyVersion = 1;
    address public owner;
    address public localMessageTransmitter;
    mapping(uint32 => bytes32) public remoteTokenMessengers;

    event DepositForBurn(
        address indexed burnToken,
        uint256 amount,
        address indexed depositor,
        bytes32 mintRecipient,
        uint32 destinationDomain,
        bytes32 destinationTokenMessenger,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 indexed minFinalityThreshold,
        bytes hookData
    );

    struct Burn {
        uint256 amount;
        uint32 destinationDomain;
        bytes32 mintRecipient;
        address burnToken;
        bytes32 destinationCaller;
        uint256 maxFee;
        uint32 minFinalityThreshold;
    }

    /** Set once where the code is placed (the tests copy code, not storage, to the mainnet address). */
    function initialize(address transmitter) external {
        require(owner == address(0), "initialized");
        owner = msg.sender;
        localMessageTransmitter = transmitter;
    }

    function addRemoteTokenMessenger(uint32 domain, bytes32 tokenMessenger) external {
        require(msg.sender == owner, "not owner");
        remoteTokenMessengers[domain] = tokenMessenger;
    }

    function depositForBurn(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 minFinalityThreshold
    ) external {
        _deposit(
            Burn(amount, destinationDomain, mintRecipient, burnToken, destinationCaller, maxFee, minFinalityThreshold),
            ""
        );
    }

    function depositForBurnWithHook(
        uint256 amount,
        uint32 destinationDomain,
        bytes32 mintRecipient,
        address burnToken,
        bytes32 destinationCaller,
        uint256 maxFee,
        uint32 minFinalityThreshold,
        bytes calldata hookData
    ) external {
        require(hookData.length > 0, "Hook data is empty");
        _deposit(
            Burn(amount, destinationDomain, mintRecipient, burnToken, destinationCaller, maxFee, minFinalityThreshold),
            hookData
        );
    }

    function _deposit(Burn memory b, bytes memory hookData) internal {
        require(b.amount > 0, "Amount must be nonzero");
        require(b.mintRecipient != bytes32(0), "Mint recipient must be nonzero");
        require(b.maxFee < b.amount, "Max fee must be less than amount");
        bytes32 destinationTokenMessenger = remoteTokenMessengers[b.destinationDomain];
        require(destinationTokenMessenger != bytes32(0), "No TokenMessenger for domain");
        ITestUSDC(b.burnToken).transferFrom(msg.sender, address(this), b.amount);
        ITestUSDC(b.burnToken).burn(b.amount);
        bytes memory body = abi.encodePacked(
            messageBodyVersion,
            bytes32(uint256(uint160(b.burnToken))),
            b.mintRecipient,
            b.amount,
            bytes32(uint256(uint160(msg.sender))),
            b.maxFee,
            uint256(0),
            uint256(0),
            hookData
        );
        TestMessageTransmitterV2(localMessageTransmitter).sendMessage(
            b.destinationDomain,
            destinationTokenMessenger,
            b.destinationCaller,
            b.minFinalityThreshold,
            body
        );
        emit DepositForBurn(
            b.burnToken,
            b.amount,
            msg.sender,
            b.mintRecipient,
            b.destinationDomain,
            destinationTokenMessenger,
            b.destinationCaller,
            b.maxFee,
            b.minFinalityThreshold,
            hookData
        );
    }
}
