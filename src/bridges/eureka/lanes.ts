/**
 * IBC Eureka lanes: for each IBC v2 client pair (Ethereum `cosmoshub-0` ↔ Hub `08-wasm-1369`), every token with a
 * holding on both sides, both ways:
 * - an Ethereum ERC-20 and its Hub voucher (trace `transfer/08-wasm-1369/<erc20>`): WBTC, ...;
 * - a Hub coin and the ERC-20 Eureka mints for it on Ethereum (trace `transfer/cosmoshub-0/<denom>`): ATOM.
 * Each lane exists unrelayed (someone must relay the packet; no fee) and, where the operator configured a fee
 * recipient on the source chain and a fee for the token, relayed (smart_relay: the user pays the relay fee).
 */
import type { Registry } from '../../registry/registry.js';
import type { RegistryAsset } from '../../registry/types.js';
import type { Lane } from '../types.js';
import { eurekaConfig, type EurekaClient } from './config.js';

export interface EurekaLane extends Lane {
  readonly bridge: 'EUREKA';
  /** The IBC v2 client on the source chain (`cosmoshub-0` on Ethereum, `08-wasm-1369` on the Hub). */
  readonly sourceClient: string;
  /** Relayed form: the relay fee (in denomIn) goes to `feeRecipient` on the source chain. */
  readonly relayed: boolean;
  readonly relayFee: bigint;
  readonly feeRecipient: string | undefined;
  /** For an unrelayed lane: whether its relayed twin exists (smart_relay: true then takes the twin). */
  readonly relayedTwin: boolean;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Pairs (Ethereum-side asset, Cosmos-side asset) that one Eureka client joins. */
function pairs(registry: Registry, c: EurekaClient): [RegistryAsset, RegistryAsset][] {
  const out: [RegistryAsset, RegistryAsset][] = [];
  const overClient = (a: RegistryAsset, client: string) =>
    a.hops.length === 1 && a.hops[0]!.port === 'transfer' && a.hops[0]!.channel === client;
  // Vouchers on the Cosmos side of ERC-20s native to the EVM side.
  for (const v of registry.listedAssets(c.chainId)) {
    if (!overClient(v, c.clientId) || v.wire.origin_chain_id !== c.counterpartyChainId) continue;
    const erc20 = registry.listedAsset(c.counterpartyChainId, v.wire.origin_denom);
    if (erc20 && erc20.hops.length === 0 && sameAddress(erc20.wire.denom, v.baseDenom)) out.push([erc20, v]);
  }
  // ERC-20s on the EVM side of coins native to the Cosmos side.
  for (const e of registry.listedAssets(c.counterpartyChainId)) {
    if (!overClient(e, c.counterpartyClientId) || e.wire.origin_chain_id !== c.chainId) continue;
    const coin = registry.listedAsset(c.chainId, e.baseDenom);
    if (coin && coin.hops.length === 0) out.push([e, coin]);
  }
  return out;
}

export function eurekaLanes(registry: Registry): EurekaLane[] {
  const cfg = eurekaConfig();
  const lanes: EurekaLane[] = [];
  const add = (from: RegistryAsset, to: RegistryAsset, sourceClient: string) => {
    const base = {
      bridge: 'EUREKA' as const,
      fromChainId: from.wire.chain_id,
      toChainId: to.wire.chain_id,
      denomIn: from.wire.denom,
      denomOut: to.wire.denom,
      sourceClient,
    };
    const recipient = cfg.relay.recipient.get(base.fromChainId);
    const fee = cfg.relay.fee(base.fromChainId, base.denomIn);
    const relayable = recipient !== undefined && fee !== undefined;
    lanes.push({ ...base, relayed: false, relayFee: 0n, feeRecipient: undefined, relayedTwin: relayable });
    if (relayable) lanes.push({ ...base, relayed: true, relayFee: fee, feeRecipient: recipient, relayedTwin: false });
  };
  for (const c of cfg.clients) {
    if (!registry.chain(c.chainId) || !registry.chain(c.counterpartyChainId)) continue;
    for (const [evmSide, cosmosSide] of pairs(registry, c)) {
      add(evmSide, cosmosSide, c.counterpartyClientId);
      add(cosmosSide, evmSide, c.clientId);
    }
  }
  return lanes;
}
