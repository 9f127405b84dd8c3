/**
 * CCTP V2 burns Junction builds, executed on anvil against stand-ins of Circle's TokenMessengerV2 and
 * MessageTransmitterV2 at their mainnet addresses (src/test-helpers/evm/TestCctpV2.sol, the published V2 interface and
 * events): for a fast-capable source (Base), Linea and a source without Fast Transfer (Sonic), each form the options
 * select — standard forwarded (defaults), fast forwarded (go_fast), standard unforwarded (smart_relay false), fast to
 * Solana — the approvals and burn from /v2/fungible/msgs_direct are sent and the DepositForBurn event and the V2
 * message (decoded by the tracker's decoder) must carry what the route says.
 */
import { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  hexToBytes,
  pad,
  parseAbi,
  type Address,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { ERC20_TEST_ABI } from '../../test-helpers/evm/circle-cctp.js';
import { deployCircleCctpV2 } from '../../test-helpers/evm/circle-cctp-v2.js';
import { decodeMessage } from '../cctp/track.js';
import { cctpV2Config } from './config.js';
import { TOKEN_MESSENGER_V2_ABI } from './evm.js';

const MESSAGE_SENT = parseAbi(['event MessageSent(bytes message)']);
const SOLANA_USER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.app.close());

interface Case {
  name: string;
  dest: string;
  options: Record<string, unknown>;
  finality: number;
  hook: boolean;
}

const cases = (source: string): Case[] => {
  const fast = cctpV2Config().fastFeePpm.has(source);
  return [
    { name: 'defaults: standard, forwarded', dest: '42161', options: {}, finality: 2000, hook: true },
    { name: 'go_fast: forwarded', dest: '1', options: { go_fast: true }, finality: fast ? 1000 : 2000, hook: true },
    {
      name: 'smart_relay false: standard, no hook',
      dest: '1',
      options: { smart_relay: false },
      finality: 2000,
      hook: false,
    },
    {
      name: 'to Solana, go_fast and smart_relay false',
      dest: 'solana',
      options: { smart_relay: false, go_fast: true },
      finality: fast ? 1000 : 2000,
      hook: false,
    },
  ];
};

describe.each(['8453', '59144', '146'])('CCTP V2 burn from EVM chain %s on anvil', (chainId) => {
  const cfg = cctpV2Config();
  const usdc = getAddress(cfg.usdc.get(chainId)!);
  const messenger = getAddress(cfg.tokenMessenger);
  const transmitter = getAddress(cfg.messageTransmitter);
  const user = anvilAccount(1).address;
  let node: Anvil;

  beforeAll(async () => {
    node = await startAnvil(Number(chainId));
    await deployCircleCctpV2(node, chainId, [[user, 10n ** 15n]]);
  });
  afterAll(() => node?.stop());

  async function send(to: Address, data: Hex): Promise<Hex> {
    const hash = await node.wallet(1).sendTransaction({ to, data, account: anvilAccount(1), chain: node.chain });
    const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    return hash;
  }

  it.each(cases(chainId))('$name to $dest', async ({ dest, options, finality, hook }) => {
    const amount = 250_000_000n + BigInt(finality);
    const recipient = dest === 'solana' ? SOLANA_USER : anvilAccount(2).address;
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: chainId,
      source_asset_denom: usdc,
      dest_asset_chain_id: dest,
      dest_asset_denom: dest === 'solana' ? USDC_SOLANA : cfg.usdc.get(dest),
      amount_in: amount.toString(),
      bridges: ['CCTP_V2'],
      ...options,
      chain_ids_to_addresses: { [chainId]: user, [dest]: recipient },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['cctp_transfer_v2']);
    const record = route.operations[0].cctp_transfer_v2;
    expect(record.finality_threshold).toBe(finality);
    expect(record.smart_relay).toBe(hook);
    const maxFee = BigInt(record.max_fee);
    expect(BigInt(route.estimated_amount_out)).toBe(amount - maxFee);
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(tx).toMatchObject({ chain_id: chainId, to: messenger, value: '0', signer_address: user });

    const supplyBefore = await node.publicClient.readContract({
      address: usdc,
      abi: ERC20_TEST_ABI,
      functionName: 'totalSupply',
    });
    for (const a of tx.required_erc20_approvals)
      await send(
        a.token_contract,
        encodeFunctionData({ abi: ERC20_TEST_ABI, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
      );
    const receipt = await node.publicClient.getTransactionReceipt({ hash: await send(tx.to, `0x${tx.data}`) });

    const burn = receipt.logs
      .filter((l) => getAddress(l.address) === messenger)
      .map((l) => decodeEventLog({ abi: TOKEN_MESSENGER_V2_ABI, data: l.data, topics: l.topics }))
      .find((e) => e.eventName === 'DepositForBurn')!;
    const mintRecipient = expectedRecipient(dest, recipient);
    expect(burn.args).toMatchObject({
      burnToken: usdc,
      amount,
      depositor: user,
      mintRecipient,
      destinationDomain: cfg.domain.get(dest),
      destinationTokenMessenger: pad(messenger.toLowerCase() as Hex),
      destinationCaller: pad('0x00'),
      maxFee,
      minFinalityThreshold: finality,
    });
    const hookBytes = hexToBytes(burn.args.hookData);
    expect(hookBytes.length).toBe(hook ? 32 : 0);
    if (hook) expect(Buffer.from(hookBytes.subarray(0, 12)).toString()).toBe('cctp-forward');

    // The V2 message the attestation service signs, read with the tracker's decoder.
    const sent = receipt.logs.find((l) => getAddress(l.address) === transmitter)!;
    const { message } = decodeEventLog({ abi: MESSAGE_SENT, data: sent.data, topics: sent.topics }).args;
    const bytes = hexToBytes(message);
    expect(decodeMessage(bytes)).toMatchObject({
      version: 1,
      source_domain: cfg.domain.get(chainId),
      destination_domain: cfg.domain.get(dest),
      burn_token: pad(usdc.toLowerCase() as Hex),
      mint_recipient: mintRecipient,
      amount: amount.toString(),
    });
    expect(Buffer.from(bytes).readUInt32BE(140)).toBe(finality); // minFinalityThreshold
    expect(BigInt(`0x${Buffer.from(bytes.subarray(148 + 132, 148 + 164)).toString('hex')}`)).toBe(maxFee);
    expect(
      await node.publicClient.readContract({ address: usdc, abi: ERC20_TEST_ABI, functionName: 'totalSupply' }),
    ).toBe(supplyBefore - amount);
  });

  it('the stand-in refuses a maxFee not below the amount, as TokenMessengerV2 does', async () => {
    await send(usdc, encodeFunctionData({ abi: ERC20_TEST_ABI, functionName: 'approve', args: [messenger, 10n] }));
    await expect(
      node.publicClient.simulateContract({
        address: messenger,
        abi: TOKEN_MESSENGER_V2_ABI,
        functionName: 'depositForBurn',
        args: [10n, 3, pad(user), usdc, pad('0x00'), 10n, 2000],
        account: user,
      }),
    ).rejects.toThrow(/Max fee must be less than amount/);
  });
});

function expectedRecipient(dest: string, recipient: string): Hex {
  if (dest !== 'solana') return pad(recipient.toLowerCase() as Hex);
  const [ata] = PublicKey.findProgramAddressSync(
    [
      new PublicKey(recipient).toBuffer(),
      new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA').toBuffer(),
      new PublicKey(USDC_SOLANA).toBuffer(),
    ],
    new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
  );
  return `0x${Buffer.from(ata!.toBytes()).toString('hex')}`;
}
