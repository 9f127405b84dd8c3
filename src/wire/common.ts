/**
 * Building blocks shared by the wire schemas. The wire format is snake_case; these TypeBox schemas are the single
 * definition of every wire type: Fastify validates requests with them, serialises responses with them, the OpenAPI
 * document is generated from them, and `Static<>` derives the TypeScript types the engine uses.
 */
import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { MAX_AMOUNT_DIGITS, MAX_CHAIN_ID_LENGTH, MAX_DENOM_LENGTH, MAX_SHORT_STRING_LENGTH } from './limits.js';

/** A string enum as a plain JSON-Schema `enum` (one clear validation error, a compact OpenAPI entry). */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
): TUnsafe<T[number]> => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A field that may be absent or null on the wire. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Decimal integer string in base units (no sign, no exponent). Range and zero checks happen in the engine. */
export const AmountString = Type.String({
  description: `decimal integer string in the asset base unit (at most ${MAX_AMOUNT_DIGITS} digits)`,
  maxLength: MAX_AMOUNT_DIGITS,
  example: '1000000',
});

/** A request's chain id (responses use plain strings: the registry's own ids). */
export const ChainIdField = Type.String({ minLength: 1, maxLength: MAX_CHAIN_ID_LENGTH });
/** A request's denom. */
export const DenomField = Type.String({ minLength: 1, maxLength: MAX_DENOM_LENGTH });
/** Any other short string of a request. */
export const ShortString = (options: { description?: string; minLength?: number } = {}) =>
  Type.String({ maxLength: MAX_SHORT_STRING_LENGTH, ...options });

export const ChainId = Type.String({
  description: 'chain id: Cosmos chain-id, EVM numeric id as a string, or "solana"',
  maxLength: MAX_CHAIN_ID_LENGTH,
  example: 'osmosis-1',
});

export const BRIDGE_TYPES = [
  'IBC',
  'AXELAR',
  'CCTP',
  'HYPERLANE',
  'OPINIT',
  'GO_FAST',
  'STARGATE',
  'LAYER_ZERO',
  'EUREKA',
  'CCTP_V2',
] as const;
export const BridgeType = StringEnum(BRIDGE_TYPES, { description: 'bridge identifier' });
export type BridgeType = (typeof BRIDGE_TYPES)[number];

export const REASONS = ['UNKNOWN', 'MOST_LIQUID', 'BASE_TOKEN', 'DIRECT'] as const;
export const Reason = StringEnum(REASONS, { description: 'recommendation reason' });
export type Reason = (typeof REASONS)[number];

export const SwapVenue = Type.Object(
  {
    name: Type.String({ example: 'osmosis-poolmanager' }),
    chain_id: Type.String({ example: 'osmosis-1' }),
    logo_uri: Type.Optional(Nullable(Type.String())),
  },
  { title: 'SwapVenue' },
);
/** Request-side venue: callers (and the SDK) send only name/chain_id. */
export const SwapVenueRequest = Type.Object({
  name: ShortString({ minLength: 1 }),
  chain_id: ChainIdField,
  logo_uri: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
});

const ErrorInfoSchema = Type.Object({
  '@type': Type.String(),
  reason: Type.String(),
  domain: Type.String(),
  metadata: Type.Record(Type.String(), Type.String()),
});

export const ErrorBody = Type.Object(
  {
    code: Type.Integer({ description: 'gRPC status code' }),
    message: Type.String(),
    details: Type.Array(ErrorInfoSchema),
  },
  { title: 'Error', description: 'error body of every non-2xx response' },
);
