/**
 * Tests of the Axelar handler's swap entry points: as if Skip's owner had pointed the chain's AxelarHandler at
 * Uniswap's SwapRouter02. Today every deployed handler calls Skip's SkipGoSwapRouter (data/contracts.json
 * `skip_handler_swap_router`), so Junction routes no swap through them; with SwapRouter02 there, the handler takes
 * Junction's SwapRouter02 calldata before the transfer (swapAndGmpTransferERC20Token) and on arrival (its Swap
 * command). Changes the loaded config of this test file's process only (files run isolated); returns the undo.
 */
import { axelarConfig } from '../../bridges/axelar/config.js';
import { uniswapChain } from '../../venues/uniswap/chains.js';

export function handlerRoutesThroughSwapRouter02(chainId: string): () => void {
  const routers = axelarConfig().handlerSwapRouter as Map<string, string>;
  const before = routers.get(chainId);
  routers.set(chainId, uniswapChain(chainId)!.swapRouter02);
  return () => {
    if (before === undefined) routers.delete(chainId);
    else routers.set(chainId, before);
  };
}
