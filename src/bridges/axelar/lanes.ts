/**
 * Axelar lanes: an Axelar asset (axlUSDC, axlWETH, ...) between its ERC-20s on EVM chains and its ICS-20 vouchers on
 * Cosmos chains that Axelar serves.
 *
 * - Cosmos → EVM: the voucher leaves its Cosmos chain over that chain's channel to Axelar, addressed to Axelar's GMP
 *   account with a GMP memo (execution mechanics §6.1); the lane embeds that IBC packet (`ibc_transfer_to_axelar`).
 *   With `should_unwrap` (WETH → ETH), the memo calls Skip's AxelarHandler on the destination, which unwraps.
 * - EVM → Cosmos / EVM: the user's wallet calls the source chain's gateway `sendToken` (§6.3).
 * - EVM → Cosmos with IBC hooks and Skip's entry point, general message passing (GMP): the wallet calls Skip's
 *   AxelarHandler on the source chain, which pays Axelar's gas service in native gas and calls the gateway's
 *   `callContractWithToken` with the entry point as the destination contract, so the step after the hop (a swap, an
 *   IBC transfer onward) runs on arrival in the same signature. Such a lane exists only to carry that step: the route
 *   search leaves it out of routes where nothing follows it (a plain sendToken is cheaper there).
 * A chain takes part when Axelar's name for it is known; an EVM chain also needs its gateway address, a Cosmos chain a
 * transfer channel to Axelar and memo support. Every end must be an asset the registry lists, with the asset's
 * decimals (Axelar moves base units one to one).
 */
import { nativeDenomOf } from '../oft/native.js';
import type { Registry } from '../../registry/registry.js';
import { hopOver, type TransferHop } from '../../routing/transfer-path.js';
import { IBC_HOP_SECONDS } from '../ibc/operation.js';
import type { Lane } from '../types.js';
import { AXELAR_CHAIN_ID, axelarConfig, type AxelarAsset } from './config.js';

export interface AxelarLane extends Lane {
  readonly bridge: 'AXELAR';
  /** The asset's denom on Axelar (`uusdc`, `weth-wei`). */
  readonly asset: string;
  readonly fromChainName: string;
  readonly toChainName: string;
  /** Cosmos source: the packet into Axelar that carries the GMP memo. */
  readonly toAxelar: TransferHop | undefined;
  /** EVM source: the gateway's symbol for the token sent. */
  readonly sourceSymbol: string | undefined;
  /** The destination delivers the chain's native token, unwrapped from the asset by Skip's AxelarHandler. */
  readonly shouldUnwrap: boolean;
  /**
   * EVM source, GMP call with token: the source chain's AxelarHandler, and the native gas it pays the gas service
   * (source chain wei, an estimate from data/axelar.json) on top of the amount.
   */
  readonly gmp: { handler: string; gasPayment: bigint; nativeDenom: string } | undefined;
  /** What Axelar keeps, in the asset's base units: the transfer fee, or the GMP execution fee when unwrapping. */
  readonly fee: bigint;
  /** The denom on the destination chain the fee is counted in (the asset's token there, WETH when unwrapping). */
  readonly feeDenom: string;
  readonly seconds: number;
}

interface End {
  chainId: string;
  name: string;
  kind: 'ethereum' | 'evm' | 'cosmos';
  denom: string;
  symbol?: string;
  toAxelar?: TransferHop;
}

function evmEnds(registry: Registry, asset: AxelarAsset, decimals: number | null | undefined): End[] {
  const cfg = axelarConfig();
  const out: End[] = [];
  for (const [chainId, token] of asset.tokens) {
    const name = cfg.chainName.get(chainId);
    if (name === undefined || !cfg.gateway.has(chainId) || registry.chain(chainId)?.wire.chain_type !== 'evm') continue;
    const listed = registry.listedAsset(chainId, token.address);
    if (!listed || listed.wire.decimals !== decimals) continue;
    out.push({ chainId, name, kind: chainId === '1' ? 'ethereum' : 'evm', denom: token.address, symbol: token.symbol });
  }
  return out;
}

function cosmosEnds(registry: Registry, asset: AxelarAsset, decimals: number | null | undefined): End[] {
  const out: End[] = [];
  for (const [chainId, name] of axelarConfig().chainName) {
    const chain = registry.chain(chainId);
    if (chainId === AXELAR_CHAIN_ID || chain?.wire.chain_type !== 'cosmos' || !chain.capabilities.memo) continue;
    const inbound = registry.transferChannel(AXELAR_CHAIN_ID, chainId);
    const voucher = inbound && hopOver(registry, inbound, asset.denom)?.denomOut;
    if (!voucher || registry.listedAsset(chainId, voucher)?.wire.decimals !== decimals) continue;
    const back = registry.channelEnd(chainId, inbound.counterpartyPort, inbound.counterpartyChannel);
    const toAxelar = back && hopOver(registry, back, voucher);
    if (!toAxelar?.unwinds || toAxelar.denomOut !== asset.denom) continue;
    out.push({ chainId, name, kind: 'cosmos', denom: voucher, toAxelar });
  }
  return out;
}

function seconds(from: End, to: End): number {
  const cfg = axelarConfig();
  const confirm =
    from.kind === 'cosmos'
      ? IBC_HOP_SECONDS + cfg.cosmosConfirmationSeconds
      : (cfg.confirmationSeconds.get(from.chainId) ?? Math.max(...cfg.confirmationSeconds.values()));
  return confirm + cfg.relaySeconds + (to.kind === 'cosmos' ? IBC_HOP_SECONDS : 0);
}

function lane(
  asset: AxelarAsset,
  from: End,
  to: End,
  unwrapTo?: string,
  gmpFee?: bigint,
  gmp?: AxelarLane['gmp'],
): AxelarLane {
  return {
    bridge: 'AXELAR',
    fromChainId: from.chainId,
    toChainId: to.chainId,
    denomIn: from.denom,
    denomOut: unwrapTo ?? to.denom,
    asset: asset.denom,
    fromChainName: from.name,
    toChainName: to.name,
    toAxelar: from.toAxelar,
    sourceSymbol: from.symbol,
    shouldUnwrap: unwrapTo !== undefined,
    gmp,
    fee: gmpFee ?? asset.transferFee[from.kind] + asset.transferFee[to.kind],
    feeDenom: to.denom,
    seconds: seconds(from, to),
  };
}

export function axelarLanes(registry: Registry): AxelarLane[] {
  const cfg = axelarConfig();
  const lanes: AxelarLane[] = [];
  for (const asset of cfg.assets) {
    const onAxelar = registry.listedAsset(AXELAR_CHAIN_ID, asset.denom);
    if (!onAxelar) continue;
    const decimals = onAxelar.wire.decimals;
    const evm = evmEnds(registry, asset, decimals);
    const cosmos = cosmosEnds(registry, asset, decimals);
    for (const c of cosmos) {
      for (const e of evm) lanes.push(lane(asset, c, e), lane(asset, e, c));
    }
    for (const a of evm) for (const b of evm) if (a !== b) lanes.push(lane(asset, a, b));
    // From a Cosmos chain the memo calls the handler that unwraps. From another EVM chain it would be a GMP call
    // through that chain's handler, but WETH, the asset that unwraps, has an Axelar token on Ethereum alone here, and
    // its gas payment would have to buy an Ethereum execution in the source chain's gas token (a price conversion).
    const u = asset.unwrap;
    const dest = u && evm.find((e) => e.chainId === u.chainId);
    const fee = u && cfg.gmpExecuteFee.get(u.chainId);
    if (
      u &&
      dest &&
      fee !== undefined &&
      cfg.handler.has(u.chainId) &&
      registry.listedAsset(u.chainId, u.nativeDenom)
    ) {
      for (const c of cosmos) lanes.push(lane(asset, c, dest, u.nativeDenom, fee));
    }
    for (const e of evm) {
      const gmp = gmpSource(registry, e.chainId);
      // Axelar's transfer fee applies to a call with token as to sendToken; the gas payment comes on top, in gas.
      if (!gmp) continue;
      for (const c of cosmos)
        if (runsEntryPointOnArrival(registry, c.chainId)) lanes.push(lane(asset, e, c, undefined, undefined, gmp));
    }
  }
  return lanes;
}

/** The handler and gas payment for GMP calls from an EVM chain, when the data files have both. */
function gmpSource(registry: Registry, chainId: string): AxelarLane['gmp'] {
  const cfg = axelarConfig();
  const handler = cfg.handler.get(chainId);
  const gasPayment = cfg.gmpGasPayment.get(chainId);
  const nativeDenom = nativeDenomOf(chainId);
  if (!handler || gasPayment === undefined || !nativeDenom || !registry.asset(chainId, nativeDenom)) return undefined;
  return { handler, gasPayment, nativeDenom };
}

/** Axelar delivers a GMP call to a Cosmos chain as an ICS-20 packet with a `wasm` memo: IBC hooks run the contract. */
export function runsEntryPointOnArrival(registry: Registry, chainId: string): boolean {
  const c = registry.chain(chainId);
  return c !== undefined && c.capabilities.ibcHooks && c.entryPoint !== undefined;
}
