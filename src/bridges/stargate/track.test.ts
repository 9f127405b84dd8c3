/**
 * Tracking a Stargate V2 taxi of USDC from Ethereum to Arbitrum. The source is a local EVM (anvil, chain 1) with
 * Stargate's own contracts at their mainnet addresses and LayerZero's EndpointV2 (src/test-helpers/evm/stargate.ts, as
 * evm.test.ts sets them up); the user's transaction is Junction's own (POST /msgs_direct), and its OFTSent is the
 * pool's real event. The destination is a second anvil (chain 42161): Stargate's contracts cannot be recreated there
 * (the package ships Ethereum's deployment records only), so test-contracts/OftReceivedStandIn.sol, placed at the
 * Arbitrum USDC pool's address of data/stargate.json, emits the OFTReceived a delivery makes, with the source's GUID.
 */
import { decodeEventLog, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { copyCodeTo, deployContract, sendTx } from '../../test-helpers/evm/deploy.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import { deployStargateV2 } from '../../test-helpers/evm/stargate.js';
import { transferEvent } from '../../tx/test-helpers/status.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import { IOFT_ABI } from '../oft/oft.js';
import { recipient, startOftTrackBench, user, type OftTrackBench } from '../oft/test-helpers/track-bench.js';
import { stargateConfig } from './config.js';
import { STARGATE_DEADLINE_MS } from './track.js';

const ERC20 = parseAbi(['function mint(address to, uint256 amount) returns (bool)']);
const cfg = stargateConfig();
const USDC_ETHEREUM = cfg.pools.get('USDC')!.get('1')!;
const USDC_ARBITRUM = cfg.pools.get('USDC')!.get('42161')!;

let b: OftTrackBench;
let standIn: Compiled;

beforeAll(async () => {
  b = await startOftTrackBench();
  const { ethereum, arbitrum } = b;
  const tokens = compileSolidity(new URL('../../test-helpers/evm/TestTokens.sol', import.meta.url)) as Record<
    string,
    Compiled
  >;
  await copyCodeTo(ethereum, await deployContract(ethereum, tokens.TestUSDC!), USDC_ETHEREUM.token as Address);
  await sendTx(ethereum, 0, {
    to: USDC_ETHEREUM.token as Address,
    data: encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user, 10n ** 15n] }),
  });
  const localEid = cfg.eid.get('1')!;
  await deployStargateV2(ethereum, {
    localEid,
    remoteEids: [...new Set(cfg.eid.values())].filter((e) => e !== localEid),
    endpointFee: 300_000_000_000_000n,
    feeMillionth: 400,
    credit: 10n ** 12n,
  });
  standIn = compileSolidity(new URL('./test-contracts/OftReceivedStandIn.sol', import.meta.url)).OftReceivedStandIn!;
  await copyCodeTo(arbitrum, await deployContract(arbitrum, standIn), USDC_ARBITRUM.pool as Address);
});
afterAll(async () => {
  await b?.stop();
});
beforeEach(() => {
  b.advance(1000);
});

const event = (s: Status) => transferEvent(s, 'stargate_transfer');

/** Junction's transaction for `amount` USDC Ethereum → Arbitrum over Stargate, sent after its approval. */
const send = (amount: bigint) =>
  b.send({
    source_asset_chain_id: '1',
    source_asset_denom: USDC_ETHEREUM.token,
    dest_asset_chain_id: '42161',
    dest_asset_denom: USDC_ARBITRUM.token,
    amount_in: amount.toString(),
    slippage_tolerance_percent: '1',
    bridges: ['STARGATE'],
    chain_ids_to_addresses: { '1': user, '42161': recipient },
  });

function oftSent(receipt: Awaited<ReturnType<typeof send>>) {
  for (const l of receipt.logs) {
    try {
      const e = decodeEventLog({ abi: IOFT_ABI, data: l.data, topics: l.topics });
      if (e.eventName === 'OFTSent') return e.args as { guid: Hex; amountReceivedLD: bigint };
    } catch {
      // another event
    }
  }
  throw new Error('no OFTSent');
}

describe('Stargate USDC Ethereum → Arbitrum', () => {
  it("is sent on the pool's OFTSent and a success only once the Arbitrum pool's OFTReceived carries its GUID", async () => {
    const receipt = await send(250_000_000n);
    const { guid, amountReceivedLD } = oftSent(receipt);
    await b.tx.track('1', receipt.transactionHash, null);
    let s = await b.step(receipt.transactionHash);
    expect(event(s)).toMatchObject({
      from_chain_id: '1',
      to_chain_id: '42161',
      state: 'STARGATE_TRANSFER_SENT',
      txs: { send_tx: { tx_hash: receipt.transactionHash }, receive_tx: null, error_tx: null },
    });
    expect(s.state).toBe('STATE_PENDING');

    // Another transfer's delivery is not this one's.
    const receive = (g: Hex) =>
      sendTx(b.arbitrum, 0, {
        to: USDC_ARBITRUM.pool as Address,
        data: encodeFunctionData({
          abi: standIn.abi,
          functionName: 'receiveTaxi',
          args: [g, cfg.eid.get('1')!, recipient, amountReceivedLD],
        }),
      });
    await receive(`0x${'11'.repeat(32)}`);
    expect((await b.step(receipt.transactionHash)).state).toBe('STATE_PENDING');
    const delivery = await receive(guid);
    s = await b.step(receipt.transactionHash);
    expect(event(s)).toMatchObject({
      state: 'STARGATE_TRANSFER_RECEIVED',
      txs: { receive_tx: { chain_id: '42161', tx_hash: delivery.transactionHash } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: {
        chain_id: '42161',
        denom: USDC_ARBITRUM.token,
        amount: amountReceivedLD.toString(),
        released: true,
      },
    });
  });

  it('never delivered: pending past the stall limit, abandoned after the deadline with the USDC shown on Ethereum', async () => {
    const receipt = await send(300_000_000n);
    await b.expectAbandonedUndelivered(
      receipt.transactionHash,
      STARGATE_DEADLINE_MS,
      USDC_ETHEREUM.token,
      300_000_000n,
    );
  });
});
