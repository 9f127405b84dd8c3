/**
 * Every benchmark case, in run order. To add one, write a file exporting an HttpCase (load on the running server,
 * e.g. POST /v2/fungible/route with a body) or an InProcessCase (a function timed in the bench process, e.g. route
 * computation over a registry built in `setup`), and list it here.
 */
import type { BenchCase } from '../types.js';
import { junctionRoutesHttp, junctionRoutesInProcess } from './alternatives.js';
import { routeBridgesHttp, routeBridgesInProcess } from './bridges.js';
import { fungibleAssets, fungibleAssetsGzip } from './fungible-assets.js';
import { infoChains } from './info-chains.js';
import { registryBuild } from './registry-build.js';
import { txStatusHttp } from './tx.js';
import {
  msgsDirectHttp,
  routeSplitSearch,
  routeSwap,
  routeSwapCachedHit,
  routeSwapFirstSearch,
  routeSwapHttp,
  routeSwapHttpUncached,
  routeTransferHttp,
  routeTransferHttpUncached,
  routeTransferInProcess,
  trivialHttp,
} from './routes.js';
import { uniswapExactIn, uniswapExactOut, uniswapTwoHop } from './uniswap.js';
import { routeEvmSwaps } from './evm-swaps.js';
import { routeGasOnArrivalHttp, routeGasOnArrivalInProcess } from './gas-on-arrival.js';

export const CASES: BenchCase[] = [
  infoChains,
  fungibleAssets,
  fungibleAssetsGzip,
  trivialHttp,
  routeTransferHttp,
  routeTransferHttpUncached,
  msgsDirectHttp,
  routeSwapHttp,
  routeSwapHttpUncached,
  txStatusHttp,
  routeBridgesHttp,
  junctionRoutesHttp,
  routeGasOnArrivalHttp,
  registryBuild,
  routeTransferInProcess,
  routeEvmSwaps,
  routeSwapFirstSearch,
  routeSwap,
  routeSwapCachedHit,
  routeSplitSearch,
  routeBridgesInProcess,
  junctionRoutesInProcess,
  routeGasOnArrivalInProcess,
  uniswapExactIn,
  uniswapExactOut,
  uniswapTwoHop,
];
