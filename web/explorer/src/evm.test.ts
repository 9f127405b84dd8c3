/**
 * The page's EVM decoding against the project's own encoders: the selectors it knows are the keccak of their
 * signatures (viem), the calldata Junction builds for a CCTP burn reads back argument by argument, and a mint
 * recipient reads back as the address it was made from, on every kind of destination.
 */
import { PublicKey } from '@solana/web3.js';
import { toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { evmBurnTx } from '../../../src/bridges/cctp/evm.js';
import { associatedTokenAccount, mintRecipient } from '../../../src/bridges/cctp/mint-recipient.js';
import { testRegistry } from '../../../src/test-helpers/registry.js';
import { readMintRecipient } from './cctp.js';
import { decodeCalldata, KNOWN_FUNCTIONS, signatureOf } from './evm.js';
import { chainOfCctpDomain, labelOf } from './known.js';

const registry = testRegistry();
const toHex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
const kind = (chainId: string) => {
  const w = registry.chain(chainId)!.wire;
  return { chain_type: w.chain_type, bech32_prefix: w.bech32_prefix };
};

describe('EVM calldata', () => {
  it('knows each function by the keccak selector of its signature', () => {
    for (const [selector, fn] of Object.entries(KNOWN_FUNCTIONS))
      expect(toFunctionSelector(signatureOf(fn)).slice(2), signatureOf(fn)).toBe(selector);
    expect(Object.keys(KNOWN_FUNCTIONS)).toContain('d77d6ec0'); // Skip's CCTP relayer, requestCCTPTransferWithCaller
  });

  it('reads back the depositForBurn call Junction builds', () => {
    const noble = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
    const tx = evmBurnTx({
      chainId: '1',
      tokenMessenger: '0xBd3fa81B58Ba92a82136038B25aDec7066af3155',
      usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      amount: 123_456_789n,
      destinationDomain: 4,
      mintRecipient: mintRecipient(registry, 'noble-1', noble),
      signer: '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829',
    });
    const call = decodeCalldata(tx.data);
    expect(call.fn && signatureOf(call.fn)).toBe('depositForBurn(uint256,uint32,bytes32,address)');
    expect(call.problem).toBeUndefined();
    expect(Object.fromEntries(call.args.map((a) => [a.name, a.value]))).toEqual({
      amount: '123456789',
      destinationDomain: '4',
      mintRecipient: toHex(mintRecipient(registry, 'noble-1', noble)),
      burnToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    });
    expect(chainOfCctpDomain(4)).toBe('noble-1');
    expect(labelOf(tx.to)).toBe('Circle TokenMessenger (CCTP V1)');
    expect(labelOf('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe('USDC token (Circle)');
  });

  it('shows unknown functions as words and says when calldata is short', () => {
    expect(decodeCalldata('12345678' + '00'.repeat(31) + '01')).toMatchObject({
      selector: '12345678',
      fn: null,
      args: [{ name: 'word 0', value: `0x${'00'.repeat(31)}01` }],
    });
    expect(decodeCalldata('0x6fd3504e00').problem).toBe("calldata shorter than the function's arguments");
    expect(decodeCalldata('').problem).toBe('no calldata (a plain value transfer)');
    expect(decodeCalldata('zz').problem).toBe('not hex');
  });
});

describe("CCTP mint recipient in the destination's address form", () => {
  it('Cosmos, EVM and Solana recipients read back as the address they came from', () => {
    const noble = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
    expect(readMintRecipient(toHex(mintRecipient(registry, 'noble-1', noble)), kind('noble-1'))).toBe(
      `account ${noble}`,
    );
    const evm = '0x0f7833777bfc9ef72d8b76ae954d3849dd71f829';
    expect(readMintRecipient(toHex(mintRecipient(registry, '8453', evm)), kind('8453'))).toBe(`EVM address ${evm}`);
    const owner = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    const ata = associatedTokenAccount(
      new PublicKey(owner),
      new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
    ).toBase58();
    expect(readMintRecipient(toHex(mintRecipient(registry, 'solana', owner)), kind('solana'))).toBe(
      `Solana token account ${ata}`,
    );
    expect(readMintRecipient('0x12', kind('noble-1'))).toBeNull();
  });
});
