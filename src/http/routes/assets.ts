/** The fungible asset endpoints: assets, assets_from_source, assets_between_chains, recommend_assets, ibc_origin_assets. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidArgument } from '../../errors.js';
import {
  assetsBetweenChains,
  assetsFromSource,
  ibcOriginAssets,
  recommendAssets,
} from '../../routing/asset-queries.js';
import type { AppContext } from '../../context.js';
import {
  AssetsBetweenChainsRequest,
  AssetsBetweenChainsResponse,
  AssetsFromSourceRequest,
  AssetsFromSourceResponse,
  AssetsQuery,
  AssetsResponse,
  IbcOriginAssetsRequest,
  IbcOriginAssetsResponse,
  RecommendAssetsRequest,
  RecommendAssetsResponse,
} from '../../wire/info.js';
import { errorResponses } from '../../wire/responses.js';
import { acceptsGzip, sendJsonText } from '../reply.js';
import { requireListedVenues } from '../../routing/query.js';

export const assetRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { registry, catalog, families } = ctx;

  app.get(
    '/v2/fungible/assets',
    {
      schema: {
        summary: 'Assets per chain',
        description:
          'Cosmos chains by default; include_evm_assets / include_svm_assets add those chains. Pre-rendered per chain and filter.',
        tags: ['fungible'],
        querystring: AssetsQuery,
        response: { 200: AssetsResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const unknown = q.chain_ids?.find((id) => !registry.chain(id));
      if (unknown !== undefined) throw invalidArgument(`invalid chain_ids: unknown chain id "${unknown}"`);
      const selection = {
        chainIds: q.chain_ids,
        includeEvm: q.include_evm_assets ?? false,
        includeSvm: q.include_svm_assets ?? false,
        onlyTestnets: q.only_testnets ?? false,
      };
      const filter = {
        nativeOnly: q.native_only ?? false,
        includeNoMetadata: q.include_no_metadata_assets ?? false,
        includeCw20: q.include_cw20_assets ?? false,
      };
      const { body, gzip } = catalog.listingBody(selection, filter, acceptsGzip(req.headers['accept-encoding']));
      reply.header('vary', 'accept-encoding');
      if (gzip) reply.header('content-encoding', 'gzip');
      // Pre-rendered JSON bytes are sent as-is by Fastify when the content type is JSON.
      return sendJsonText(reply, body);
    },
  );

  app.post(
    '/v2/fungible/assets_from_source',
    {
      schema: {
        summary: 'Assets reachable from a source asset by transfers',
        tags: ['fungible'],
        body: AssetsFromSourceRequest,
        response: { 200: AssetsFromSourceResponse, ...errorResponses },
      },
    },
    async (req) => {
      requireListedVenues(ctx.venues, req.body.swap_venues);
      return { dest_assets: assetsFromSource(registry, families, ctx.market(), req.body) };
    },
  );

  const betweenSchema = {
    summary: 'Equivalent assets transferable between two chains',
    description:
      'Served for both GET (query string, as the official SDK sends it) and POST (JSON body, as the OpenAPI says).',
    tags: ['fungible'],
    response: { 200: AssetsBetweenChainsResponse, ...errorResponses },
  };
  app.get(
    '/v2/fungible/assets_between_chains',
    { schema: { ...betweenSchema, querystring: AssetsBetweenChainsRequest } },
    async (req) => ({
      assets_between_chains: assetsBetweenChains(registry, families, req.query),
    }),
  );
  app.post(
    '/v2/fungible/assets_between_chains',
    { schema: { ...betweenSchema, body: AssetsBetweenChainsRequest } },
    async (req) => ({
      assets_between_chains: assetsBetweenChains(registry, families, req.body),
    }),
  );

  app.post(
    '/v2/fungible/recommend_assets',
    {
      schema: {
        summary: 'Recommended destination asset for a source asset',
        tags: ['fungible'],
        body: RecommendAssetsRequest,
        response: { 200: RecommendAssetsResponse, ...errorResponses },
      },
    },
    async (req) => ({ recommendation_entries: recommendAssets(registry, families, req.body.requests) }),
  );

  app.post(
    '/v2/fungible/ibc_origin_assets',
    {
      schema: {
        summary: 'Origin assets of IBC denoms',
        tags: ['fungible'],
        body: IbcOriginAssetsRequest,
        response: { 200: IbcOriginAssetsResponse, ...errorResponses },
      },
    },
    async (req) => ({ origin_assets: ibcOriginAssets(registry, req.body.assets) }),
  );
};
