/**
 * The Uniswap deployments of each EVM chain (data/evm-uniswap.json, read once): factories and their pool init code
 * hashes, fee tiers, the chain's wrapped native token, SwapRouter02, and the main tokens live ingest pairs up.
 */
import {
  concat,
  encodeAbiParameters,
  encodePacked,
  getAddress,
  getCreate2Address,
  keccak256,
  type Address,
  type Hex,
} from 'viem';
import { readDataFile } from '../../registry/data-files.js';
import { ShapeError, arr, int, obj, str } from '../json.js';

const CHAINS_FILE = 'evm-uniswap.json';

interface V3Deployment {
  /** "uniswap-v3", or a fork with the same arithmetic ("pancakeswap-v3", "aerodrome-slipstream"). */
  protocol: string;
  /** Absent for a fork whose factory is not recorded (its pools are followed by address only). */
  factory?: Address;
  initCodeHash?: Hex;
  /** Fee (pips) → tick spacing: the pools of a deployment keyed by fee (Uniswap's, PancakeSwap's). */
  feeTiers: ReadonlyMap<number, number>;
  /**
   * Tick spacing → its default fee (pips): a deployment keyed by tick spacing (Aerodrome Slipstream's CLFactory), whose
   * pools are EIP-1167 clones of `poolImplementation` and whose fee is each pool's fee() (a fee module may set it).
   */
  tickSpacings?: ReadonlyMap<number, number>;
  poolImplementation?: Address;
  /** The deployment's own router (Slipstream's SwapRouter: exactInputSingle by tick spacing). */
  swapRouter?: Address;
  /**
   * The adapter through which Skip's SkipGoSwapRouter on this chain runs the deployment's pools (exchange type
   * VELODROME, CL pools: exactInputSingle on `swapRouter`); absent: SkipGoSwapRouter cannot run them.
   */
  skipGoVelodromeAdapter?: Address;
}

interface V2Deployment {
  protocol: string;
  factory: Address;
  initCodeHash: Hex;
  feeNumerator: bigint;
  feeDenominator: bigint;
}

export interface UniswapChain {
  chainId: string;
  /** Venue name as the Skip Go API lists it ("ethereum-uniswap"). */
  venue: string;
  /** The registry's name of the native gas token ("ethereum-native"). */
  nativeDenom: string;
  /** The wrapped native token the pools trade instead (WETH9, WBNB, ...). */
  wrappedNative: Address;
  swapRouter02: Address;
  /**
   * The V2 factory whose pairs SwapRouter02 swaps on (its `factoryV2` immutable, fixed when it was deployed), where
   * recorded: a V2 deployment of another factory (Arbitrum's, deployed after the router) is out of its reach, and an
   * unrecorded one is not trusted to it, so those pairs run through SkipGoSwapRouter, whose hop names the pair.
   */
  swapRouter02FactoryV2?: Address;
  v3: readonly V3Deployment[];
  v2: readonly V2Deployment[];
  /** Symbol → token address. */
  mainTokens: ReadonlyMap<string, Address>;
}

const addr = (v: unknown, path: string): Address => {
  try {
    return getAddress(str(v, path));
  } catch (err) {
    if (err instanceof ShapeError) throw err;
    throw new ShapeError(`${path}: not an address`);
  }
};

/** {"500": 10, ...} → Map(500 → 10). */
const intMap = (v: unknown, path: string): ReadonlyMap<number, number> =>
  new Map(Object.entries(obj(v, path)).map(([k, n]) => [int(k, path), int(n, `${path}.${k}`)]));

function parseChain(v: unknown, path: string): UniswapChain {
  const o = obj(v, path);
  return {
    chainId: str(o.chain_id, `${path}.chain_id`),
    venue: str(o.venue, `${path}.venue`),
    nativeDenom: str(o.native_denom, `${path}.native_denom`),
    wrappedNative: addr(o.wrapped_native, `${path}.wrapped_native`),
    swapRouter02: addr(o.swap_router_02, `${path}.swap_router_02`),
    ...(o.swap_router_02_factory_v2 === undefined
      ? {}
      : { swapRouter02FactoryV2: addr(o.swap_router_02_factory_v2, `${path}.swap_router_02_factory_v2`) }),
    v3: arr(o.v3, `${path}.v3`).map((d, i) => {
      const p = `${path}.v3[${i}]`;
      const dep = obj(d, p);
      return {
        protocol: str(dep.protocol, `${p}.protocol`),
        factory: dep.factory === undefined ? undefined : addr(dep.factory, `${p}.factory`),
        initCodeHash:
          dep.init_code_hash === undefined ? undefined : (str(dep.init_code_hash, `${p}.init_code_hash`) as Hex),
        feeTiers: intMap(dep.fee_tiers ?? {}, `${p}.fee_tiers`),
        ...(dep.tick_spacings === undefined ? {} : { tickSpacings: intMap(dep.tick_spacings, `${p}.tick_spacings`) }),
        ...(dep.pool_implementation === undefined
          ? {}
          : { poolImplementation: addr(dep.pool_implementation, `${p}.pool_implementation`) }),
        ...(dep.swap_router === undefined ? {} : { swapRouter: addr(dep.swap_router, `${p}.swap_router`) }),
        ...(dep.skip_go_velodrome_adapter === undefined
          ? {}
          : { skipGoVelodromeAdapter: addr(dep.skip_go_velodrome_adapter, `${p}.skip_go_velodrome_adapter`) }),
      };
    }),
    v2: arr(o.v2, `${path}.v2`).map((d, i) => {
      const p = `${path}.v2[${i}]`;
      const dep = obj(d, p);
      return {
        protocol: str(dep.protocol, `${p}.protocol`),
        factory: addr(dep.factory, `${p}.factory`),
        initCodeHash: str(dep.init_code_hash, `${p}.init_code_hash`) as Hex,
        feeNumerator: BigInt(int(dep.fee_numerator, `${p}.fee_numerator`)),
        feeDenominator: BigInt(int(dep.fee_denominator, `${p}.fee_denominator`)),
      };
    }),
    mainTokens: new Map(
      Object.entries(obj(o.main_tokens, `${path}.main_tokens`)).map(([sym, a]) => [sym, addr(a, `${path}.${sym}`)]),
    ),
  };
}

let chains: ReadonlyMap<string, UniswapChain> | undefined;

/** Every configured chain, by chain id. */
export function uniswapChains(): ReadonlyMap<string, UniswapChain> {
  chains ??= new Map(
    arr(obj(readDataFile<unknown>(CHAINS_FILE), CHAINS_FILE).chains, 'chains').map((c, i) => {
      const chain = parseChain(c, `chains[${i}]`);
      return [chain.chainId, chain];
    }),
  );
  return chains;
}

export function uniswapChain(chainId: string): UniswapChain | undefined {
  return uniswapChains().get(chainId);
}

/** Tokens sorted as the pools order them (token0 < token1 by address). */
function sortTokens(a: Address, b: Address): [Address, Address] {
  return BigInt(a) < BigInt(b) ? [a, b] : [b, a];
}

/** A V3 pool's address: CREATE2 by the factory, salt keccak256(abi.encode(token0, token1, fee)) (PoolAddress.sol). */
export function v3PoolAddress(factory: Address, initCodeHash: Hex, a: Address, b: Address, fee: number): Address {
  const [t0, t1] = sortTokens(a, b);
  const salt = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [t0, t1, fee]),
  );
  return getCreate2Address({ from: factory, salt, bytecodeHash: initCodeHash });
}

/**
 * A Slipstream pool's address: its CLFactory's Clones.cloneDeterministic of the pool implementation (an EIP-1167
 * minimal proxy, CREATE2 by the factory) with salt keccak256(abi.encode(token0, token1, tickSpacing))
 * (aerodrome-finance/slipstream contracts/core/CLFactory.sol createPool, periphery libraries/PoolAddress.sol).
 */
export function slipstreamPoolAddress(
  factory: Address,
  poolImplementation: Address,
  a: Address,
  b: Address,
  tickSpacing: number,
): Address {
  const [t0, t1] = sortTokens(a, b);
  const salt = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'int24' }], [t0, t1, tickSpacing]),
  );
  // EIP-1167: creation prefix, the implementation, runtime suffix (OpenZeppelin Clones).
  const init = concat([
    '0x3d602d80600a3d3981f3363d3d373d3d3d363d73',
    poolImplementation,
    '0x5af43d82803e903d91602b57fd5bf3',
  ]);
  return getCreate2Address({ from: factory, salt, bytecodeHash: keccak256(init) });
}

/** A V2 pair's address: CREATE2 by the factory, salt keccak256(abi.encodePacked(token0, token1)) (UniswapV2Library). */
export function v2PairAddress(factory: Address, initCodeHash: Hex, a: Address, b: Address): Address {
  const [t0, t1] = sortTokens(a, b);
  return getCreate2Address({
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
    bytecodeHash: initCodeHash,
  });
}
