/**
 * Response bodies in the shapes the real endpoints return. Chain models and amounts are real recorded pool state
 * (see data/pools/osmosis-1.json `_source`: quicksilver-zone/quicksilver recordings, 2024-03 .. 2025-02); tick-model
 * buckets around the recorded CL price are illustrative (no public recording of that pool's ticks exists).
 */
const ATOM = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const QATOM = 'ibc/FA602364BEC305A696CBDF987058E99D8B479F0318E47314C49173E8838C5BAC';
export const USDC = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
export const USDC_AXL = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';

const b64 = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64');

/** Go-JSON chain models, as SQS `/pools` returns them in `chain_model`. */
const goBalancer1 = {
  address: 'osmo1mw0ac6rwlp5r8wapwk3zs6g29h8fcscxqakdzw9emkne6c8wjp9q0t3v8t',
  id: 1,
  pool_params: {
    swap_fee: '0.002000000000000000',
    exit_fee: '0.000000000000000000',
    smooth_weight_change_params: null,
  },
  future_pool_governor: '24h',
  total_shares: { denom: 'gamm/pool/1', amount: '57132468094739651740591169' },
  pool_assets: [
    { token: { denom: ATOM, amount: '776914339293' }, weight: '536870912000000' },
    { token: { denom: 'uosmo', amount: '6458328512048' }, weight: '536870912000000' },
  ],
  total_weight: '1073741824000000',
};

const goStable944 = {
  address: 'osmo1awr39mc2hrkt8gq8gt3882ru40ay45k8a3yg69nyypqe9g0ryycs66lhkh',
  id: 944,
  pool_params: { swap_fee: '0.003000000000000000', exit_fee: '0.000000000000000000' },
  future_pool_governor: '168h',
  total_shares: { denom: 'gamm/pool/944', amount: '6108537302303463956540' },
  pool_liquidity: [
    { denom: ATOM, amount: '42678069500' },
    { denom: QATOM, amount: '70488173547' },
  ],
  scaling_factors: [1202853876, 1000000000],
  scaling_factor_controller: 'osmo16x03wcp37kx5e8ehckjxvwcgk9j0cqnhm8m3yy',
};

const goCl1464 = {
  address: 'osmo13vhcd3xllpvz8tql4dzp8yszxeas8zxpzptyvjttdy7m64kuyz5sv6caqq',
  incentives_address: 'osmo1wsfhgwgvpylkcde80vzyry3dt2vhkah83ctqc23r8780vujsxvdq952del',
  spread_rewards_address: 'osmo1zdze9lvalg9x6zj9u4vzrsyjljnmgp46kwcelzz4eqddsqk8uecsrxwmcv',
  id: 1464,
  current_tick_liquidity: '129078009529296.719773219874633244',
  token0: 'uosmo',
  token1: USDC,
  current_sqrt_price: '0.557616705830189281239597214228869685',
  current_tick: -6890637,
  tick_spacing: 100,
  exponent_at_price_one: -6,
  spread_factor: '0.000100000000000000',
  last_liquidity_update: '2025-02-14T12:55:26.825007462Z',
};

const transmuterV1Msg = b64({ pool_asset_denoms: [USDC, USDC_AXL], admin: 'osmo1admin' });

export const goTransmuter1212 = {
  contract_address: 'osmo10c8y69yylnlwrhu32ralf08ekladhfknfqrjsy9yqc9ml8mlxpqq2sttzk',
  pool_id: 1212,
  code_id: 148,
  instantiate_msg: transmuterV1Msg,
};

const goOrderbook1930 = {
  contract_address: 'osmo13zuafleemprax0csfddn8z8p8nt9a80tefg6cw0jlkqhzvt4h49sjxy0wm',
  pool_id: 1930,
  code_id: 885,
  instantiate_msg:
    'eyJiYXNlX2Rlbm9tIjoiZmFjdG9yeS9vc21vMXo2cjZxZGtuaGdzYzB6ZXJhY2t0Z3BjeGY0M2o2c2VrcTA3bnc4c3hkdWM5bGcwcWpqbHFmdTI1ZTMvYWxsb3llZC9hbGxCVEMiLCJxdW90ZV9kZW5vbSI6ImliYy80OThBMDc1MUM3OThBMEQ5QTM4OUFBMzY5MTEyM0RBREE1N0RBQTRGRTE2NUQ1Qzc1ODk0NTA1Qjg3NkJBNkU0In0=',
};

/** SQS `/pools` response (pools_handler.go PoolResponse). */
export function sqsPools(): unknown[] {
  const item = (chain_model: unknown, type: number, balances: unknown[], spread: string, cap: string) => ({
    chain_model,
    balances,
    type,
    spread_factor: spread,
    liquidity_cap: cap,
    liquidity_cap_error: '',
  });
  return [
    item(goBalancer1, 0, [], '0.002000000000000000', '10000000'),
    item(goStable944, 1, [], '0.003000000000000000', '700000'),
    item(
      goCl1464,
      2,
      [
        { denom: USDC, amount: '2500000000000' },
        { denom: 'uosmo', amount: '7900000000000' },
      ],
      '0.000100000000000000',
      '5000000',
    ),
    item(
      goTransmuter1212,
      3,
      [
        { denom: USDC, amount: '1500000000000' },
        { denom: USDC_AXL, amount: '900000000000' },
      ],
      '0.000000000000000000',
      '2400000',
    ),
    item(goOrderbook1930, 3, [], '0.000000000000000000', '100000'),
    { chain_model: { id: 'broken' }, type: 0, balances: [] }, // malformed: skipped with a reason
  ];
}

/** SQS `/pools/ticks/1464` (sqsdomain.TickModel): buckets around the recorded price. */
export const sqsTicks1464 = {
  ticks: [
    { liquidity_amount: '50000000000000.000000000000000000', lower_tick: -7000000, upper_tick: -6890700 },
    { liquidity_amount: '129078009529296.719773219874633244', lower_tick: -6890700, upper_tick: -6890000 },
    { liquidity_amount: '40000000000000.000000000000000000', lower_tick: -6890000, upper_tick: -6800000 },
  ],
  current_tick_index: 1,
  has_no_liquidity: false,
};

/** LCD all-pools (proto-JSON: uint64 as strings, @type on each Any). */
export function lcdAllPools(): unknown {
  const asLcd = (o: Record<string, unknown>, type: string): Record<string, unknown> => {
    const out: Record<string, unknown> = { '@type': type };
    for (const [k, v] of Object.entries(o))
      out[k] =
        typeof v === 'number'
          ? String(v)
          : Array.isArray(v)
            ? v.map((x) => (typeof x === 'number' ? String(x) : x))
            : v;
    return out;
  };
  return {
    pools: [
      asLcd(goBalancer1, '/osmosis.gamm.v1beta1.Pool'),
      asLcd(goStable944, '/osmosis.gamm.poolmodels.stableswap.v1beta1.Pool'),
      asLcd(goCl1464, '/osmosis.concentratedliquidity.v1beta1.Pool'),
      asLcd(goTransmuter1212, '/osmosis.cosmwasmpool.v1beta1.CosmWasmPool'),
      asLcd(goOrderbook1930, '/osmosis.cosmwasmpool.v1beta1.CosmWasmPool'),
      { '@type': '/osmosis.some.future.Pool', id: '9999' },
    ],
  };
}

/** LCD liquidity_per_tick_range (queryproto.LiquidityPerTickRangeResponse). */
export const lcdTickRange1464 = {
  liquidity: sqsTicks1464.ticks.map((t) => ({
    liquidity_amount: t.liquidity_amount,
    lower_tick: String(t.lower_tick),
    upper_tick: String(t.upper_tick),
  })),
  bucket_index: '1',
};

export const lcdParams = {
  params: {
    pool_creation_fee: [{ denom: 'uosmo', amount: '20000000' }],
    taker_fee_params: {
      default_taker_fee: '0.001500000000000000',
      osmo_taker_fee_distribution: {},
      non_osmo_taker_fee_distribution: {},
      admin_addresses: [],
      community_pool_denom_to_swap_non_whitelisted_assets_to: '',
      reduced_fee_whitelist: [],
    },
    authorized_quote_denoms: ['uosmo'],
  },
};

/** Astroport on Neutron: the NTRN/ATOM xyk pair (recorded reserves 2024-04-04) and a USDC/USDT stable pair. */
export const NTRN_ATOM = 'neutron1e22zh5p8meddxjclevuhjmfj69jxfsa8uu3jvht72rv9d8lkhves6t8veq';
export const USDC_USDT = 'neutron1adk7gupr0thjr3e6wcnlxr7ugclcg4cukv2np8la29dz38zuzymqjcv5s4';
const ASTRO_FACTORY = 'neutron1hptk0k5kng7hjy35vmh009qd5m6l33609nypgf2yc6nqnewduqasxplt4e';
const N_ATOM = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
export const N_USDC = 'ibc/F082B65C88E4B6D5EF1DB243CDA1D331D002759E938A0F5CD3FFDC5D53B3E349';
export const N_USDT = 'ibc/57503D7852EF4E1899FE6D71C5E81D7C839F76580F86F21E39348FC2BC9D7CE2';

const native = (denom: string) => ({ native_token: { denom } });

/** Answers `{ data: … }` for a smart query to `contract` (packages/astroport/src/{pair,factory}.rs shapes). */
export function astroportSmart(contract: string, query: Record<string, unknown>): unknown {
  const key = Object.keys(query)[0];
  if (contract === ASTRO_FACTORY && key === 'fee_info') {
    const stable = 'stable' in (query.fee_info as { pair_type: object }).pair_type;
    return {
      data: { fee_address: 'neutron1maker', total_fee_rate: stable ? '0.0005' : '0.003', maker_fee_rate: '0.5' },
    };
  }
  const pairs: Record<string, { type: object; assets: [string, string][]; params: unknown }> = {
    [NTRN_ATOM]: {
      type: { xyk: {} },
      assets: [
        ['untrn', '11678304377378'],
        [N_ATOM, '1196519380376'],
      ],
      params: null,
    },
    [USDC_USDT]: {
      type: { stable: {} },
      assets: [
        [N_USDC, '13077579920'],
        [N_USDT, '12798924006'],
      ],
      params: b64({ amp: '10', fee_share: null }),
    },
  };
  const p = pairs[contract];
  if (!p) return undefined;
  switch (key) {
    case 'pair':
      return {
        data: {
          asset_infos: p.assets.map(([d]) => native(d)),
          contract_addr: contract,
          liquidity_token: `factory/${contract}/astroport/share`,
          pair_type: p.type,
        },
      };
    case 'pool':
      return { data: { assets: p.assets.map(([d, a]) => ({ info: native(d), amount: a })), total_share: '1000000' } };
    case 'config':
      return {
        data: { block_time_last: 1712200000, params: p.params, owner: 'neutron1owner', factory_addr: ASTRO_FACTORY },
      };
    default:
      return undefined;
  }
}
