/**
 * Gas in /v2/fungible/msgs and /msgs_direct answers. `warning` is Skip's published field (MsgsWarning of its API
 * description and of the 2024 SDK's MsgsDirectResponse: one `{type, message}`, type INSUFFICIENT_GAS_AT_DEST_EOA or
 * INSUFFICIENT_GAS_AT_INTERMEDIATE), set when `enable_gas_warnings` finds a shortfall. The two `junction_` fields are
 * Junction extensions: every gas check made, chain by chain (the Skip field has room for one), and the estimated gas
 * and fee of every transaction to sign.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common.js';

const MSGS_WARNING_TYPES = ['INSUFFICIENT_GAS_AT_DEST_EOA', 'INSUFFICIENT_GAS_AT_INTERMEDIATE'] as const;

export const MsgsWarning = Type.Object(
  {
    type: StringEnum(MSGS_WARNING_TYPES, {
      description:
        'INSUFFICIENT_GAS_AT_DEST_EOA: the shortfall is on the destination chain; INSUFFICIENT_GAS_AT_INTERMEDIATE: on another chain where the user signs',
    }),
    message: Type.String({ description: 'every shortfall found, chain by chain, in words' }),
  },
  { title: 'MsgsWarning', description: 'set when enable_gas_warnings finds an address without enough gas' },
);
export type MsgsWarning = Static<typeof MsgsWarning>;

const Amount = (description: string) => Type.String({ description });

export const GasCheck = Type.Object(
  {
    chain_id: Type.String({ description: 'chain whose gas balance was read' }),
    address: Type.String({ description: 'the address that pays gas there' }),
    needed_for: Type.Array(StringEnum(['transactions', 'claim', 'arrival'] as const), {
      description:
        'transactions: the user signs transactions of this answer there; claim: the user must claim the transfer there; arrival: the destination, where the user needs gas to move the funds on',
    }),
    tx_indices: Type.Array(Type.Integer(), { description: 'indices in txs of the transactions signed on this chain' }),
    fee_denom: Type.String({ description: "the chain's gas token, the denom the balance was read in" }),
    required_amount: Nullable(
      Amount(
        'estimated gas cost in base units of fee_denom (gas table x gas price); null when the chain has no gas price',
      ),
    ),
    balance: Nullable(Amount('the balance read from the chain, base units; null when it could not be read')),
    shortfall: Nullable(Amount('required_amount minus balance when positive, else null')),
    status: StringEnum(['enough', 'insufficient', 'unreadable', 'unpriced'] as const, {
      description:
        'enough / insufficient: the balance compared with the need; unreadable: the balance could not be read in time (never guessed); unpriced: no gas price is known for the chain',
    }),
    message: Type.String({ description: 'the result in words' }),
  },
  { title: 'GasCheck' },
);
export type GasCheck = Static<typeof GasCheck>;

export const GasCheckList = Type.Array(GasCheck, {
  description:
    'Junction extension, present when enable_gas_warnings is true: the gas balance read on every chain where the user signs or claims, and on the destination chain',
});

const GasEstimatePart = Type.Object(
  {
    message: Type.String({ description: 'what this part pays for: erc20_approve, the main call, ibc_transfer...' }),
    gas: Type.String({ description: 'gas units this part is expected to use (and pay for, after refunds)' }),
    gas_limit: Nullable(
      Type.String({
        description:
          'gas limit this part needs, from eth_estimateGas (above gas when the call earns refunds); null for table figures and Cosmos simulations',
      }),
    ),
    basis: StringEnum(['node', 'table'] as const, {
      description: "node: estimated by the chain's node; table: Junction's gas table (data/gas.json)",
    }),
  },
  { title: 'GasEstimatePart' },
);

export const GasEstimate = Type.Object(
  {
    tx_index: Type.Integer({ description: 'index in txs' }),
    chain_id: Type.String({ description: 'chain the transaction is signed on' }),
    basis: StringEnum(['node', 'table', 'node_and_table'] as const, {
      description:
        "node: every part estimated by the chain's node (eth_estimateGas, Cosmos simulation); table: Junction's gas table only; node_and_table: some parts each way (see parts and note)",
    }),
    gas_unit: StringEnum(['gas', 'compute_units', 'signatures'] as const, {
      description:
        "gas units (EVM, Cosmos); for Solana, compute units when the node simulated the transaction, else signatures (the table's fee is per signature plus a priority fee)",
    }),
    gas: Type.String({
      description: 'estimated gas of the whole transaction, in gas_unit: what it uses and pays for, after refunds',
    }),
    gas_limit: Nullable(
      Type.String({
        description:
          "EVM: the gas limit to set (the sum of the parts' eth_estimateGas figures), when the node estimated every part; else null",
      }),
    ),
    gas_price: Nullable(
      Type.String({ description: 'price of one gas unit in base units of fee_denom (decimal); null for Solana' }),
    ),
    fee_denom: Type.String({ description: "the chain's gas token" }),
    fee_amount: Amount('estimated fee in base units of fee_denom'),
    fee_usd: Nullable(Type.String({ description: 'estimated fee in USD; null when the gas token has no price' })),
    parts: Type.Array(GasEstimatePart, { description: 'the estimate message by message' }),
    note: Nullable(Type.String({ description: 'why a part comes from the table, when one does' })),
  },
  { title: 'GasEstimate' },
);
export type GasEstimate = Static<typeof GasEstimate>;

export const GasEstimateList = Type.Array(GasEstimate, {
  description:
    "Junction extension: estimated gas and fee of every transaction to sign. For callers with an API key, from the chain's node where the operator configured one (CHAIN_RPC_URLS / CHAIN_REST_URLS); otherwise from the gas table, labelled basis: table",
});
