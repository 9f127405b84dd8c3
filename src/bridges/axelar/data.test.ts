/**
 * data/axelar.json against the chain-registry package: every token Junction sends for an Axelar asset is the one the
 * registry records for it (the Axelar asset's origin token, or an axl token whose trace leads back to the Axelar
 * denom), so the data file cannot drift from the registry unnoticed.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { AssetList } from '@chain-registry/types';
import { axelarConfig } from './config.js';

const require = createRequire(import.meta.url);
const NAMES: Record<string, string> = {
  '1': 'ethereum',
  '137': 'polygon',
  '43114': 'avalanche',
  '42161': 'arbitrum',
  '10': 'optimism',
  '8453': 'base',
  '56': 'binancesmartchain',
};

describe('data/axelar.json tokens', () => {
  const axelar = (require('chain-registry/mainnet/axelar/asset-list.js') as { default: AssetList }).default;
  const nonCosmos = (require('chain-registry/noncosmos/index.js') as { assetLists: AssetList[] }).assetLists;
  for (const asset of axelarConfig().assets) {
    it(`${asset.denom}: every token is the registry's`, () => {
      const origin = axelar.assets
        .find((a) => a.base === asset.denom)
        ?.traces?.find((t) => 'provider' in t && t.provider === 'Axelar')?.counterparty;
      for (const [chainId, token] of asset.tokens) {
        const chainName = NAMES[chainId]!;
        const isOrigin =
          origin?.chainName === chainName && origin.baseDenom.toLowerCase() === token.address.toLowerCase();
        const list = nonCosmos.find((l) => l.chainName === chainName);
        const axl = list?.assets.find(
          (a) =>
            a.base.toLowerCase() === token.address.toLowerCase() &&
            a.traces?.some(
              (t) => 'provider' in t && t.provider === 'Axelar' && t.counterparty.baseDenom === asset.denom,
            ),
        );
        expect(isOrigin || axl !== undefined, `${asset.denom} on ${chainId}: ${token.address}`).toBe(true);
        if (axl) expect(token.symbol).toBe(axl.symbol);
      }
    });
  }
});

describe("data/contracts.json: the swap router of Skip's AxelarHandlers", () => {
  // Each handler's setSwapRouter argument (AxelarHandlerSetRouter broadcasts) is Skip's SkipGoSwapRouter proxy of
  // that chain, so a source swap rides in swapAndGmpTransferERC20Token with SkipGoSwapRouter calldata everywhere.
  // Base's was once taken for an unidentified router: it is the first of Base's two SkipGoSwapRouter proxies.
  const cfg = axelarConfig();
  for (const chainId of Object.keys(NAMES))
    it(`${chainId}: the handler calls the chain's SkipGoSwapRouter`, () => {
      const router = cfg.handlerSwapRouter.get(chainId);
      expect(router).toBeDefined();
      expect(router!.toLowerCase()).toBe(cfg.skipGoSwapRouter.get(chainId)?.toLowerCase());
    });
});
