/**
 * The explorer page end to end in a real browser (headless Chromium, test/explorer/browser.ts) against the real
 * HTTP server with the offline market, a transaction service and local Cosmos chains (the fakes of src/tx/tests):
 * a swap route's diagram, fees and decoded messages; a multi-transaction route and its EVM call; errors and
 * warnings in the server's own words; a tracked transaction advancing live over server-sent events; an axe-core
 * accessibility check; a phone-sized layout. Screenshots land in test-artifacts/explorer/.
 */
import type { AddressInfo } from 'node:net';
import { bech32 } from 'bech32';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteTestStore, type TestStore } from '../../src/auth/test-helpers/servers.js';
import { loadConfig } from '../../src/config.js';
import { buildContext } from '../../src/context.js';
import { buildApp } from '../../src/http/app.js';
import { FakeCosmosNetwork } from '../../src/tx/test-helpers/cosmos-network.js';
import { errorAck, RESULT_ACK, TestRelayer, type Packet } from '../../src/tx/test-helpers/ibc-relayer.js';
import { testTxService } from '../../src/tx/test-helpers/service.js';
import type { TxService } from '../../src/tx/service.js';
import { axe, launchBrowser, screenshot, watchErrors, type TestBrowser } from './browser.js';

const net = new FakeCosmosNetwork();
let relayer: TestRelayer;
let store: TestStore;
let tx: TxService;
let app: FastifyInstance;
let browser: TestBrowser;
let base = '';

const account = (prefix: string, fill: number) => bech32.encode(prefix, bech32.toWords(Buffer.alloc(20, fill)));
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
/**
 * How long a page may take to show what is awaited: a bound, not an expectation (expect.poll's default, one second,
 * is what a browser on a loaded machine can take to render; the tests go on as soon as the page shows it).
 */
const PATIENCE = { timeout: 60_000 };

beforeAll(async () => {
  for (const id of ['osmosis-1', 'cosmoshub-4']) net.chain(id);
  await net.start();
  const ctx = buildContext(loadConfig([], {}));
  relayer = new TestRelayer(net, ctx.registry);
  store = await sqliteTestStore();
  const { rpc, rest } = net.settings();
  tx = testTxService({
    store: store.store,
    registry: ctx.registry,
    rpc,
    rest,
    runWorker: true,
    worker: { pollIntervalMs: 50, pollMaxIntervalMs: 100 },
  });
  app = await buildApp(ctx, { tx });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await tx.start();
  browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
});

afterAll(async () => {
  await browser?.close();
  await tx?.stop();
  await app?.close();
  await net.stop();
  await store?.cleanup();
});

async function openPage(hash = ''): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${base}/explorer/${hash}`);
  await page
    .getByRole('heading', { name: /Find a route|Transaction/ })
    .first()
    .waitFor();
  return { page, errors };
}

/** Chooses an asset with the chain and asset select boxes of one side ("source" or "dest"). */
async function choose(page: Page, side: 'source' | 'dest', chainId: string, denom: string) {
  await page.locator(`#${side}-chain`).selectOption(chainId);
  await page.locator(`#${side}-asset`).selectOption(denom);
}

async function expectNoSeriousViolations(page: Page, name: string) {
  const violations = await axe(page);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${name}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
}

describe('route view', () => {
  it('ATOM on the Hub → OSMO on Osmosis: the diagram with both operations and their fees, then the decoded messages', async () => {
    const { page, errors } = await openPage();
    // The source by search over symbols and chains, the destination with the select boxes.
    await page.getByLabel('Search by symbol and chain').first().fill('atom hub');
    await page
      .getByRole('button', { name: /^ATOM on Cosmos Hub/ })
      .first()
      .click();
    await expect.poll(() => page.locator('#source-chain').inputValue(), PATIENCE).toBe('cosmoshub-4');
    expect(await page.locator('#source-asset').inputValue()).toBe('uatom');
    await choose(page, 'dest', 'osmosis-1', 'uosmo');
    await page.getByLabel(/Amount to send/).fill('10');
    await page.getByRole('button', { name: 'Find route' }).click();

    const diagram = page.getByRole('list', { name: 'Diagram' });
    await diagram.waitFor();
    const edges = diagram.locator('li.edge');
    await expect.poll(() => edges.count(), PATIENCE).toBe(2);
    await expect
      .poll(() => edges.nth(0).innerText(), PATIENCE)
      .toMatch(/IBC transfer[\s\S]*IBC · transfer\/channel-141[\s\S]*In 10 ATOM → out 10 ATOM[\s\S]*Relay fee: none/);
    const swap = await edges.nth(1).innerText();
    expect(swap).toMatch(/Swap on osmosis-poolmanager[\s\S]*pools? 1/);
    expect(swap).toMatch(/In 10 ATOM → out \d+\.\d+ OSMO/);
    expect(swap).toMatch(/Price impact: \d+\.\d+ %/);
    expect(swap).toMatch(/Affiliate fee: 0 OSMO/);
    expect(swap).toMatch(/Pool and taker fees: included/);
    const nodes = await diagram.locator('li.node').allInnerTexts();
    expect(nodes.map((n) => n.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringMatching(/^Cosmos Hub ATOM/),
      expect.stringMatching(/^Osmosis ATOM/),
      expect.stringMatching(/^Osmosis OSMO/),
    ]);
    const facts = await page.locator('dl.facts').innerText();
    expect(facts).toMatch(/Value in → out\s*\$\d+\.\d\d → \$\d+\.\d\d/);
    expect(facts).toMatch(/Cost \(value lost\)\s*\$\d+\.\d\d \(\d+\.\d\d %\)/);
    expect(facts).toMatch(/Transactions to sign\s*1/);
    expect(facts).toMatch(/Estimated duration\s*30 s/);
    await expect.poll(() => page.getByText('One transaction, signed on Cosmos Hub').count(), PATIENCE).toBe(1);

    // Addresses: the Hub's typed, Osmosis' derived from the same key.
    await page.getByLabel('Address on Cosmos Hub (cosmoshub-4)').fill(account('cosmos', 7));
    await page.getByRole('button', { name: 'Fill the other Cosmos addresses from the first' }).click();
    expect(await page.getByLabel('Address on Osmosis (osmosis-1)').inputValue()).toBe(account('osmo', 7));
    await page.getByRole('button', { name: 'Get messages' }).click();

    const card = page.getByRole('article', { name: /Transaction 1 of 1: Cosmos on Cosmos Hub/ });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('IBC transfer (MsgTransfer)');
    expect(text).toMatch(
      new RegExp(
        `Send 10 ATOM from ${account('cosmos', 7)} over transfer/channel-141 to osmo1\\w+ \\(Skip entry point contract\\)`,
      ),
    );
    expect(text).toContain('On arrival, IBC hooks call');
    expect(text).toMatch(/Swap \(swap_exact_asset_in\) on osmosis-poolmanager via pool 1/);
    expect(text).toMatch(/Refuses to deliver less than \d+\.\d+ OSMO \(slippage limit\)/);
    expect(text).toContain(`Then sends the output to ${account('osmo', 7)}.`);

    // The decoded JSON keeps the nanosecond timeout exact (beyond 2^53) and shows the memo expanded.
    await card.getByText('Decoded message (memo and contract message expanded)').click();
    const decoded = await card.locator('pre').first().innerText();
    expect(decoded).toMatch(/"timeout_timestamp": \d{19}\b/);
    expect(decoded).toContain('"memo": JSON text {');
    expect(decoded).toContain('"swap_and_action": {');

    // Copy: the raw transaction JSON exactly as the server sent it.
    await card.getByRole('button', { name: 'Copy transaction 1 (raw JSON)' }).click();
    await card.getByText('Copied').waitFor();
    const copied = JSON.parse(await page.evaluate<string>('navigator.clipboard.readText()')) as {
      cosmos_tx: { msgs: { msg: string }[] };
    };
    expect(copied.cosmos_tx.msgs[0]!.msg).toMatch(/"timeout_timestamp":\d{19}/);
    const decodedTimeout = /"timeout_timestamp": (\d{19})/.exec(decoded)![1];
    expect(copied.cosmos_tx.msgs[0]!.msg).toContain(`"timeout_timestamp":${decodedTimeout}`);

    await screenshot(page, 'route-atom-osmo');
    await expectNoSeriousViolations(page, 'route view with messages');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a multi-transaction route: refused with the server's reason until allowed, then its transaction boundary and EVM call", async () => {
    const { page, errors } = await openPage();
    await choose(page, 'source', '1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    await choose(page, 'dest', 'osmosis-1', 'uosmo');
    await page.getByLabel(/Amount to send/).fill('100');
    // The plain CCTP burn (no relaying fee), whose amounts this test reads.
    await page.locator('summary', { hasText: 'Options' }).click();
    await page.getByLabel(/Relayed transfers/).uncheck();
    // Without Axelar: its one-transaction GMP route (through a thin axlUSDC pool on Osmosis) would be the only
    // single-transaction candidate, refused for its price rather than for the transaction count this test shows.
    await page.getByRole('checkbox', { name: 'Axelar', exact: true }).uncheck();
    await page.getByRole('button', { name: 'Find route' }).click();

    // The error route: the server's message verbatim and Junction's explanation.
    const alert = page.locator('.error[role=alert]');
    await alert.waitFor();
    const said = await alert.innerText();
    expect(said).toContain('no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true');
    expect(said).toContain('HTTP 404, code 5');
    expect(said).toContain('Reason: MULTI_TX_REQUIRED');
    expect(said).toContain('No single-transaction route');
    expect(said).toMatch(
      /Why: .*the route needs 2 transactions because the transfer forwarded into osmosis-1 carries no memo/,
    );
    // The advice is said once, however many candidates were refused for their transaction count.
    expect(said.split('set allow_multi_tx to true to accept it')).toHaveLength(2);
    await screenshot(page, 'route-error-multi-tx');

    await page.getByLabel('Allow routes needing several transactions').check();
    await page.getByRole('button', { name: 'Find route' }).click();
    const diagram = page.getByRole('list', { name: 'Diagram' });
    await diagram.waitFor();
    expect(await page.locator('.error').count()).toBe(0);
    expect(await page.getByRole('note').innerText()).toMatch(
      /2 transactions\. .*transaction 1 on Ethereum, then transaction 2 on Osmosis/,
    );
    const boundaries = await diagram.locator('li.boundary').allInnerTexts();
    expect(boundaries).toEqual([
      'Transaction 1 of 2: you sign on Ethereum',
      'Transaction 2 of 2: you sign on Osmosis (the funds wait here until you do)',
    ]);
    const edges = await diagram.locator('li.edge').allInnerTexts();
    expect(edges).toHaveLength(3);
    expect(edges[0]).toMatch(
      /CCTP burn and mint[\s\S]*bridge CCTP[\s\S]*In 100 USDC → out 100 USDC[\s\S]*Bridge fee: none/,
    );
    expect(edges[1]).toMatch(/IBC transfer/);
    expect(edges[2]).toMatch(/Swap on osmosis-poolmanager[\s\S]*Transaction 2/);
    expect(await page.locator('dl.facts').innerText()).toMatch(/Estimated duration\s*20 min/);

    await page.getByLabel('Address on Ethereum (1)').fill(EVM_USER);
    await page.getByLabel('Address on Noble (noble-1)').fill(account('noble', 9));
    await page.getByRole('button', { name: 'Fill the other Cosmos addresses from the first' }).click();
    await page.getByRole('button', { name: 'Get messages' }).click();
    const evm = page.getByRole('article', { name: 'Transaction 1 of 2: EVM on Ethereum' });
    await evm.waitFor();
    const evmText = await evm.innerText();
    expect(evmText).toMatch(
      /approve\(0xBd3fa81B58Ba92a82136038B25aDec7066af3155 \(Circle TokenMessenger \(CCTP V1\)\), 100 USDC\) on token 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 \(USDC token \(Circle\)\)/,
    );
    expect(evmText).toContain(
      'Call depositForBurn(uint256,uint32,bytes32,address) on 0xBd3fa81B58Ba92a82136038B25aDec7066af3155 (Circle TokenMessenger (CCTP V1))',
    );
    expect(evmText).toMatch(/amount\s+uint256\s+100000000 \(100 USDC\)/);
    expect(evmText).toMatch(/destinationDomain\s+uint32\s+4 \(CCTP domain of Noble\)/);
    // The burn mints to a Noble forwarding account (the user's Noble address is its fallback), which sends the USDC
    // to Osmosis; the swap there is the second transaction.
    const osmosis = await page.getByRole('article', { name: 'Transaction 2 of 2: Cosmos on Osmosis' }).innerText();
    expect(osmosis).toContain('Skip entry point contract');
    expect(osmosis).toMatch(/Swap \(swap_exact_asset_in\) on osmosis-poolmanager via pool 1464/);
    await screenshot(page, 'route-multi-tx');
    // On a phone the decoded call (long hex, the argument table) stays within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      0,
    );
    await screenshot(page, 'route-multi-tx-phone');
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await page.close();
  });

  it("a bad price: refused with the server's figures, returned with a plain warning when unsafe routes are allowed", async () => {
    const { page } = await openPage();
    await choose(page, 'source', 'cosmoshub-4', 'uatom');
    await choose(page, 'dest', 'osmosis-1', 'uosmo');
    await page.getByLabel(/Amount to send/).fill('5000000');
    await page.getByRole('button', { name: 'Find route' }).click();
    const alert = page.locator('.error[role=alert]');
    await alert.waitFor();
    const said = await alert.innerText();
    expect(said).toMatch(/HTTP 400, code 3/);
    expect(said).toMatch(/Reason: (BAD_PRICE_ERROR|HIGH_LOSS_ERROR)/);

    await page.locator('summary', { hasText: 'Options' }).click();
    await page.getByLabel(/Return routes with a bad or unknown price/).check();
    await page.getByRole('button', { name: 'Find route' }).click();
    const warning = page.locator('.warning[role=alert]');
    await warning.waitFor();
    expect(await warning.innerText()).toMatch(/Bad price \(BAD_PRICE_WARNING\): .*USD value/i);
    await screenshot(page, 'route-bad-price-warning');
    await page.close();
  });

  it('works from the keyboard and fits a phone screen', async () => {
    const { page, errors } = await openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#amount').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2.5');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Diagram' }).waitFor();
    // Focus moved to the result, so a screen reader or keyboard user lands on it.
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('Route result');
    expect(await page.locator('.summary').innerText()).toMatch(/^2\.5 ATOM on Cosmos Hub → \d+\.\d+ OSMO on Osmosis$/);
    // Tab order reaches the messages form after the route.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate('document.activeElement?.id')) === 'addr-cosmoshub-4') break;
    }
    expect(await page.evaluate('document.activeElement?.id')).toBe('addr-cosmoshub-4');
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'route-phone');
    await expectNoSeriousViolations(page, 'phone route view');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('API key', () => {
  it('is sent as the authorization header on every call, the event stream included, and kept in this tab only', async () => {
    const { page } = await openPage();
    const seen: { url: string; auth: string | undefined }[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/explorer/'))
        seen.push({ url: new URL(r.url()).pathname, auth: r.headers().authorization });
    });
    await page.getByLabel('API key (optional)').fill('jct_0123456789ab_secret');
    await page.getByRole('button', { name: 'Find route' }).click();
    await page.getByRole('list', { name: 'Diagram' }).waitFor();
    await page.getByRole('link', { name: 'Transaction' }).click();
    await page.locator('#tx-hash').fill('AB'.repeat(32));
    await page.getByRole('button', { name: 'Watch' }).click();
    await page.getByText('Junction is not tracking this transaction').waitFor();
    expect(seen.filter((r) => r.url === '/v2/fungible/route' || r.url === '/junction/tx/events')).toEqual([
      { url: '/v2/fungible/route', auth: 'jct_0123456789ab_secret' },
      { url: '/junction/tx/events', auth: 'jct_0123456789ab_secret' },
    ]);
    expect(await page.evaluate('[sessionStorage.length, localStorage.length]')).toEqual([1, 0]);
    // After a reload the tab still has it; another tab does not.
    await page.reload();
    expect(await page.getByLabel('API key (optional)').inputValue()).toBe('jct_0123456789ab_secret');
    const other = await openPage();
    expect(await other.page.getByLabel('API key (optional)').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Forget' }).click();
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    await other.page.close();
    await page.close();
  });
});

describe('transaction view', () => {
  function transfer(fill: number): { packet: Packet; hash: string } {
    const packet = relayer.packet('osmosis-1', 'channel-0', {
      denom: 'uosmo',
      amount: '2500000',
      sender: account('osmo', fill),
      receiver: account('cosmos', fill),
      memo: '',
    });
    return { packet, hash: relayer.send(packet) };
  }

  it('follows a tracked transfer live until it is delivered, with an explorer link per transaction', async () => {
    const { packet, hash } = transfer(21);
    const res = await fetch(`${base}/v2/tx/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chain_id: 'osmosis-1', tx_hash: hash }),
    });
    expect(res.status).toBe(200);
    const { page, errors } = await openPage(`#/tx/osmosis-1/${hash}`);
    expect(await page.locator('#tx-hash').inputValue()).toBe(hash);
    const state = page.locator('p.state');
    await expect.poll(() => state.innerText(), PATIENCE).toMatch(/^In flight/);
    await expect.poll(() => page.locator('.conn').innerText(), PATIENCE).toMatch(/Live/);
    const hop = page.locator('li.hop').first();
    await expect
      .poll(() => hop.innerText(), PATIENCE)
      .toMatch(/Hop 1: Osmosis → Cosmos Hub · ibc transfer · TRANSFER_PENDING/);
    expect(await hop.innerText()).toMatch(/waiting here/);
    const sent = hop.getByRole('link', { name: /opens the chain explorer/ }).first();
    expect(await sent.getAttribute('href')).toContain(hash);
    await screenshot(page, 'tx-pending');

    relayer.recv(packet, RESULT_ACK);
    relayer.acknowledge(packet);
    await expect.poll(() => state.innerText(), PATIENCE).toMatch(/^Delivered/);
    await expect.poll(() => page.locator('.conn').innerText(), PATIENCE).toMatch(/Finished/);
    expect(await hop.innerText()).toMatch(/TRANSFER_SUCCESS/);
    expect(await hop.getByRole('link').count()).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => page.locator('p.funds').innerText(), PATIENCE)
      .toMatch(/Where the funds are: 2\.5 OSMO \(ibc\/14F9…\w+\) on Cosmos Hub \(cosmoshub-4\), released/);
    await screenshot(page, 'tx-delivered');
    await expectNoSeriousViolations(page, 'transaction view');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a transaction not tracked yet can be tracked from the page; a failed transfer says where the funds are', async () => {
    const { packet, hash } = transfer(22);
    const { page } = await openPage('#/tx');
    await page.locator('#tx-chain').selectOption('osmosis-1');
    await page.locator('#tx-hash').fill(hash);
    await page.getByRole('button', { name: 'Watch' }).click();
    await page.getByText('Junction is not tracking this transaction').waitFor();
    expect(await page.locator('.error').innerText()).toContain('tx not found');
    expect(page.url()).toContain(`#/tx/osmosis-1/${hash}`);
    await page.getByRole('button', { name: 'Track it now' }).click();
    const state = page.locator('p.state');
    await expect.poll(() => state.innerText(), PATIENCE).toMatch(/^In flight/);

    // The destination refuses the packet (error acknowledgement): the refund lands back on Osmosis.
    relayer.recv(packet, errorAck(5));
    relayer.acknowledge(packet);
    await expect.poll(() => state.innerText(), PATIENCE).toMatch(/^Failed: the funds were released/);
    expect(await page.locator('p.funds').innerText()).toMatch(
      /Where the funds are: 2\.5 OSMO on Osmosis \(osmosis-1\), released/,
    );
    await screenshot(page, 'tx-failed');
    await page.close();
  });
});
