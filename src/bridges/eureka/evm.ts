/**
 * The Ethereum side of an IBC Eureka transfer (execution-mechanics §10.1):
 * - unrelayed: the ICS20Transfer proxy's `sendTransfer((denom, amount, receiver, sourceClient, destPort,
 *   timeoutTimestamp, memo))` (selector 0x2ac3dc38), which pulls the ERC-20 into its escrow (or burns an IBC ERC-20)
 *   and sends the IBC v2 packet; the wallet approves ICS20Transfer for the amount;
 * - relayed (smart_relay): Skip's EurekaHandler `transfer(amount, transferParams, fees)` (0xeecf31f9), which pulls
 *   amount + relayFee, pays relayFee to relayFeeRecipient and calls sendTransfer; the wallet approves the handler
 *   for amount + relayFee (what the user signs for = amount delivered + relay fee).
 * `timeoutTimestamp` and `quoteExpiry` are absolute Unix **seconds**; the timeout is the packet timeout of timeout.ts
 * (past the relay, at most the day ICS26Router.sendPacket accepts), and the fee quote holds until then. The receiver is the bech32 address on the Hub;
 * when the route goes on from the Hub, it is the Hub's callback adapter and the memo carries `dest_callback` and the
 * `wasm` call of the entry point that the adapter executes with the received coin (§4).
 */
import { encodeFunctionData, type Address } from 'viem';
import type { Static } from '@sinclair/typebox';
import type { EvmTx } from '../../wire/msgs.js';
import { ICS20_TRANSFER_ABI, EUREKA_HANDLER_ABI } from './abi.js';

export { ICS20_TRANSFER_ABI, EUREKA_HANDLER_ABI };

export interface EurekaEvmFields {
  chainId: string;
  /** ICS20Transfer (unrelayed) or the EurekaHandler (relayed). */
  contract: string;
  token: string;
  /** What reaches the Hub (the handler adds the relay fee on top when pulling). */
  amount: bigint;
  receiver: string;
  sourceClient: string;
  /** The packet's timeout, absolute Unix seconds (timeout.ts). */
  timeoutTimestamp: bigint;
  memo: string;
  relay: { fee: bigint; recipient: string; quoteExpirySeconds: bigint } | undefined;
  signer: string;
}

export function eurekaEvmTx(f: EurekaEvmFields): Static<typeof EvmTx> {
  const token = f.token as Address;
  const data = f.relay
    ? encodeFunctionData({
        abi: EUREKA_HANDLER_ABI,
        functionName: 'transfer',
        args: [
          f.amount,
          {
            token,
            recipient: f.receiver,
            sourceClient: f.sourceClient,
            destPort: 'transfer',
            timeoutTimestamp: f.timeoutTimestamp,
            memo: f.memo,
          },
          {
            relayFee: f.relay.fee,
            relayFeeRecipient: f.relay.recipient as Address,
            quoteExpiry: f.relay.quoteExpirySeconds,
          },
        ],
      })
    : encodeFunctionData({
        abi: ICS20_TRANSFER_ABI,
        functionName: 'sendTransfer',
        args: [
          {
            denom: token,
            amount: f.amount,
            receiver: f.receiver,
            sourceClient: f.sourceClient,
            destPort: 'transfer',
            timeoutTimestamp: f.timeoutTimestamp,
            memo: f.memo,
          },
        ],
      });
  const pulled = f.amount + (f.relay?.fee ?? 0n);
  return {
    chain_id: f.chainId,
    to: f.contract,
    value: '0',
    data: data.slice(2),
    required_erc20_approvals: [{ token_contract: f.token, spender: f.contract, amount: pulled.toString() }],
    signer_address: f.signer,
  };
}
