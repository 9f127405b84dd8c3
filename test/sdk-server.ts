/**
 * The set-up the SDK wire tests share: Junction on a free loopback port with its embedded defaults, the official
 * SDK pointed at it, and one user address per chain (an EVM account on EVM chains, the registry's test account in
 * each chain's bech32 prefix elsewhere).
 */
import { messages, setApiOptions, type route } from '@skip-go/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { buildApp } from '../src/http/app.js';
import type { AppContext } from '../src/context.js';
import { userAddress } from '../src/test-helpers/registry.js';

export const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
export const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

export interface SdkServer {
  /** The running server's context (available once the file's beforeAll has run). */
  readonly ctx: AppContext;
  /** The user's address on a chain. */
  addressOf(chainId: string): string;
}

/**
 * Starts the server before the file's tests and closes it after them. `env`: settings, read when the server starts
 * (after the file's earlier beforeAll hooks, e.g. one starting a node whose URL goes into CHAIN_RPC_URLS).
 */
export function useSdkServer(env: () => Record<string, string> = () => ({})): SdkServer {
  let app: FastifyInstance | undefined;
  let ctx: AppContext | undefined;
  beforeAll(async () => {
    ctx = buildContext(loadConfig([], env()));
    app = await buildApp(ctx);
    setApiOptions({ apiUrl: await app.listen({ port: 0, host: '127.0.0.1' }) });
  });
  afterAll(() => app?.close());
  const server: SdkServer = {
    get ctx() {
      if (!ctx) throw new Error('the SDK server is not started yet (use it inside a test)');
      return ctx;
    },
    addressOf: (chainId) =>
      server.ctx.registry.chain(chainId)!.wire.chain_type === 'evm'
        ? EVM_USER
        : userAddress(server.ctx.registry, chainId),
  };
  return server;
}

type SdkRoute = NonNullable<Awaited<ReturnType<typeof route>>>;

/** What executeRoute does after route(): send the route back with one address per required chain. */
export function messagesFor(r: SdkRoute, addressOf: (chainId: string) => string) {
  return messages({
    sourceAssetDenom: r.sourceAssetDenom,
    sourceAssetChainId: r.sourceAssetChainId,
    destAssetDenom: r.destAssetDenom,
    destAssetChainId: r.destAssetChainId,
    amountIn: r.amountIn,
    amountOut: r.estimatedAmountOut,
    addressList: r.requiredChainAddresses.map(addressOf),
    operations: r.operations,
    slippageTolerancePercent: '1',
  });
}
