/**
 * Every Axelar transfer Junction builds, run against Axelar's own EVM contracts on anvil: the gateway and gas service
 * from @axelar-network/axelar-cgp-solidity (src/test-helpers/evm/axelar.ts) at the data file's addresses on Ethereum,
 * Polygon and Avalanche, the data file's tokens registered with each gateway, and the tests' own stand-in for Skip's
 * AxelarHandler (AxelarHandlerStandIn.sol: the published gmpTransferERC20Token and executeWithToken) at each chain's
 * handler address.
 *
 * - From an EVM chain, every lane: the approval and the transaction of /v2/fungible/msgs_direct are sent; the
 *   gateway's ContractCallWithToken and the gas service's NativeGasPaidForContractCallWithToken are decoded (never a
 *   TokenSent); the payload is what Axelar needs for the destination: the native version and "{}" to a Cosmos account,
 *   the CosmWasm JSON version and the entry point's message when a swap follows, the handler's (command, recipient)
 *   for an EVM chain, where the call is then delivered as Axelar's validators do it (approveContractCallWithMint,
 *   executeWithToken) and the recipient is paid.
 * - From a Cosmos chain, every lane: the MsgTransfer (through cosmjs-types) must be accepted by axelarnet's rules
 *   (test-helpers/axelarnet.ts) as a type 2 message to the destination's handler with its fee to the gas receiver;
 *   Axelar's delivery of that message is then run on the EVM chain and the recipient receives the amount after the
 *   fee, as the token or, unwrapped, as native ETH.
 */
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeAbiParameters,
  encodeFunctionData,
  getAddress,
  hexToString,
  keccak256,
  parseAbi,
  slice,
  toEventSelector,
  toFunctionSelector,
  bytesToHex,
  decodeEventLog,
  type Address,
  type Hex,
  type Log,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import {
  ERC20_ABI,
  approveContractCallWithMint,
  installAxelarGasService,
  installAxelarGateway,
} from '../../test-helpers/evm/axelar.js';
import { copyCodeTo, deployContract, eventsOf, sendTx } from '../../test-helpers/evm/deploy.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import { axelarConfig } from './config.js';
import { GATEWAY_ABI, HANDLER_ABI } from './evm.js';
import { axelarBridge } from './index.js';
import type { AxelarLane } from './lanes.js';
import { axelarnetReceive } from './test-helpers/axelarnet.js';

const GAS_SERVICE_EVENTS = parseAbi([
  'event NativeGasPaidForContractCallWithToken(address indexed sourceAddress, string destinationChain, string destinationAddress, bytes32 indexed payloadHash, string symbol, uint256 amount, uint256 gasFeeAmount, address refundAddress)',
]);
const HANDLER_EXECUTE_ABI = parseAbi([
  'function executeWithToken(bytes32 commandId, string sourceChain, string sourceAddress, bytes payload, string tokenSymbol, uint256 amount)',
]);
const TOKEN_SENT = toEventSelector('TokenSent(address,string,string,string,uint256)');
const CHAINS = ['1', '137', '43114'] as const;
const USER = anvilAccount(1).address;
const EVM_RECIPIENT = anvilAccount(2).address;
/** A relayer of Axelar's, executing deliveries on the destination. */
const RELAYER = 3;
const COSMOS_USER: Record<string, string> = {
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
  'neutron-1': 'neutron1nhzuazjhyfu474er6v4ey8zn6wa5fy6g8t08yq',
};
const OSMOSIS_ENTRY_POINT = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
const ALL_USDT = 'factory/osmo1em6xs47hd82806f5cxgyufguxrrc7l0aqx7nzzptjuqgswczk8csavdxek/alloyed/allUSDT';

const cfg = axelarConfig();
const nodes = new Map<string, Anvil>();
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
  const standIn = compileSolidity(
    new URL('../../test-helpers/evm/AxelarHandlerStandIn.sol', import.meta.url),
  ).AxelarHandlerStandIn!;
  await Promise.all(
    CHAINS.map(async (chainId) => {
      const node = await startAnvil(Number(chainId));
      nodes.set(chainId, node);
      const gateway = getAddress(cfg.gateway.get(chainId)!);
      const gasService = getAddress(cfg.gasService);
      const tokens = cfg.assets.flatMap((a) => {
        const t = a.tokens.get(chainId);
        return t
          ? [{ address: getAddress(t.address), symbol: t.symbol, wrapsNative: a.unwrap?.chainId === chainId }]
          : [];
      });
      await installAxelarGateway(node, Number(chainId), gateway, tokens, USER);
      await installAxelarGasService(node, gasService);
      const handler = await deployContract(node, standIn, [gateway, gasService]);
      await copyCodeTo(node, handler, getAddress(cfg.handler.get(chainId)!));
    }),
  );
});
afterAll(async () => {
  await Promise.all([...nodes.values()].map((n) => n.stop()));
  await app?.app.close();
});

const lanes = () => axelarBridge.lanes(app.ctx.registry);
const chainType = (chainId: string) => app.ctx.registry.chain(chainId)!.wire.chain_type;
const recipientOn = (chainId: string) => COSMOS_USER[chainId] ?? EVM_RECIPIENT;
const symbolOn = (asset: string, chainId: string) =>
  cfg.assets.find((a) => a.denom === asset)!.tokens.get(chainId)!.symbol;
const decimalsOf = (lane: AxelarLane) => app.ctx.registry.asset(lane.fromChainId, lane.denomIn)!.wire.decimals ?? 6;

async function balanceOf(chainId: string, token: string, who: Address): Promise<bigint> {
  return nodes.get(chainId)!.publicClient.readContract({
    address: getAddress(token),
    abi: ERC20_ABI,
    functionName: 'balanceOf',
    args: [who],
  });
}

async function msgsDirect(lane: AxelarLane, amount: bigint, dest = { chainId: lane.toChainId, denom: lane.denomOut }) {
  const res = await post(app.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: lane.fromChainId,
    source_asset_denom: lane.denomIn,
    dest_asset_chain_id: dest.chainId,
    dest_asset_denom: dest.denom,
    amount_in: amount.toString(),
    bridges: ['AXELAR'],
    // Small amounts per lane (three tokens): the gas payment on top may exceed the loss threshold; this test runs the
    // lane's transaction, price safety is tested elsewhere.
    allow_unsafe: true,
    chain_ids_to_addresses: {
      [lane.fromChainId]: lane.fromChainId in COSMOS_USER ? COSMOS_USER[lane.fromChainId] : USER,
      [lane.toChainId]: recipientOn(lane.toChainId),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Axelar's delivery of a confirmed call with token on an EVM chain: the gateway's approval, then executeWithToken. */
async function deliverOnEvm(
  chainId: string,
  call: { sourceChain: string; sourceAddress: string; payload: Hex; symbol: string; amount: bigint },
) {
  const node = nodes.get(chainId)!;
  const gateway = getAddress(cfg.gateway.get(chainId)!);
  const handler = getAddress(cfg.handler.get(chainId)!);
  const commandId = await approveContractCallWithMint(node, Number(chainId), gateway, {
    ...call,
    contractAddress: handler,
    payloadHash: keccak256(call.payload),
  });
  return sendTx(node, RELAYER, {
    to: handler,
    data: encodeFunctionData({
      abi: HANDLER_EXECUTE_ABI,
      functionName: 'executeWithToken',
      args: [commandId, call.sourceChain, call.sourceAddress, call.payload, call.symbol, call.amount],
    }),
  });
}

/** The gateway's ContractCallWithToken events in a receipt, decoded. */
function contractCalls(logs: readonly Log[], gateway: Address) {
  return logs
    .filter((l) => getAddress(l.address) === gateway)
    .map((l) => decodeEventLog({ abi: GATEWAY_ABI, data: l.data, topics: l.topics }).args);
}

/** What the destination's handler must be asked: ABI (uint8 command, bytes data), data = ABI (address recipient). */
function decodeHandlerPayload(payload: Hex): { command: number; recipient: Address } {
  const [command, data] = decodeAbiParameters([{ type: 'uint8' }, { type: 'bytes' }], payload);
  const [recipient] = decodeAbiParameters([{ type: 'address' }], data);
  return { command, recipient };
}

it('the handler entry point is the selector the reference gives, and not the gateway sendToken', () => {
  expect(toFunctionSelector(HANDLER_ABI[0])).toBe('0xd421c105');
  expect(toFunctionSelector('function sendToken(string,string,string,uint256)')).toBe('0x26ef699d');
});

describe.each(CHAINS)(
  'Axelar from EVM chain %s on anvil: a call with token through the handler, every lane',
  (chainId) => {
    it('every lane: gas paid to the gas service, ContractCallWithToken with the payload its destination needs, delivered', async () => {
      const node = nodes.get(chainId)!;
      const gateway = getAddress(cfg.gateway.get(chainId)!);
      const gasService = getAddress(cfg.gasService);
      const handler = getAddress(cfg.handler.get(chainId)!);
      const own = lanes().filter((l) => l.fromChainId === chainId);
      expect(own.some((l) => chainType(l.toChainId) === 'cosmos')).toBe(true);
      expect(own.some((l) => chainType(l.toChainId) === 'evm')).toBe(true);
      for (const [k, lane] of own.entries()) {
        const amount = 10n ** BigInt(decimalsOf(lane)) * 3n + BigInt(k);
        const body = await msgsDirect(lane, amount);
        expect(body.route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['axelar_transfer']);
        expect(body.txs).toHaveLength(1);
        const tx = body.txs[0].evm_tx;
        const gas = lane.gmp!.gasPayment;
        expect(tx).toMatchObject({ chain_id: chainId, to: handler, value: gas.toString(), signer_address: USER });
        expect(tx.required_erc20_approvals).toEqual([
          { token_contract: lane.denomIn, spender: handler, amount: amount.toString() },
        ]);
        // The amount arrives whole: a general message pays no transfer fee, only the gas on top.
        expect(body.route.amount_out).toBe(amount.toString());

        for (const a of tx.required_erc20_approvals)
          await sendTx(node, 1, {
            to: a.token_contract,
            data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
          });
        const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
        expect(receipt.logs.some((l) => l.topics[0] === TOKEN_SENT)).toBe(false);
        const calls = contractCalls(receipt.logs, gateway);
        expect(calls).toHaveLength(1);
        const call = calls[0]!;
        expect(call).toMatchObject({
          sender: handler,
          destinationChain: lane.toChainName,
          symbol: lane.sourceSymbol,
          amount,
        });
        expect(call.payloadHash).toBe(keccak256(call.payload));
        const paid = eventsOf(receipt.logs, gasService, GAS_SERVICE_EVENTS);
        expect(paid.map((e) => e.args)).toEqual([
          {
            sourceAddress: handler,
            destinationChain: lane.toChainName,
            destinationAddress: call.destinationContractAddress,
            payloadHash: call.payloadHash,
            symbol: call.symbol,
            amount,
            gasFeeAmount: gas,
            refundAddress: USER,
          },
        ]);

        if (chainType(lane.toChainId) === 'cosmos') {
          // Nothing follows: Axelar's native version and an empty JSON message, to the recipient's own account.
          expect(call.destinationContractAddress).toBe(COSMOS_USER[lane.toChainId]);
          expect(slice(call.payload, 0, 4)).toBe('0x00000000');
          expect(hexToString(slice(call.payload, 4))).toBe('{}');
          continue;
        }
        // An EVM chain: the destination's handler, told to send the tokens on (or unwrap them) to the recipient.
        expect(call.destinationContractAddress).toBe(cfg.handler.get(lane.toChainId));
        expect(decodeHandlerPayload(call.payload)).toEqual({
          command: lane.shouldUnwrap ? 1 : 0,
          recipient: EVM_RECIPIENT,
        });
        const before = await balanceOf(lane.toChainId, lane.denomOut, EVM_RECIPIENT);
        await deliverOnEvm(lane.toChainId, {
          sourceChain: lane.fromChainName,
          sourceAddress: handler,
          payload: call.payload,
          symbol: symbolOn(lane.asset, lane.toChainId),
          amount,
        });
        expect(await balanceOf(lane.toChainId, lane.denomOut, EVM_RECIPIENT)).toBe(before + amount);
      }
    }, 240_000);
  },
);

describe('Axelar from Ethereum with a swap after the hop on Osmosis', () => {
  it('USDT → alloyed USDT: one transaction, the entry point and its swap in the CosmWasm JSON payload', async () => {
    const node = nodes.get('1')!;
    const gateway = getAddress(cfg.gateway.get('1')!);
    const lane = lanes().find((l) => l.fromChainId === '1' && l.toChainId === 'osmosis-1' && l.asset === 'uusdt')!;
    const before = Date.now();
    const body = await msgsDirect(lane, 1_000_000_000n, { chainId: 'osmosis-1', denom: ALL_USDT });
    const ops = body.route.operations;
    expect(ops.map((o: object) => Object.keys(o).find((k) => k === 'axelar_transfer' || k === 'swap'))).toEqual([
      'axelar_transfer',
      'swap',
    ]);
    expect(body.txs).toHaveLength(1);
    const tx = body.txs[0].evm_tx;
    for (const a of tx.required_erc20_approvals)
      await sendTx(node, 1, {
        to: a.token_contract,
        data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
      });
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const call = contractCalls(receipt.logs, gateway)[0]!;
    expect(call.destinationContractAddress).toBe(OSMOSIS_ENTRY_POINT);
    expect(slice(call.payload, 0, 4)).toBe('0x00000002');
    const text = hexToString(slice(call.payload, 4));
    const msg = JSON.parse(text);
    // The recover form, as in Skip's answers: should the swap fail, the coins go to the user, not back to Axelar.
    expect(Object.keys(msg)).toEqual(['swap_and_action_with_recover']);
    expect(msg.swap_and_action_with_recover).toMatchObject({
      min_asset: { native: { denom: ALL_USDT, amount: body.min_amount_out } },
      post_swap_action: { transfer: { to_address: COSMOS_USER['osmosis-1'] } },
      recovery_addr: COSMOS_USER['osmosis-1'],
    });
    expect(ops[1].swap.denom_in).toBe(ops[0].axelar_transfer.denom_out);
    // The entry point runs after Axelar delivers: its timeout leaves room for the hop's expected duration.
    const timeoutNs = BigInt(/"timeout_timestamp":(\d+)/.exec(text)![1]!);
    expect(timeoutNs).toBeGreaterThan(BigInt(before) * 1_000_000n + BigInt(300 + lane.seconds) * 1_000_000_000n);
  }, 120_000);
});

describe('Axelar from Cosmos chains: axelarnet accepts the memo, and the EVM chain delivers it', () => {
  it('every lane: a type 2 call to the destination handler, the fee to the gas receiver, the rest to the recipient', async () => {
    const own = lanes().filter((l) => chainType(l.fromChainId) === 'cosmos');
    expect(own.some((l) => l.shouldUnwrap)).toBe(true);
    const evmChains = new Set(lanes().flatMap((l) => (chainType(l.toChainId) === 'evm' ? [l.toChainName] : [])));
    for (const [k, lane] of own.entries()) {
      // Well above the fee: Junction refuses a route that loses more than a tenth of its value.
      const amount = lane.fee * 20n + BigInt(k);
      const body = await msgsDirect(lane, amount);
      const cosmos = body.txs[0].cosmos_tx;
      expect(cosmos.msgs).toHaveLength(1);
      expect(cosmos.msgs[0].msg_type_url).toBe('/ibc.applications.transfer.v1.MsgTransfer');
      const j = JSON.parse(cosmos.msgs[0].msg.replace(/"timeout_timestamp":(\d+)/, '"timeout_timestamp":"$1"'));
      // What the chain signs and Axelar receives: the message through its protobuf model.
      const m = MsgTransfer.decode(
        MsgTransfer.encode(
          MsgTransfer.fromPartial({
            sourcePort: j.source_port,
            sourceChannel: j.source_channel,
            token: j.token,
            sender: j.sender,
            receiver: j.receiver,
            timeoutTimestamp: BigInt(j.timeout_timestamp),
            memo: j.memo,
          }),
        ).finish(),
      );
      expect(m.sourceChannel).toBe(lane.toAxelar!.channel);
      expect(m.token).toEqual({ denom: lane.denomIn, amount: amount.toString() });
      const outcome = axelarnetReceive(
        { receiver: m.receiver, amount: BigInt(m.token.amount), memo: m.memo },
        { gmpAccount: cfg.gmpAccount, evmChains },
      );
      if (outcome.kind !== 'message') throw new Error(`axelarnet refuses it: ${JSON.stringify(outcome)}`);
      const message = outcome.message;
      expect(message).toMatchObject({
        type: 2,
        destinationChain: lane.toChainName,
        destinationAddress: cfg.handler.get(lane.toChainId),
        fee: { amount: lane.fee, recipient: cfg.gasReceiver },
        amountAfterFee: amount - lane.fee,
      });
      expect(body.route.amount_out).toBe((amount - lane.fee).toString());
      const payload = bytesToHex(message.payload);
      expect(decodeHandlerPayload(payload)).toEqual({ command: lane.shouldUnwrap ? 1 : 0, recipient: EVM_RECIPIENT });

      const token = cfg.assets.find((a) => a.denom === lane.asset)!.tokens.get(lane.toChainId)!;
      const node = nodes.get(lane.toChainId)!;
      const native = () => node.publicClient.getBalance({ address: EVM_RECIPIENT });
      const [tokenBefore, nativeBefore] = [
        await balanceOf(lane.toChainId, token.address, EVM_RECIPIENT),
        await native(),
      ];
      await deliverOnEvm(lane.toChainId, {
        sourceChain: lane.fromChainName,
        sourceAddress: m.sender,
        payload,
        symbol: token.symbol,
        amount: message.amountAfterFee,
      });
      if (lane.shouldUnwrap) {
        expect(await native()).toBe(nativeBefore + message.amountAfterFee);
        expect(await balanceOf(lane.toChainId, token.address, EVM_RECIPIENT)).toBe(tokenBefore);
      } else {
        expect(await balanceOf(lane.toChainId, token.address, EVM_RECIPIENT)).toBe(
          tokenBefore + message.amountAfterFee,
        );
      }
    }
  }, 240_000);
});
