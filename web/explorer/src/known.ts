/**
 * Names for the contracts and programs a message talks to, so "0xBd3f…3155" reads "Circle TokenMessenger". Taken at
 * build time from the same data files the server uses (data/contracts.json, bridge-domains.json, stargate.json,
 * layer-zero.json, hyperlane.json, evm-uniswap.json, each with its source), never typed in here.
 */
import contracts from '../../../data/contracts.json' with { type: 'json' };
import domains from '../../../data/bridge-domains.json' with { type: 'json' };
import hyperlane from '../../../data/hyperlane.json' with { type: 'json' };
import layerZero from '../../../data/layer-zero.json' with { type: 'json' };
import stargate from '../../../data/stargate.json' with { type: 'json' };
import uniswap from '../../../data/evm-uniswap.json' with { type: 'json' };

type Json = Record<string, unknown>;
const labels = new Map<string, string>();
const add = (address: unknown, label: string) => {
  if (typeof address === 'string' && address) labels.set(address.toLowerCase(), label);
};
const eachChain = (table: unknown, label: (chain: string) => string) => {
  if (table && typeof table === 'object')
    for (const [chain, address] of Object.entries(table as Json)) add(address, label(chain));
};

const c = contracts as Json;
for (const entry of Object.values((c.skip_entry_point ?? {}) as Record<string, Json>)) {
  add(entry.entry_point, 'Skip entry point contract');
  add(entry.ibc_adapter, 'Skip IBC adapter contract');
  add(entry.callback_adapter, 'Skip callback adapter contract');
  for (const [venue, address] of Object.entries((entry.swap_adapters ?? {}) as Json))
    add(address, `Skip swap adapter (${venue})`);
}
const cctp = (c.cctp ?? {}) as Json;
eachChain(cctp.usdc, () => 'USDC token (Circle)');
eachChain(cctp.token_messenger_v1, () => 'Circle TokenMessenger (CCTP V1)');
eachChain(cctp.message_transmitter_v1, () => 'Circle MessageTransmitter (CCTP V1)');
add(cctp.token_messenger_v2, 'Circle TokenMessenger (CCTP V2)');
add(cctp.message_transmitter_v2, 'Circle MessageTransmitter (CCTP V2)');
eachChain(cctp.skip_relayer, () => "Skip's CCTP relayer contract");
add(cctp.noble_relayer_evm_caller, "Noble's CCTP relayer (mints relayed burns)");
const goFast = (c.go_fast ?? {}) as Json;
eachChain(goFast.gateway, () => 'Skip Go Fast gateway contract');
eachChain(goFast.handler, () => "Skip's Go Fast handler contract (swaps, then submits the order)");
const axelar = (c.axelar ?? {}) as Json;
eachChain(axelar.gateway, () => 'Axelar gateway contract');
add(axelar.gas_service, 'Axelar gas service contract');
eachChain(axelar.skip_handler, () => "Skip's Axelar handler contract");
const eureka = (c.eureka ?? {}) as Json;
eachChain(eureka.ics20_transfer, () => 'IBC Eureka ICS20Transfer contract');
eachChain(eureka.ics26_router, () => 'IBC Eureka ICS26Router contract');
eachChain(eureka.skip_handler, () => "Skip's Eureka handler contract");
for (const [symbol, byChain] of Object.entries((stargate as Json).pools as Record<string, Record<string, Json>>))
  for (const pool of Object.values(byChain)) add(pool.pool, `Stargate ${symbol} pool`);
eachChain((layerZero as Json).endpoint_v2, () => 'LayerZero EndpointV2');
for (const oft of (layerZero as Json).ofts as Json[])
  for (const d of Object.values(oft.deployments as Record<string, Json>))
    add(
      d.oft,
      d.oft === d.token
        ? `${String(oft.symbol)} token (LayerZero OFT)`
        : `${String(oft.symbol)} OFT adapter (LayerZero)`,
    );
for (const route of (hyperlane as Json).warp_routes as Json[])
  for (const end of route.ends as Json[]) add(end.router, `Hyperlane ${String(route.symbol)} warp route`);
for (const chain of (uniswap as Json).chains as Json[]) {
  add(chain.swap_router_02, 'Uniswap SwapRouter02');
  add(chain.wrapped_native, 'Wrapped native token');
}
const solana = (cctp.solana ?? {}) as Json;
add(solana.token_messenger_minter, 'Circle TokenMessengerMinter program (CCTP)');
add(solana.message_transmitter, 'Circle MessageTransmitter program (CCTP)');
add(solana.token_program, 'SPL Token program');
add(solana.associated_token_program, 'Associated Token Account program');
add(solana.system_program, 'System program');

/** A known name for an address or program id (any case), or undefined. */
export function labelOf(address: string): string | undefined {
  return labels.get(address.toLowerCase());
}

const cctpDomains = new Map(
  Object.entries((domains as Json).cctp_domain as Record<string, number>).map(([chain, d]) => [d, chain]),
);

/** The chain id of a CCTP domain number, or undefined. */
export function chainOfCctpDomain(domain: number): string | undefined {
  return cctpDomains.get(domain);
}
