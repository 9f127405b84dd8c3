/**
 * OpenAPI 3 generated from the route schemas (the same schemas that validate requests) at /openapi.json, and a
 * browsable reference at /docs (Swagger UI, served from the installed package, no network).
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { LIMITS_TEXT } from './limits.js';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Junction — Skip Go API v2 compatible routing service',
        version: '0.1.0',
        description:
          'Cross-chain routes and ready-to-sign messages among Cosmos (IBC), EVM and Solana chains, in the Skip Go API v2 wire format (snake_case). Errors are {code, message, details} with gRPC codes: 3 → 400, 5 → 404, 8 → 429, 2 → 500. ' + LIMITS_TEXT,
      },
      tags: [
        { name: 'info', description: 'chains and bridges' },
        { name: 'fungible', description: 'assets, routes and messages' },
        { name: 'service', description: 'operations' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/openapi.json', { schema: { hide: true } }, async (_req, reply) => reply.type('application/json; charset=utf-8').send(app.swagger()));
}
