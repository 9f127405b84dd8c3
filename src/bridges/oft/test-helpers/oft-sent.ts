/**
 * A source transaction of an OFT send (LayerZero OFT or Stargate V2 pool) for the contract suite's tracking samples:
 * the `OFTSent` log the OFT emits from `send` (IOFT.sol, the event of ../abi.ts), with the packet's GUID.
 */
import { getAbiItem, keccak256, toHex } from 'viem';
import { evmLog, evmSourceTx } from '../../test-helpers/source-txs.js';
import type { IncludedTx } from '../../../tx/tracker.js';
import { IOFT_ABI } from '../abi.js';

export interface OftSend {
  chainId: string;
  /** The OFT (or pool) the user called, which emits OFTSent. */
  oft: string;
  dstEid: number;
  from: string;
  amount: bigint;
}

export function oftSentTx(send: OftSend): IncludedTx {
  const log = evmLog(send.oft, getAbiItem({ abi: IOFT_ABI, name: 'OFTSent' }), {
    guid: keccak256(toHex(`${send.chainId}:${send.dstEid}:${send.amount}`)),
    dstEid: send.dstEid,
    fromAddress: send.from,
    amountSentLD: send.amount,
    amountReceivedLD: send.amount,
  });
  return evmSourceTx(send.chainId, send.oft, [log]);
}
