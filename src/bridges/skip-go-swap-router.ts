/**
 * Skip's SkipGoSwapRouter per chain (data/contracts.json axelar.skip_go_swap_router): the router Skip's entry points
 * (CCTP relayers, AxelarHandlers, GoFastHandlers) are set to, which takes one path of pools as swapExactIn calldata.
 * Each bridge checks its own entry point's recorded router against it before letting a swap ride along.
 */
import { getAddress } from 'viem';
import { readDataFile, type ContractsFile } from '../registry/data-files.js';

let routers: ReadonlyMap<string, string> | undefined;

/** Whether `router` is Skip's SkipGoSwapRouter on `chainId`. */
export function isSkipGoSwapRouter(chainId: string, router: string | undefined): boolean {
  routers ??= new Map(
    Object.entries(readDataFile<ContractsFile>('contracts.json').axelar.skip_go_swap_router).map(([k, v]) => [
      k,
      getAddress(v),
    ]),
  );
  const skipGo = routers.get(chainId);
  return router !== undefined && skipGo !== undefined && getAddress(router) === skipGo;
}
