/**
 * The `axelar_transfer` wire record (wire format §4.6) and its reverse. The record follows Skip's captured shapes
 * (test/fixtures/skip-go-api/route-osmosis-to-ethereum-axelar.json, route-ethereum-to-osmosis-axelar.json): from a
 * Cosmos chain, `denom_in` is the asset's denom on Axelar, the packet into Axelar is embedded as
 * `ibc_transfer_to_axelar` (a `transfer` record) and `fee_amount` / `fee_asset` are the memo's execution fee in what
 * arrives on the destination (WETH, or ETH when unwrapping); from an EVM chain, `denom_in` is the token and the fee is
 * the native gas the handler pays the gas service. `from_chain` / `to_chain` carry Axelar's chain names. A record
 * echoed back to /msgs is matched against the lanes this registry offers: chains, asset, unwrapping and denoms must
 * agree, and the amounts and fees are re-quoted, never read.
 */
import { invalidArgument } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { transferRecord } from '../ibc/operation.js';
import type { BridgeStep } from '../types.js';
import type { AxelarLane } from './lanes.js';

export function axelarRecord(registry: Registry, step: BridgeStep<AxelarLane>): Record<string, unknown> {
  const { lane } = step;
  return {
    from_chain: lane.fromChainName,
    from_chain_id: lane.fromChainId,
    to_chain: lane.toChainName,
    to_chain_id: lane.toChainId,
    asset: lane.asset,
    should_unwrap: lane.shouldUnwrap,
    denom_in: lane.toAxelar ? lane.asset : lane.denomIn,
    denom_out: lane.denomOut,
    fee_amount: (lane.gmp ? lane.gmp.gasPayment : lane.fee).toString(),
    // The record is rendered without prices (a string, as the wire type wants); the route's estimated_fees carry the
    // fee's USD value.
    usd_fee_amount: '',
    fee_asset: (lane.gmp
      ? registry.asset(lane.fromChainId, lane.gmp.nativeDenom)!
      : registry.asset(lane.toChainId, lane.feeDenom)!
    ).wire,
    is_testnet: false,
    ...(lane.toAxelar ? { ibc_transfer_to_axelar: transferRecord(registry, lane.toAxelar) } : {}),
    bridge_id: 'AXELAR',
    // The transfer is relayed by Axelar's own relayers, paid by the fee above: no Skip-style smart relay.
    smart_relay: false,
  };
}

/** Fields of the record that follow from the lane (checked against it again by routing/operations.ts). */
export const AXELAR_ECHOED_FIELDS = ['denom_out'];

export function axelarLaneOfRecord(
  lanes: readonly AxelarLane[],
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): AxelarLane {
  const str = (k: string): string => {
    const v = record[k];
    if (typeof v !== 'string' || v === '') throw invalidArgument(`invalid ${at}.${k}: must be a non-empty string`);
    return v;
  };
  if (record.bridge_id !== undefined && record.bridge_id !== 'AXELAR')
    throw invalidArgument(`invalid ${at}.bridge_id: an axelar_transfer operation uses the AXELAR bridge`);
  const from = str('from_chain_id');
  const to = str('to_chain_id');
  const asset = str('asset');
  if (from !== expected.chainId)
    throw invalidArgument(
      `invalid ${at}.from_chain_id: the previous operation ends on ${expected.chainId}, not ${from}`,
    );
  const unwrap = record.should_unwrap === true;
  const candidates = lanes.filter((l) => l.fromChainId === from && l.toChainId === to && l.asset === asset);
  if (candidates.length === 0)
    throw invalidArgument(`invalid ${at}: Axelar does not carry ${asset} from ${from} to ${to}`);
  const unwrapping = candidates.filter((l) => l.shouldUnwrap === unwrap);
  if (unwrapping.length === 0)
    throw invalidArgument(
      `invalid ${at}.should_unwrap: ${asset} from ${from} to ${to} ${unwrap ? 'cannot' : 'must'} be unwrapped`,
    );
  // Lanes are unique per chains, asset and unwrapping.
  const lane = unwrapping[0]!;
  if (lane.denomIn !== expected.denom)
    throw invalidArgument(
      `invalid ${at}: the previous operation delivers ${expected.denom}, and Axelar carries ${lane.denomIn} from ${from}`,
    );
  const denomIn = str('denom_in');
  if (denomIn !== lane.denomIn && denomIn !== lane.asset)
    throw invalidArgument(
      `invalid ${at}.denom_in: Axelar carries ${lane.denomIn} (${lane.asset}) from ${from}, not ${denomIn}`,
    );
  const hop = record.ibc_transfer_to_axelar;
  if (hop !== undefined && hop !== null) {
    const h = hop as Record<string, unknown>;
    if (
      !lane.toAxelar ||
      h.channel !== lane.toAxelar.channel ||
      h.denom_in !== lane.toAxelar.denomIn ||
      h.from_chain_id !== from
    ) {
      throw invalidArgument(
        `invalid ${at}.ibc_transfer_to_axelar: ${from} sends ${lane.denomIn} to Axelar over ${lane.toAxelar ? lane.toAxelar.channel : 'no IBC channel'}`,
      );
    }
  }
  return lane;
}
