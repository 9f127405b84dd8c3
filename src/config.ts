/**
 * Every setting of the service, read in one place: command-line flag, then environment variable, then a default
 * that runs offline with no database server. Each setting is declared once in SETTINGS, so the parser, the
 * `--help` text and the README table cannot drift apart.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';

type Kind = 'string' | 'string?' | 'int' | 'number' | 'decimal' | 'bool' | 'url?';

interface Setting<K extends Kind = Kind> {
  /** Environment variable name; the flag is the same in kebab case (`PORT` → `--port`). */
  env: string;
  kind: K;
  default: string | undefined;
  help: string;
}

export const SETTINGS = {
  port: { env: 'PORT', kind: 'int', default: '8080', help: 'TCP port the HTTP server listens on' },
  host: { env: 'HOST', kind: 'string', default: '127.0.0.1', help: 'interface to bind (0.0.0.0 for all)' },
  logLevel: {
    env: 'LOG_LEVEL',
    kind: 'string',
    default: 'info',
    help: 'pino level: fatal, error, warn, info, debug, trace, silent',
  },
  logFormat: {
    env: 'LOG_FORMAT',
    kind: 'string',
    default: 'auto',
    help: 'auto: readable lines on a terminal, JSON otherwise; pretty or json to choose',
  },
  dataDir: {
    env: 'DATA_DIR',
    kind: 'string',
    default: './var',
    help: 'directory for the embedded store and downloaded snapshots (created if missing)',
  },
  databaseUrl: {
    env: 'DATABASE_URL',
    kind: 'url?',
    default: undefined,
    help: 'PostgreSQL URL for server mode; unset = embedded store in DATA_DIR',
  },
  redisUrl: {
    env: 'REDIS_URL',
    kind: 'url?',
    default: undefined,
    help: 'Redis URL shared by all instances (rate limits, caches); unset = per-instance memory',
  },
  redisKeyPrefix: {
    env: 'REDIS_KEY_PREFIX',
    kind: 'string',
    default: 'junction:',
    help: 'prefix of every Redis key; deployments sharing one Redis need different prefixes',
  },
  anonRatePerSecond: {
    env: 'ANON_RATE_PER_SECOND',
    kind: 'number',
    default: '10',
    help: 'requests per second shared by all callers without a valid API key (all instances together with Redis); 0 = no limit',
  },
  anonBurst: {
    env: 'ANON_BURST',
    kind: 'int',
    default: '60',
    help: 'how many such requests may arrive at once (at least one second of the rate); the part above the rate comes back over ANON_BURST / ANON_RATE_PER_SECOND seconds',
  },
  anonTrackingRatePerSecond: {
    env: 'ANON_TRACKING_RATE_PER_SECOND',
    kind: 'number',
    default: '50',
    help: 'status reads of transfers in flight (GET /v2/tx/status, POST /v2/tx/track) by callers without a valid API key have this bucket of their own, so polling users cannot starve new users; 0 = they share the general bucket',
  },
  anonTrackingBurst: {
    env: 'ANON_TRACKING_BURST',
    kind: 'int',
    default: '100',
    help: 'how many such status reads may arrive at once',
  },
  keyRefreshSeconds: {
    env: 'KEY_REFRESH_SECONDS',
    kind: 'number',
    default: '10',
    help: 'how often the API key table is reloaded: the bound on how long a new or revoked key takes to take effect',
  },
  statsFlushSeconds: {
    env: 'STATS_FLUSH_SECONDS',
    kind: 'number',
    default: '10',
    help: 'how often per-key usage statistics are written from memory to the database',
  },
  trustProxy: {
    env: 'TRUST_PROXY',
    kind: 'bool',
    default: 'false',
    help: 'trust X-Forwarded-* headers from a load balancer',
  },
  safetyMaxLossPercent: {
    env: 'SAFETY_MAX_LOSS_PERCENT',
    kind: 'decimal',
    default: '10',
    help: 'a swap losing more than this percent of its USD value is BAD_PRICE (error, or warning with allow_unsafe)',
  },
  safetyMaxPriceImpactPercent: {
    env: 'SAFETY_MAX_PRICE_IMPACT_PERCENT',
    kind: 'decimal',
    default: '10',
    help: 'a swap whose price impact exceeds this percent is BAD_PRICE',
  },
  safetyMaxLossUsd: {
    env: 'SAFETY_MAX_LOSS_USD',
    kind: 'decimal',
    default: '1000',
    help: 'a swap losing more than this many USD is HIGH_LOSS, whatever the percent',
  },
  priceApiUrl: {
    env: 'PRICE_API_URL',
    kind: 'url?',
    default: undefined,
    help: 'CoinGecko-compatible price API (simple/price); unset = prices from the pools and the shipped snapshot only',
  },
  priceApiKey: {
    env: 'PRICE_API_KEY',
    kind: 'string?',
    default: undefined,
    help: 'API key sent to the price API (header PRICE_API_KEY_HEADER)',
  },
  priceApiKeyHeader: {
    env: 'PRICE_API_KEY_HEADER',
    kind: 'string',
    default: 'x-cg-pro-api-key',
    help: 'header carrying PRICE_API_KEY',
  },
  priceMaxAgeSeconds: {
    env: 'PRICE_MAX_AGE_SECONDS',
    kind: 'int',
    default: '300',
    help: 'live prices older than this are not used to judge a route',
  },
  osmosisSqsUrl: {
    env: 'OSMOSIS_SQS_URL',
    kind: 'url?',
    default: undefined,
    help: 'live Osmosis pools from an SQS deployment (/pools, /pools/ticks); unset = the shipped snapshot',
  },
  osmosisLcdUrl: {
    env: 'OSMOSIS_LCD_URL',
    kind: 'url?',
    default: undefined,
    help: "live Osmosis pools from a node's REST (LCD) endpoint, when OSMOSIS_SQS_URL is unset",
  },
  osmosisPoolIds: {
    env: 'OSMOSIS_POOL_IDS',
    kind: 'string?',
    default: undefined,
    help: 'with OSMOSIS_LCD_URL: comma-separated pool ids to follow (mainnet has thousands)',
  },
  osmosisTickMinLiquidityUsd: {
    env: 'OSMOSIS_TICK_MIN_LIQUIDITY_USD',
    kind: 'number',
    default: '0',
    help: 'with OSMOSIS_SQS_URL: concentrated pools with at least this SQS liquidity (USD) get a tick model; the others are quoted within their active bucket (0 = every pool)',
  },
  osmosisTickConcurrency: {
    env: 'OSMOSIS_TICK_CONCURRENCY',
    kind: 'int',
    default: '16',
    help: 'with OSMOSIS_SQS_URL: tick-model requests in flight at once (only pools whose model changed are fetched; none starts after half the poll interval)',
  },
  neutronLcdUrl: {
    env: 'NEUTRON_LCD_URL',
    kind: 'url?',
    default: undefined,
    help: "live Astroport pairs on Neutron from a node's REST (LCD) endpoint; unset = the shipped snapshot",
  },
  venuePollIntervalMs: {
    env: 'VENUE_POLL_INTERVAL_MS',
    kind: 'int',
    default: '30000',
    help: 'how often live venue state is fetched',
  },
  upstreamTimeoutMs: {
    env: 'UPSTREAM_TIMEOUT_MS',
    kind: 'int',
    default: '10000',
    help: 'timeout of each request to a pool, node or price endpoint',
  },
  upstreamMaxAnswerBytes: {
    env: 'UPSTREAM_MAX_ANSWER_BYTES',
    kind: 'int',
    default: String(16 * 1024 * 1024),
    help: 'largest answer read from a chain node or the attestation service; a larger one is refused as it streams in, never held whole',
  },
  chainRpcUrls: {
    env: 'CHAIN_RPC_URLS',
    kind: 'string?',
    default: undefined,
    help: "node endpoints per chain, \"osmosis-1=https://rpc...,1=https://eth...\" (Cosmos: CometBFT RPC; EVM and Solana: JSON-RPC; an EVM chain's first endpoint also feeds its Uniswap pools' live state every VENUE_POLL_INTERVAL_MS; solana=... also gives Solana transactions their recent blockhash); a chain may be listed several times (tried in order by the transaction service); unset chains use the registry's public endpoints",
  },
  routeCacheTtlMs: {
    env: 'ROUTE_CACHE_TTL_MS',
    kind: 'int',
    default: '10000',
    help: 'how long ranked route candidates stay cached per (assets, amount magnitude, options); 0 disables the cache',
  },
  routeResponseCacheMs: {
    env: 'ROUTE_RESPONSE_CACHE_MS',
    kind: 'int',
    default: '1000',
    help: 'identical /route requests within this window (and one market version) share one computed answer; 0 disables',
  },
  routeCacheMaxEntries: {
    env: 'ROUTE_CACHE_MAX_ENTRIES',
    kind: 'int',
    default: '20000',
    help: 'route cache size (least recently used entries go first)',
  },
  operatorFeeAddresses: {
    env: 'OPERATOR_FEE_ADDRESSES',
    kind: 'string?',
    default: undefined,
    help: 'the operator\'s fee address per swap chain, "osmosis-1=osmo1...,neutron-1=neutron1..."; chains without one pay no revenue share',
  },
  operatorShareAnonymousPercent: {
    env: 'OPERATOR_SHARE_ANONYMOUS_PERCENT',
    kind: 'int',
    default: '25',
    help: 'percent of affiliate fee revenue the operator keeps on swaps by callers without a valid API key',
  },
  operatorShareKeyedPercent: {
    env: 'OPERATOR_SHARE_KEYED_PERCENT',
    kind: 'int',
    default: '20',
    help: 'percent of affiliate fee revenue the operator keeps on swaps by callers with a valid API key',
  },
  chainRestUrls: {
    env: 'CHAIN_REST_URLS',
    kind: 'string?',
    default: undefined,
    help: 'Cosmos REST (LCD) endpoints per chain, same form as CHAIN_RPC_URLS; used for balances',
  },
  cctpAttestationUrl: {
    env: 'CCTP_ATTESTATION_URL',
    kind: 'url?',
    default: 'https://iris-api.circle.com',
    help: 'Circle attestation service (Iris API) read by the CCTP tracker',
  },
  cctpFeesUrl: {
    env: 'CCTP_FEES_URL',
    kind: 'url?',
    default: undefined,
    help: "Circle's CCTP API (https://iris-api.circle.com) asked every 5 minutes, off the request path, for the CCTP V2 fees (GET /v2/burn/USDC/fees/{source}/{destination}): the transfer and forwarding fees of each lane; unset = data/cctp-v2.json's table",
  },
  nobleForwardingSignerKey: {
    env: 'NOBLE_FORWARDING_SIGNER_KEY',
    kind: 'string?',
    default: undefined,
    help: "hex secp256k1 private key of a Noble account holding some USDC for fees: the tracker registers, with it, the Noble forwarding accounts Junction's CCTP burns mint into (MsgRegisterAccount, 0.02 USDC each), so the USDC goes on by IBC; unset = the status's next_step is that registration for anyone to sign",
  },
  axelarGmpApiUrl: {
    env: 'AXELAR_GMP_API_URL',
    kind: 'url?',
    default: 'https://api.gmp.axelarscan.io',
    help: 'Axelarscan-compatible GMP API (method=searchGMP) read by the Axelar tracker; without it Axelar transfers stay pending until abandoned',
  },
  opinitExecutorUrls: {
    env: 'OPINIT_EXECUTOR_URLS',
    kind: 'string?',
    default: undefined,
    help: 'OPinit executor (opinit-bots) per rollup, "yominet-1=https://executor...,<rollup>=..." (GET /withdrawal/{sequence}); the OPinit tracker builds the ready-to-sign MsgFinalizeTokenWithdrawal of a claimable withdrawal from its proof; rollups without one get the claim step without a transaction',
  },
  txWorker: {
    env: 'TX_WORKER',
    kind: 'bool',
    default: 'true',
    help: 'run the transaction tracking worker in this instance (every instance may run one: they share the work through the database)',
  },
  txPollIntervalMs: {
    env: 'TX_POLL_INTERVAL_MS',
    kind: 'int',
    default: '3000',
    help: 'first delay between two looks at a tracked transaction; grows by half after each look that finds no progress',
  },
  txPollMaxIntervalMs: {
    env: 'TX_POLL_MAX_INTERVAL_MS',
    kind: 'int',
    default: '30000',
    help: 'longest delay between two looks at a tracked transaction',
  },
  txNotFoundAbandonSeconds: {
    env: 'TX_NOT_FOUND_ABANDON_SECONDS',
    kind: 'int',
    default: '300',
    help: 'a submitted or tracked transaction not seen on chain within this time is STATE_ABANDONED',
  },
  txStallAbandonSeconds: {
    env: 'TX_STALL_ABANDON_SECONDS',
    kind: 'int',
    default: '1800',
    help: 'a transfer with no progress for this long is STATE_ABANDONED (POST /v2/tx/track re-arms it)',
  },
  txWorkerConcurrency: {
    env: 'TX_WORKER_CONCURRENCY',
    kind: 'int',
    default: '32',
    help: 'tracked transactions one worker looks at concurrently',
  },
  txLeaseSeconds: {
    env: 'TX_LEASE_SECONDS',
    kind: 'int',
    default: '60',
    help: "how long a worker holds a tracked transaction it is looking at; a crashed instance's work is taken over after this",
  },
  webhookAllowHosts: {
    env: 'WEBHOOK_ALLOW_HOSTS',
    kind: 'string?',
    default: undefined,
    help: 'comma-separated host names or addresses webhooks may target although they are internal (loopback, private, link-local); unset = only public addresses',
  },
  metricsToken: {
    env: 'METRICS_TOKEN',
    kind: 'string?',
    default: undefined,
    help: 'when set, GET /metrics answers only requests with "authorization: Bearer <token>" (401 otherwise); unset = open, as /health is',
  },
  eventStreamsMax: {
    env: 'EVENT_STREAMS_MAX',
    kind: 'int',
    default: '2000',
    help: 'event streams (GET /junction/tx/events) this instance holds open at once; past it a new one is answered 429 (each holds a connection and reads the status every second)',
  },
  eventStreamsMaxPerCaller: {
    env: 'EVENT_STREAMS_MAX_PER_CALLER',
    kind: 'int',
    default: '50',
    help: 'event streams one caller (an API key, or the client address without one) may hold open at once on this instance',
  },
  webhookMaxPerKey: {
    env: 'WEBHOOK_MAX_PER_KEY',
    kind: 'int',
    default: '20',
    help: 'webhooks one API key may have registered at once',
  },
  webhookConcurrency: {
    env: 'WEBHOOK_CONCURRENCY',
    kind: 'int',
    default: '32',
    help: 'webhook deliveries one instance attempts at once',
  },
  webhookKeyConcurrency: {
    env: 'WEBHOOK_KEY_CONCURRENCY',
    kind: 'int',
    default: '4',
    help: "webhook deliveries of one API key attempted at once (all instances together): one key's slow or dead receivers never delay another key's deliveries",
  },
  txRetentionSeconds: {
    env: 'TX_RETENTION_SECONDS',
    kind: 'int',
    default: '604800',
    help: 'how long a transaction stays after its terminal state (GET /v2/tx/status still answers it) and a finished webhook delivery stays listed; then both are deleted',
  },
  corsOrigins: {
    env: 'CORS_ORIGINS',
    kind: 'string?',
    default: '*',
    help: 'origins whose browser pages may call the API: * for any, or a comma-separated list (https://app.example,https://x.example); empty for none',
  },
  drainSeconds: {
    env: 'DRAIN_SECONDS',
    kind: 'number',
    default: '5',
    help: 'on SIGTERM, how long /health answers 503 while requests are still served (each response then closes its connection), so load balancers stop sending requests here; SIGINT (Ctrl-C) skips it',
  },
  shutdownTimeoutSeconds: {
    env: 'SHUTDOWN_TIMEOUT_SECONDS',
    kind: 'number',
    default: '10',
    help: 'then, how long requests in flight may take to finish before their connections are closed and the process exits',
  },
  requestTimeoutSeconds: {
    env: 'REQUEST_TIMEOUT_SECONDS',
    kind: 'number',
    default: '30',
    help: "a request's headers and body must have arrived within this time, or its connection is closed (slow senders cannot hold connections open); event streams are not affected once their request has arrived",
  },
  headersTimeoutSeconds: {
    env: 'HEADERS_TIMEOUT_SECONDS',
    kind: 'number',
    default: '10',
    help: "a request's headers must have arrived within this time (at most REQUEST_TIMEOUT_SECONDS)",
  },
  bodyLimitBytes: {
    env: 'BODY_LIMIT_BYTES',
    kind: 'int',
    default: String(1024 * 1024),
    help: 'largest request body accepted',
  },
} as const satisfies Record<string, Setting>;

type ValueOf<K extends Kind> = K extends 'decimal'
  ? string
  : K extends 'int' | 'number'
    ? number
    : K extends 'bool'
      ? boolean
      : K extends 'url?' | 'string?'
        ? string | undefined
        : string;

export type Config = { -readonly [P in keyof typeof SETTINGS]: ValueOf<(typeof SETTINGS)[P]['kind']> };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function flagName(env: string): string {
  return env.toLowerCase().replaceAll('_', '-');
}

function parseValue(name: string, kind: Kind, raw: string | undefined): unknown {
  if (raw === undefined || raw === '') {
    if (kind === 'url?' || kind === 'string?') return undefined;
    throw new ConfigError(`${name} is required`);
  }
  switch (kind) {
    case 'int': {
      if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
      return Number(raw);
    }
    case 'number': {
      const n = Number(raw);
      if (!Number.isFinite(n)) throw new ConfigError(`${name} must be a number, got "${raw}"`);
      return n;
    }
    case 'decimal': {
      if (!/^\d+(\.\d+)?$/.test(raw))
        throw new ConfigError(`${name} must be a non-negative decimal number, got "${raw}"`);
      return raw;
    }
    case 'bool': {
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      throw new ConfigError(`${name} must be true or false, got "${raw}"`);
    }
    case 'url?': {
      try {
        new URL(raw);
      } catch {
        throw new ConfigError(`${name} must be a URL, got "${raw.replace(/\/\/[^@]*@/, '//***@')}"`);
      }
      return raw;
    }
    default:
      return raw;
  }
}

/** Reads flags (`--port 9000`) and environment variables; flags win. Throws ConfigError on bad values. */
export function loadConfig(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): Config {
  const options: Record<string, { type: 'string' }> = {};
  for (const s of Object.values(SETTINGS)) options[flagName(s.env)] = { type: 'string' };
  let flags: Record<string, string | boolean | undefined>;
  try {
    flags = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const out: Record<string, unknown> = {};
  for (const [key, s] of Object.entries(SETTINGS) as [string, Setting][]) {
    const fromFlag = flags[flagName(s.env)];
    const raw = typeof fromFlag === 'string' ? fromFlag : (env[s.env] ?? s.default);
    out[key] = parseValue(s.env, s.kind, raw);
  }
  const config = out as Config;
  if (!['auto', 'pretty', 'json'].includes(config.logFormat))
    throw new ConfigError(`LOG_FORMAT must be auto, pretty or json, got "${config.logFormat}"`);
  if (config.port > 65535) throw new ConfigError(`PORT must be at most 65535, got ${config.port}`);
  for (const k of ['operatorShareAnonymousPercent', 'operatorShareKeyedPercent'] as const) {
    if (config[k] > 100)
      throw new ConfigError(`${SETTINGS[k].env} must be a percent between 0 and 100, got ${config[k]}`);
  }
  if (!(config.anonRatePerSecond >= 0))
    throw new ConfigError(`ANON_RATE_PER_SECOND must be 0 or more, got ${config.anonRatePerSecond}`);
  for (const k of ['drainSeconds', 'shutdownTimeoutSeconds'] as const) {
    if (!(config[k] >= 0)) throw new ConfigError(`${SETTINGS[k].env} must be 0 or more, got ${config[k]}`);
  }
  for (const k of [
    'keyRefreshSeconds',
    'statsFlushSeconds',
    'requestTimeoutSeconds',
    'headersTimeoutSeconds',
  ] as const) {
    if (!(config[k] > 0)) throw new ConfigError(`${SETTINGS[k].env} must be greater than 0, got ${config[k]}`);
  }
  if (config.headersTimeoutSeconds > config.requestTimeoutSeconds)
    throw new ConfigError(
      `HEADERS_TIMEOUT_SECONDS (${config.headersTimeoutSeconds}) must be at most REQUEST_TIMEOUT_SECONDS (${config.requestTimeoutSeconds})`,
    );
  if (!(config.anonTrackingRatePerSecond >= 0))
    throw new ConfigError(`ANON_TRACKING_RATE_PER_SECOND must be 0 or more, got ${config.anonTrackingRatePerSecond}`);
  if (config.anonTrackingBurst < 1)
    throw new ConfigError(`ANON_TRACKING_BURST must be at least 1, got ${config.anonTrackingBurst}`);
  if (config.anonBurst < 1) throw new ConfigError(`ANON_BURST must be at least 1, got ${config.anonBurst}`);
  config.dataDir = path.resolve(config.dataDir);
  parseChainUrls('CHAIN_RPC_URLS', config.chainRpcUrls);
  parseChainUrls('CHAIN_REST_URLS', config.chainRestUrls);
  parseChainUrls('OPINIT_EXECUTOR_URLS', config.opinitExecutorUrls);
  return config;
}

/**
 * "chain_id=url,chain_id=url" → chain id → URLs in order (a chain may repeat to list fallbacks). The one parser of
 * CHAIN_RPC_URLS and CHAIN_REST_URLS; throws ConfigError naming the setting, with credentials in a URL masked.
 */
export function parseChainUrls(setting: string, text: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!text) return out;
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq <= 0)
      throw new ConfigError(`${setting}: expected chain_id=url, got "${part.replace(/\/\/[^@]*@/, '//***@')}"`);
    const chainId = part.slice(0, eq).trim();
    const url = part.slice(eq + 1).trim();
    try {
      const u = new URL(url);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    } catch {
      throw new ConfigError(`${setting}: ${chainId}: "${url.replace(/\/\/[^@]*@/, '//***@')}" is not an http(s) URL`);
    }
    out.set(chainId, [...(out.get(chainId) ?? []), url]);
  }
  return out;
}

/** Words of `text` in lines of at most `width` characters, each prefixed with `indent`. */
function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** `npm start -- --help`: every setting, its flag, variable and default, in 80 columns. */
export function helpText(width = 80): string {
  const out = [
    'Usage: npm start -- [--flag value ...]',
    '',
    ...wrap(
      'Every flag is also an environment variable (shown after it); flags win. Defaults run offline with an embedded store.',
      width,
      '',
    ),
    '',
  ];
  for (const s of Object.values(SETTINGS) as Setting[]) {
    out.push(`  --${flagName(s.env)} <value>, ${s.env}`);
    out.push(...wrap(`${s.help}${s.default === undefined ? '' : ` [default: ${s.default}]`}`, width, '      '));
  }
  return out.join('\n');
}

/** Markdown table of every setting, used by the README. */
export function settingsTable(): string {
  const rows = Object.values(SETTINGS).map(
    (s: Setting) =>
      `| \`${s.env}\` | \`--${flagName(s.env)}\` | ${s.default === undefined ? '(unset)' : `\`${s.default}\``} | ${s.help} |`,
  );
  return ['| variable | flag | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}
