/**
 * POST /v2/info/balances. A query listing denoms is open to every caller, and so is a universal query (a chain
 * without `denoms`) of one chain: it costs what a long denom list costs (one paginated bank query on Cosmos, the
 * native balance plus one JSON-RPC batch of the registry's ERC-20s on EVM, one call on Solana), and it is what the
 * official SDK's gas check sends for the source chain before executeRoute signs. Universal queries of two or more
 * chains in one request are wallet-wide discovery that fans out to many nodes: they need a valid API key (401 / code
 * 16 otherwise).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chargeAnonymous, requireKey } from '../../auth/index.js';
import { describeFailure, nodeFor } from '../../upstream-failure.js';
import { invalidArgument } from '../../errors.js';
import { addressProblem } from '../../messages/address.js';
import { chainBalances, type ChainBalances } from '../../tx/balances.js';
import type { TxService } from '../../tx/service.js';
import type { AppContext } from '../../context.js';
import { BalancesRequest, BalancesResponse, MAX_BALANCE_CHAINS } from '../../wire/balances.js';
import { errorResponses } from '../../wire/responses.js';

/** Universal queries an anonymous request may make: the SDK's gas check asks for one chain, the source. */
const MAX_ANONYMOUS_UNIVERSAL_CHAINS = 1;

export const balanceRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; tx: TxService }> = async (
  app,
  { ctx, tx },
) => {
  app.post(
    '/v2/info/balances',
    {
      schema: {
        summary: 'Balances of addresses on several chains',
        description:
          "Read from the chains' nodes; a failing chain or denom gets an `error` entry while the rest answer. A chain without `denoms` is a universal query (every bank balance on Cosmos; the native token and every ERC-20 the registry lists on EVM; SOL on Solana): one chain per request is open to every caller (the SDK's gas check), universal queries of two or more chains need an API key.",
        tags: ['info'],
        body: BalancesRequest,
        response: { 200: BalancesResponse, ...errorResponses },
      },
    },
    async (req) => {
      const chains = Object.entries(req.body.chains ?? {});
      if (chains.length > MAX_BALANCE_CHAINS)
        throw invalidArgument(`invalid chains: at most ${MAX_BALANCE_CHAINS} chains per request`);
      for (const [chainId, q] of chains) {
        if (!ctx.registry.chain(chainId)) throw invalidArgument(`invalid chains: unknown chain id "${chainId}"`);
        const problem = addressProblem(ctx.registry, chainId, q.address);
        if (problem) throw invalidArgument(`invalid chains.${chainId}.address: ${problem}`);
      }
      if (chains.filter(([, q]) => q.denoms === undefined).length > MAX_ANONYMOUS_UNIVERSAL_CHAINS) requireKey(req);
      // An anonymous caller pays per chain asked (each is up to three node calls), not one unit for up to 20 chains.
      await chargeAnonymous(req, chains.length - 1);
      const market = ctx.market();
      const now = Date.now();
      const answers = await Promise.all(
        chains.map(
          async ([chainId, q]): Promise<[string, ChainBalances & { address: string; error?: { message: string } }]> => {
            try {
              return [
                chainId,
                {
                  address: q.address,
                  ...(await chainBalances(tx.clients, ctx.registry, market.prices, now, chainId, q.address, q.denoms)),
                },
              ];
            } catch (err) {
              // A whole chain failing (universal query): one entry per asked denom, and the chain's own `error` (an
              // empty map alone would read as "holds nothing"); never a 500, and never the client's text, which quotes
              // the node's URL (src/upstream-failure.ts).
              const message = `balance query failed: ${describeFailure(nodeFor(chainId), err)}`;
              const denoms = Object.fromEntries(
                (q.denoms ?? []).map((d) => [
                  d,
                  {
                    amount: '0',
                    decimals: null,
                    formatted_amount: '0',
                    price: null,
                    value_usd: null,
                    error: { message },
                  },
                ]),
              );
              req.log.warn({ chain: chainId, failure: message }, 'balances: chain query failed');
              return [chainId, { address: q.address, denoms, error: { message } }];
            }
          },
        ),
      );
      return { chains: Object.fromEntries(answers) };
    },
  );
};
