/**
 * Axelar lanes: an Axelar asset (axlUSDC, axlWETH, ...) between its ERC-20s on EVM chains and its ICS-20 vouchers on
 * Cosmos chains that Axelar serves. Every lane is a general message with token (GMP), the one kind of transfer current
 * Axelar processes (axelar-core v1.5.0: gateway TokenSent events are marked failed, ICS-20 memo type 3 is gone):
 *
 * - Cosmos → EVM: the voucher leaves its Cosmos chain over that chain's channel to Axelar, addressed to Axelar's GMP
 *   account with a type 2 memo (memo.ts) that calls Skip's AxelarHandler on the destination, which sends the tokens
 *   on to the recipient (or unwraps WETH into ETH: `should_unwrap`). The memo's fee, out of the amount, pays Axelar's
 *   gas receiver for the execution. The lane embeds the IBC packet into Axelar (`ibc_transfer_to_axelar`). Offered
 *   where the destination has a handler.
 * - EVM → Cosmos: the wallet calls Skip's AxelarHandler on the source chain (evm.ts), which pays Axelar's gas service
 *   in native gas and calls the gateway's `callContractWithToken`: to the recipient with a native payload, or, when a
 *   swap or an IBC transfer follows on a chain with IBC hooks and Skip's entry point, to the entry point, which then
 *   runs that step on arrival in the same signature. Offered where the source has a handler and a gas figure.
 * - EVM → EVM: the same call to the destination's AxelarHandler, which sends the tokens on. Offered only where both
 *   chains have a handler (the executable path) and the data file has the gas figure; otherwise not at all.
 * A chain takes part when Axelar's name for it is known; an EVM chain also needs its gateway address, a Cosmos chain a
 * transfer channel to Axelar and memo support. Every end must be an asset the registry lists, with the asset's
 * decimals (Axelar moves base units one to one).
 */
import { nativeDenomOf } from '../oft/native.js';
import type { Registry } from '../../registry/registry.js';
import { hopOver, type TransferHop } from '../../routing/transfer-path.js';
import { IBC_HOP_SECONDS } from '../ibc/operation.js';
import type { Lane } from '../types.js';
import { AXELAR_CHAIN_ID, axelarConfig, type AxelarAsset, type AxelarChainKind } from './config.js';

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
  /**
   * EVM source: the source chain's AxelarHandler, and the native gas it pays the gas service (source chain wei, an
   * estimate from data/axelar.json) on top of the amount.
   */
  readonly gmp: { handler: string; gasPayment: bigint; nativeDenom: string } | undefined;
  /** EVM destination: Skip's AxelarHandler there, the contract Axelar executes with the tokens. */
  readonly destinationHandler: string | undefined;
  /** The destination delivers the chain's native token, unwrapped by the destination's handler (SendNative). */
  readonly shouldUnwrap: boolean;
  /** Cosmos destination with IBC hooks and Skip's entry point: a swap or transfer there can run on arrival. */
  readonly runsEntryPoint: boolean;
  /** Taken from the amount, in the asset's base units: the memo's execution fee from a Cosmos source, else 0. */
  readonly fee: bigint;
  /** The destination denom the fee is counted in (what arrives: the token, or the native token when unwrapping). */
  readonly feeDenom: string;
  readonly seconds: number;
}

interface End {
  chainId: string;
  name: string;
  kind: AxelarChainKind;
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

interface LaneTerms {
  /** The native denom the destination's handler unwraps into. */
  unwrapTo?: string;
  gmp?: AxelarLane['gmp'];
  destinationHandler?: string;
  fee?: bigint;
  runsEntryPoint?: boolean;
}

function lane(asset: AxelarAsset, from: End, to: End, t: LaneTerms): AxelarLane {
  const denomOut = t.unwrapTo ?? to.denom;
  return {
    bridge: 'AXELAR',
    fromChainId: from.chainId,
    toChainId: to.chainId,
    denomIn: from.denom,
    denomOut,
    via: [AXELAR_CHAIN_ID],
    asset: asset.denom,
    fromChainName: from.name,
    toChainName: to.name,
    toAxelar: from.toAxelar,
    sourceSymbol: from.symbol,
    gmp: t.gmp,
    destinationHandler: t.destinationHandler,
    shouldUnwrap: t.unwrapTo !== undefined,
    runsEntryPoint: t.runsEntryPoint ?? false,
    fee: t.fee ?? 0n,
    feeDenom: denomOut,
    seconds: seconds(from, to),
  };
}

/** The native denom `to` can unwrap the asset into (WETH → ETH on Ethereum), when the registry lists it. */
function unwrapsTo(registry: Registry, asset: AxelarAsset, to: End): string | undefined {
  const u = asset.unwrap;
  return u && u.chainId === to.chainId && registry.listedAsset(u.chainId, u.nativeDenom) ? u.nativeDenom : undefined;
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
    for (const e of evm) {
      const destinationHandler = cfg.handler.get(e.chainId);
      const native = unwrapsTo(registry, asset, e);
      if (destinationHandler && e.kind !== 'cosmos') {
        const fee = asset.gmpFee[e.kind];
        for (const c of cosmos) {
          lanes.push(lane(asset, c, e, { destinationHandler, fee }));
          if (native) lanes.push(lane(asset, c, e, { destinationHandler, fee, unwrapTo: native }));
        }
      }
      const toCosmos = gmpSource(registry, e.chainId, 'cosmos');
      if (toCosmos) {
        for (const c of cosmos)
          lanes.push(
            lane(asset, e, c, { gmp: toCosmos, runsEntryPoint: runsEntryPointOnArrival(registry, c.chainId) }),
          );
      }
    }
    for (const a of evm) {
      for (const b of evm) {
        const gmp = a !== b ? gmpSource(registry, a.chainId, b.kind) : undefined;
        const destinationHandler = cfg.handler.get(b.chainId);
        // No handler on the destination: nothing there can execute the call, so the lane is not offered.
        if (!gmp || !destinationHandler) continue;
        lanes.push(lane(asset, a, b, { gmp, destinationHandler }));
        const native = unwrapsTo(registry, asset, b);
        if (native) lanes.push(lane(asset, a, b, { gmp, destinationHandler, unwrapTo: native }));
      }
    }
  }
  return lanes;
}

/** The handler and gas payment for GMP calls from an EVM chain to a destination kind, when the data files have both. */
function gmpSource(registry: Registry, chainId: string, to: AxelarChainKind): AxelarLane['gmp'] {
  const cfg = axelarConfig();
  const handler = cfg.handler.get(chainId);
  const gasPayment = cfg.gmpGasPayment.get(chainId)?.get(to);
  const nativeDenom = nativeDenomOf(chainId);
  if (!handler || gasPayment === undefined || !nativeDenom || !registry.asset(chainId, nativeDenom)) return undefined;
  return { handler, gasPayment, nativeDenom };
}

/** Axelar delivers a GMP call to a Cosmos chain as an ICS-20 packet with a `wasm` memo: IBC hooks run the contract. */
function runsEntryPointOnArrival(registry: Registry, chainId: string): boolean {
  const c = registry.chain(chainId);
  return c !== undefined && c.capabilities.ibcHooks && c.entryPoint !== undefined;
}
