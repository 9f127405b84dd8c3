/**
 * The chain side of the gas warnings and estimates of /msgs and /msgs_direct (route-txs/gas-fields.ts): balances read
 * through the clients /v2/info/balances uses (tx/balances.ts), and node estimates (tx/gas-estimate.ts) on the chains
 * the operator configured a node for (CHAIN_RPC_URLS for EVM and Solana, CHAIN_REST_URLS for Cosmos). Estimates never go to the
 * registry's public endpoints: they run on every keyed /msgs answer, which public nodes are not there to serve.
 */
import type { Registry } from '../registry/registry.js';
import type { GasChainAccess } from '../route-txs/gas-fields.js';
import { chainBalances } from './balances.js';
import type { ChainClients } from './clients.js';
import type { ChainEndpointTable } from './endpoints.js';
import { cosmosNodeGas, evmNodeGas, solanaNodeUnits } from './gas-estimate.js';

export function gasServices(registry: Registry, clients: ChainClients, endpoints: ChainEndpointTable): GasChainAccess {
  return {
    balanceReader: (prices) => async (chainId, address, denom) => {
      const answer = await chainBalances(clients, registry, prices, Date.now(), chainId, address, [denom]);
      const entry = answer.denoms[denom];
      if (!entry) throw new Error('no balance in the answer');
      if (entry.error) throw new Error(entry.error.message);
      return BigInt(entry.amount);
    },
    nodes: {
      has: (chainId) => {
        const type = registry.chain(chainId)?.wire.chain_type;
        return type === 'cosmos' ? endpoints.operatorRest(chainId) : endpoints.operatorRpc(chainId);
      },
      evm: (chainId) => ({ estimate: (tx) => evmNodeGas(clients.evm(chainId), tx) }),
      cosmos: (chainId) => ({ simulate: (tx) => cosmosNodeGas(clients.cosmos(chainId), tx) }),
      solana: (chainId) => ({ simulate: (tx) => solanaNodeUnits(clients.solana(chainId), tx.tx) }),
    },
  };
}
