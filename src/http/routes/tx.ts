/**
 * Transactions: POST /v2/tx/submit, POST /v2/tx/track, GET /v2/tx/status (wire sections 3.13–3.15, 5), and the
 * Junction push extensions: GET /junction/tx/events (server-sent events of one transaction's status) and webhooks
 * a key holder registers (/junction/webhooks).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireApiKey, requireKey } from '../../auth/index.js';
import { ApiError, errorInfo, GrpcCode, invalidArgument, notFound } from '../../errors.js';
import type { TxService } from '../../tx/service.js';
import { deleteWebhook, listDeliveries, listWebhooks, registerWebhook, webhookUrlProblem } from '../../tx/webhooks.js';
import { sendJsonText } from '../reply.js';
import { errorResponses } from '../../wire/responses.js';
import {
  StatusQuery,
  StatusResponse,
  SubmitRequest,
  TrackRequest,
  TxRefResponse,
  Webhook,
  WebhookCreateRequest,
  WebhookDeliveries,
  WebhookList,
} from '../../wire/tx.js';

/** How often an event stream re-reads its row (changes made by another instance's worker). */
const EVENTS_POLL_MS = 1_000;
const EVENTS_HEARTBEAT_MS = 15_000;

const keyIdOf = (req: FastifyRequest) => (req.access?.tier === 'key' ? req.access.keyId : null);

export const txRoutes: FastifyPluginAsyncTypebox<{ tx: TxService }> = async (app, { tx }) => {
  app.post(
    '/v2/tx/submit',
    {
      schema: {
        summary: 'Broadcast a signed transaction and track it',
        description:
          'Cosmos: CometBFT broadcast_tx_sync; EVM: eth_sendRawTransaction; Solana: sendTransaction. A node refusing the transaction answers code 3.',
        tags: ['tx'],
        body: SubmitRequest,
        response: { 200: TxRefResponse, ...errorResponses },
      },
    },
    async (req) => tx.submit(req.body.chain_id, req.body.tx, keyIdOf(req)),
  );

  app.post(
    '/v2/tx/track',
    {
      schema: {
        summary: 'Track a transaction broadcast elsewhere',
        description:
          'Starts following the transaction and every transfer it starts; tracking again re-arms an abandoned one.',
        tags: ['tx'],
        body: TrackRequest,
        response: { 200: TxRefResponse, ...errorResponses },
      },
    },
    async (req) => tx.track(req.body.chain_id, req.body.tx_hash, keyIdOf(req)),
  );

  app.get(
    '/v2/tx/status',
    {
      schema: {
        summary: 'Status of a submitted or tracked transaction',
        description: 'Served from the store as the worker last computed it; never waits on a chain.',
        tags: ['tx'],
        querystring: StatusQuery,
        response: { 200: StatusResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const { text } = await tx.statusText(req.query.chain_id, req.query.tx_hash);
      return sendJsonText(reply, text);
    },
  );

  app.get(
    '/junction/tx/events',
    {
      schema: {
        summary: "Server-sent events of a transaction's status (Junction extension)",
        description:
          'text/event-stream: an `status` event with the StatusTxResponse now and after every change (event id = status version); the stream ends after a terminal state. Comment lines keep idle connections open.',
        tags: ['tx'],
        querystring: StatusQuery,
      },
    },
    async (req, reply) => {
      const { chain_id: chainId } = req.query;
      const hash = tx.hashOf(tx.chain(chainId), req.query.tx_hash);
      const caller = req.access?.tier === 'key' ? `key:${req.access.keyId}` : `ip:${req.ip}`;
      const slot = tx.openStreamSlot(caller);
      if ('full' in slot)
        throw new ApiError(
          GrpcCode.RESOURCE_EXHAUSTED,
          slot.full === 'instance'
            ? `this instance holds ${slot.limit} event streams open (EVENT_STREAMS_MAX); try again later or poll /v2/tx/status`
            : `this caller holds ${slot.limit} event streams open (EVENT_STREAMS_MAX_PER_CALLER); close one or poll /v2/tx/status`,
          { details: [errorInfo('EVENT_STREAM_LIMIT', { limit: String(slot.limit), scope: slot.full })] },
        );
      try {
        await streamStatus(req, reply, chainId, hash, slot.release);
      } catch (err) {
        slot.release();
        throw err;
      }
    },
  );
  /** The stream itself, once a place is taken; `release` frees the place when the stream ends in any way. */
  async function streamStatus(
    req: FastifyRequest,
    reply: FastifyReply,
    chainId: string,
    hash: string,
    release: () => void,
  ): Promise<void> {
    const res = reply.raw;
    // The client may leave during the wait below: a stream opened after that would poll for nobody until the
    // transfer ends (its 'close' has already happened, so nothing would close it).
    let gone = false;
    const leave = () => (gone = true);
    res.once('close', leave);
    // Opened right after a broadcast, the stream may come before the track call: wait for it a little.
    const first = await tx.waitForStatus(chainId, hash);
    res.off('close', leave);
    if (gone || res.destroyed || req.raw.socket.destroyed) {
      release();
      reply.hijack();
      res.destroy();
      return;
    }
    if (!first) throw notFound('tx not found');
    reply.hijack();
    // The headers the app set on the reply (CORS for a browser's EventSource, x-request-id): hijacking skips them.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let version = -1;
    let closed = false;
    const send = (text: string, v: number, done: boolean) => {
      if (closed || v <= version) return;
      version = v;
      res.write(`event: status\nid: ${v}\ndata: ${text}\n\n`);
      if (done) close();
    };
    const refresh = async () => {
      try {
        const row = await tx.statusText(chainId, hash);
        send(row.text, row.version, row.done);
      } catch {
        // A store hiccup: the next poll tries again.
      }
    };
    const unsubscribe = tx.subscribe(chainId, hash, () => void refresh());
    const forget = tx.registerStream(() => close());
    const poll = setInterval(() => void refresh(), EVENTS_POLL_MS);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), EVENTS_HEARTBEAT_MS);
    function close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      forget();
      clearInterval(poll);
      clearInterval(heartbeat);
      release();
      res.end();
    }
    res.on('close', close);
    send(first.text, first.version, first.done);
  }

  app.post(
    '/junction/webhooks',
    {
      preHandler: requireApiKey,
      schema: {
        summary: "Register a webhook for the key's transactions (Junction extension)",
        description:
          'Every change of the overall state of a transaction this key submitted or tracked is POSTed as JSON to the URL, signed: `x-junction-signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. The secret is shown once.',
        tags: ['tx'],
        body: WebhookCreateRequest,
        response: { 200: Webhook, ...errorResponses },
      },
    },
    async (req) => {
      const problem = webhookUrlProblem(req.body.url) ?? (await tx.dispatcher.targetProblem(req.body.url));
      if (problem) throw invalidArgument(`invalid url: ${problem}`);
      const { keyId } = requireKey(req);
      // A cap per key: each webhook is a delivery per state change of every transaction of the key.
      const max = tx.dispatcher.maxPerKey;
      const hook = await registerWebhook(tx.store, keyId, req.body.url, Date.now(), max);
      if (!hook)
        throw new ApiError(
          GrpcCode.FAILED_PRECONDITION,
          `this key already has ${max} webhooks (WEBHOOK_MAX_PER_KEY); delete one first`,
          { reason: 'WEBHOOK_LIMIT' },
        );
      return hook;
    },
  );

  app.get(
    '/junction/webhooks',
    {
      preHandler: requireApiKey,
      schema: { summary: "The key's webhooks", tags: ['tx'], response: { 200: WebhookList, ...errorResponses } },
    },
    async (req) => ({ webhooks: await listWebhooks(tx.store, requireKey(req).keyId) }),
  );

  const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
  app.delete(
    '/junction/webhooks/:id',
    {
      preHandler: requireApiKey,
      schema: {
        summary: 'Remove a webhook',
        tags: ['tx'],
        params: IdParams,
        response: { 200: Type.Object({ deleted: Type.Boolean() }), ...errorResponses },
      },
    },
    async (req) => {
      if (!(await deleteWebhook(tx.store, requireKey(req).keyId, req.params.id, Date.now())))
        throw notFound('webhook not found');
      return { deleted: true };
    },
  );

  app.get(
    '/junction/webhooks/:id/deliveries',
    {
      preHandler: requireApiKey,
      schema: {
        summary: 'Recent deliveries of a webhook, newest first',
        tags: ['tx'],
        params: IdParams,
        response: { 200: WebhookDeliveries, ...errorResponses },
      },
    },
    async (req) => {
      const deliveries = await listDeliveries(tx.store, requireKey(req).keyId, req.params.id);
      if (!deliveries) throw notFound('webhook not found');
      return { deliveries };
    },
  );
};
