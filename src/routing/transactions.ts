/**
 * Which transaction executes each step. A step rides in the same transaction as the previous one only when the
 * chain in between can carry on by itself:
 * - transfer after transfer: the intermediate chain runs packet-forward middleware, and the transaction's first
 *   message can carry the forwarding memo;
 * - swap after transfer: the swap chain runs IBC hooks and has the entry-point contract (the packet calls it);
 * - transfer after swap: always — the entry point's post-swap action sends the transfer; so does it a lane whose
 *   source message is one ICS-20 transfer (Axelar from a Cosmos chain);
 * - an EVM swap runs in the transaction of the lane that follows it on its chain when that lane's bridge has a
 *   swap-then-bridge entry point (swapsBefore: Skip's CCTP relayer); otherwise it is a transaction of its own;
 * - a lane-bridge hop after an IBC transfer rides along when the chain sends it by itself on the packet's arrival
 *   (sentOnArrival: a relayed Eureka transfer from the Hub by its IBC callbacks adapter, a CCTP burn by Noble's
 *   Orbiter);
 * - otherwise a lane-bridge hop (CCTP, ...) starts a transaction of its own, and what follows it rides along only when its
 *   bridge says it can carry it (CCTP never: the mint is a relayed transaction on the destination; Go Fast and
 *   Eureka do, by calling the entry point on arrival; Axelar does into Skip's AxelarHandler, whose Swap command runs
 *   an EVM swap of one path on arrival — nothing bridges on after such a swap in that transaction).
 * Otherwise the user signs a new transaction on the chain where the funds wait.
 */
import type { Lane, LaneBridge } from '../bridges/types.js';
import type { Registry } from '../registry/registry.js';
import { stepFrom, type Step } from './types.js';
import { isEvmSwapStep } from './evm-venues.js';
import { evmSwapOnSkipGo, evmSwapOnSwapRouter02, evmSwapRunsInOnePath } from './evm-swap-call.js';

/** Whether a chain can forward a received packet onward within the same user transaction. */
export function forwardsFrom(registry: Registry, chainId: string): boolean {
  const c = registry.chain(chainId);
  return c !== undefined && c.capabilities.pfm && c.capabilities.memo;
}

function carriesMemo(registry: Registry, step: Step): boolean {
  // A swap's post-swap action is built by the entry point, which can always attach a memo.
  if (step.kind === 'swap') return true;
  if (step.kind === 'bridge') return false;
  return registry.chain(stepFrom(step))?.capabilities.memo ?? false;
}

/** Whether `step` can ride in the transaction that executes `prev` (`prevStartsTx`: prev is that one's first step). */
function continuesAfter(registry: Registry, prev: Step, step: Step, carrier: boolean, prevStartsTx: boolean): boolean {
  if (prev.kind === 'bridge')
    return prev.bridge.carriesNext(registry, prev, {
      kind: step.kind,
      chainId: stepFrom(step),
      ...(step.kind === 'swap' && isEvmSwapStep(step) ? { evmSinglePath: evmSwapRunsInOnePath(step) } : {}),
    });
  if (step.kind === 'bridge') {
    if (prev.kind === 'transfer')
      // The packet's receiver and memo have the chain send the lane with what arrives (sentOnArrival).
      return (
        carrier &&
        prev.hop.toChainId === step.lane.fromChainId &&
        step.bridge.sentOnArrival?.applies(registry, step.lane) === true
      );
    if (prev.kind !== 'swap' || prev.chainId !== step.lane.fromChainId) return false;
    if (!isEvmSwapStep(prev))
      return (
        registry.chain(prev.chainId)?.entryPoint !== undefined && sentByPostSwap(step.bridge, step.lane, prev.chainId)
      );
    return (
      // A swap a lane's destination contract runs ends there: only the user's own swap call can bridge on.
      prevStartsTx &&
      step.bridge.swapsBefore?.(registry, step.lane, {
        skipGo: evmSwapOnSkipGo(prev),
        swapRouter02: evmSwapOnSwapRouter02(prev),
      }) === true
    );
  }
  if (step.kind === 'transfer')
    return prev.kind === 'swap' || (carrier && forwardsFrom(registry, step.hop.fromChainId));
  return prev.kind === 'transfer' && carrier && canCallContractsOnArrival(registry, step.chainId);
}

/**
 * Whether the entry point's post-swap action after a swap on the Cosmos chain `swapChainId` can send the lane: it
 * starts there and its source message is one ICS-20 transfer (Axelar's). Where contracts pay relayer fees for their
 * IBC transfers (Neutron's feerefunder), the swap pays it out of its input as for any post-swap transfer (engine.ts
 * ibcFeeAfter, which asks the same question of the route's legs).
 */
export function sentByPostSwap<L extends Lane>(bridge: LaneBridge<L>, lane: L, swapChainId: string): boolean {
  return lane.fromChainId === swapChainId && bridge.ics20?.applies(lane) === true;
}

function canCallContractsOnArrival(registry: Registry, chainId: string): boolean {
  const c = registry.chain(chainId);
  return c !== undefined && c.capabilities.ibcHooks && c.entryPoint !== undefined;
}

export function stepTxIndices(registry: Registry, steps: readonly Step[], firstTx = 0): number[] {
  const out: number[] = [];
  let tx = firstTx;
  let carrier = false;
  let txStart = 0;
  steps.forEach((step, i) => {
    if (i === 0) {
      carrier = carriesMemo(registry, step);
    } else {
      const prev = steps[i - 1]!;
      if (!continuesAfter(registry, prev, step, carrier, txStart === i - 1)) {
        tx++;
        txStart = i;
        carrier = carriesMemo(registry, step);
      } else if (prev.kind === 'swap' || prev.kind === 'bridge') {
        // The entry point (after a swap, or called by a lane that carries on) attaches any memo it needs; a lane
        // that hands its funds to a forwarding account (Noble's) sends one IBC transfer with no memo, and no more.
        carrier = prev.kind === 'swap' || !prev.bridge.forwardsByIbc;
      }
    }
    out.push(tx);
  });
  return out;
}
