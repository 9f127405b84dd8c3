/**
 * Skip's SkipGoSwapRouter per chain (data/contracts.json axelar.skip_go_swap_router): the router Skip's entry points
 * (CCTP relayers, AxelarHandlers, GoFastHandlers) are set to, which takes one path of pools as swapExactIn calldata.
 * Each bridge checks its own entry point's recorded router against it before letting a swap ride along.
 */
import { getAddress } from 'viem';
import { readDataFile, type ContractsFile } from '../registry/data-files.js';
import type { EvmSwapCall, EvmSwapRunners } from './types.js';

let routers: ReadonlyMap<string, string> | undefined;

/** Skip's SkipGoSwapRouter on `chainId`, if it has one (a user can call it directly, as the entry points do). */
export function skipGoSwapRouter(chainId: string): string | undefined {
  routers ??= new Map(
    Object.entries(readDataFile<ContractsFile>('contracts.json').axelar.skip_go_swap_router).map(([k, v]) => [
      k,
      getAddress(v),
    ]),
  );
  return routers.get(chainId);
}

/** Whether `router` is Skip's SkipGoSwapRouter on `chainId`. */
export function isSkipGoSwapRouter(chainId: string, router: string | undefined): boolean {
  const skipGo = skipGoSwapRouter(chainId);
  return router !== undefined && skipGo !== undefined && getAddress(router) === skipGo;
}

/** Which routers can run a swap an entry point is handed: its SkipGoSwapRouter calldata, its SwapRouter02 calldata. */
export function swapRunners(swap: EvmSwapCall): EvmSwapRunners {
  return { skipGo: swap.skipGoCalldata !== undefined, swapRouter02: swap.calldata !== '' };
}
